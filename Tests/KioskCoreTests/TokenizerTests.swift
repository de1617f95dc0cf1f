import KioskCore
import Testing

@Suite("Tokenizer")
struct TokenizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let line: String
        let words: [String]
        let columns: [Int]

        init(_ line: String, _ words: [String], columns: [Int]) {
            self.line = line
            self.words = words
            self.columns = columns
        }

        var testDescription: String { "«\(line)»" }
    }

    static let splits: [Case] = [
        Case("", [], columns: []),
        Case("   \t  ", [], columns: []),
        Case("order mango 2", ["order", "mango", "2"], columns: [1, 7, 13]),
        Case("  order   mango  ", ["order", "mango"], columns: [3, 11]),
        Case("a\tb\nc", ["a", "b", "c"], columns: [1, 3, 5]),
        Case("a\r\nb", ["a", "b"], columns: [1, 3]),
        Case("order\tmango \t 2\t", ["order", "mango", "2"], columns: [1, 7, 15]),
        Case("a\u{7}b\u{B}c", ["a\u{7}b", "c"], columns: [1, 5]),
        Case("~!@#$%^&*()_+-=[]{}|;:,./<>?`", ["~!@#$%^&*()_+-=[]{}|;:,./<>?`"], columns: [1]),
        Case("주문 망고 2", ["주문", "망고", "2"], columns: [1, 4, 7]),
        Case("cafe\u{301} x", ["cafe\u{301}", "x"], columns: [1, 6]),
        // Single quotes: everything literal.
        Case("order 'strawberry banana'", ["order", "strawberry banana"], columns: [1, 7]),
        Case(#"'a\b'"#, [#"a\b"#], columns: [1]),
        Case(#"'say "hi"'"#, [#"say "hi""#], columns: [1]),
        Case("'it''s'", ["its"], columns: [1]),
        // Double quotes: only \" and \\ escape.
        Case(#"order "strawberry banana" 2"#, ["order", "strawberry banana", "2"], columns: [1, 7, 27]),
        Case(#""it's""#, ["it's"], columns: [1]),
        Case(#""a\"b""#, [#"a"b"#], columns: [1]),
        Case(#""a\\b""#, [#"a\b"#], columns: [1]),
        Case(#""C:\data""#, [#"C:\data"#], columns: [1]),
        Case(#""tab\t""#, [#"tab\t"#], columns: [1]),
        // Quotes join with the text around them into one word.
        Case(#"ab"cd"ef"#, ["abcdef"], columns: [1]),
        Case(#"x'y z'"w v""#, ["xy zw v"], columns: [1]),
        Case(#""'"'"'"#, [#"'""#], columns: [1]),
        // Backslash outside quotes escapes the next character.
        Case(#"a\ b"#, ["a b"], columns: [1]),
        Case(#"a\\b"#, [#"a\b"#], columns: [1]),
        Case(#"\'x"#, ["'x"], columns: [1]),
        Case(#"\"x\""#, [#""x""#], columns: [1]),
        Case(#"x \ y"#, ["x", " y"], columns: [1, 3]),
        // Empty quoted strings are words.
        Case(#""""#, [""], columns: [1]),
        Case("''", [""], columns: [1]),
        Case(#"order "" 2"#, ["order", "", "2"], columns: [1, 7, 10]),
        Case(#"'' """#, ["", ""], columns: [1, 4]),
    ]

    @Test("splits lines into words and reports where each starts", arguments: splits)
    func split(_ testCase: Case) throws {
        let tokens = try Tokenizer.tokenize(testCase.line)
        #expect(tokens.map(\.text) == testCase.words)
        #expect(tokens.map(\.column) == testCase.columns)
    }

    @Test("a plain ASCII line splits as the character scanner splits it, columns included")
    func plainLinesMatchTheScanner() throws {
        // A word with a non-ASCII letter sends the whole line through the character scanner;
        // the words before it must come out exactly as they do from the plain line alone.
        let alphabet = Array(" \t abcXYZ019-+~!@#$%^&*()_=[]{}|;:,./<>?`")
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let length = Int.random(in: 0...24, using: &generator)
            let line = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? " " })
            let plain = try Tokenizer.tokenize(line)
            let scanned = try Tokenizer.tokenize(line + " é")
            #expect(plain == Array(scanned.dropLast()), "«\(line)»")
        }
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let line: String
        let error: ParseError
        let code: String

        var testDescription: String { "«\(line)»" }
    }

    static let failures: [Failure] = [
        Failure(line: #"order "mango"#, error: .unterminatedQuote("\"", column: 7), code: "unterminated_quote"),
        Failure(line: "order 'mango", error: .unterminatedQuote("'", column: 7), code: "unterminated_quote"),
        Failure(line: "'a' 'b", error: .unterminatedQuote("'", column: 5), code: "unterminated_quote"),
        Failure(line: #"x "a'b"#, error: .unterminatedQuote("\"", column: 3), code: "unterminated_quote"),
        Failure(line: #""a\""#, error: .unterminatedQuote("\"", column: 1), code: "unterminated_quote"),
        Failure(line: "망고 'x", error: .unterminatedQuote("'", column: 4), code: "unterminated_quote"),
        Failure(line: #"order mango\"#, error: .danglingEscape(column: 12), code: "dangling_escape"),
        Failure(line: #"\"#, error: .danglingEscape(column: 1), code: "dangling_escape"),
    ]

    @Test("rejects unterminated quotes and dangling backslashes, naming the column", arguments: failures)
    func reject(_ failure: Failure) {
        #expect(throws: failure.error) { try Tokenizer.tokenize(failure.line) }
        #expect(failure.error.code == failure.code)
    }
}
