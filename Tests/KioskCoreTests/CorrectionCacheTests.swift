import Testing

@testable import KioskCore

/// The corrections a registry gathers once and keeps (``CorrectionCache``), the edit distance
/// they are found by, and the shortcut that shows text with nothing to escape as it is.
@Suite struct CorrectionCacheTests {
    struct Ran: CommandOutcome {}

    static func command(_ path: String...) -> Command {
        Command(CommandSpec(path: path, topic: .stock)) { _ in Ran() }
    }

    /// The suggestion the parse error for `line` carries, or nil for an error without one.
    static func suggestion(for line: String, in registry: CommandRegistry) throws -> String? {
        do {
            _ = try registry.parse(line)
        } catch .unknownCommand(_, let suggestion) {
            return suggestion
        } catch .unknownSubcommand(_, _, let suggestion, _) {
            return suggestion
        }
        Issue.record("'\(line)' parsed")
        return nil
    }

    @Test("a command registered after a correction was offered is offered next time; a copy made before is not")
    func registeringAfterwards() throws {
        var registry = CommandRegistry()
        registry.register(Self.command("order"))
        #expect(try Self.suggestion(for: "ordr", in: registry) == "order")
        #expect(try Self.suggestion(for: "stok", in: registry) == nil)
        let before = registry
        registry.register(Self.command("stock"))
        #expect(try Self.suggestion(for: "stok", in: registry) == "stock")
        #expect(try Self.suggestion(for: "stok", in: before) == nil)
    }

    @Test("subcommands registered afterwards are offered after their group's word")
    func subcommandsAfterwards() throws {
        var registry = CommandRegistry()
        registry.register(Self.command("bank", "open"))
        #expect(try Self.suggestion(for: "bank opn", in: registry) == "open")
        #expect(try Self.suggestion(for: "bank clse", in: registry) == nil)
        registry.register(Self.command("bank", "close"))
        #expect(try Self.suggestion(for: "bank clse", in: registry) == "close")
        #expect(try Self.suggestion(for: "bank opn", in: registry) == "open")
    }

    /// The optimal string alignment distance, from the whole table.
    static func fullTable(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    @Test("the edit distance agrees with the whole table up to its limit, and is past the limit beyond it")
    func editDistance() {
        let alphabet: [Unicode.Scalar] = ["a", "b", "c", "\u{1100}", "\u{1161}"]
        var random = SplitMix64(seed: 0x5EED)
        var problems: [String] = []
        for _ in 0..<5_000 {
            let a = (0..<Int(random.next() % 7)).map { _ in alphabet[Int(random.next() % 5)] }
            let b = (0..<Int(random.next() % 7)).map { _ in alphabet[Int(random.next() % 5)] }
            let limit = 1 + Int(random.next() % 3)
            let expected = Self.fullTable(a, b)
            let found = Suggestion.editDistance(a, b, limit: limit)
            let agrees = expected <= limit ? found == expected : found > limit
            if !agrees, problems.count < 10 {
                let (first, second) = (String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b)))
                problems.append("\(first) / \(second), limit \(limit): \(found), table \(expected)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("text with nothing to escape within the limit is shown as it is; controls, DEL and long text are not")
    func sanitizedASCII() {
        #expect(Sanitized.text("order banana 2") == "order banana 2")
        #expect(Sanitized.text("a\tb") == "a\\u{9}b")
        #expect(Sanitized.text("a\u{7F}") == "a\\u{7f}")
        #expect(Sanitized.text("\u{1B}[2J") == "\\u{1b}[2J")
        let long = String(repeating: "x", count: Sanitized.maximumQuotedLength + 1)
        #expect(Sanitized.text(long) == String(repeating: "x", count: Sanitized.maximumQuotedLength) + "…")
        let exact = String(repeating: "y", count: Sanitized.maximumQuotedLength)
        #expect(Sanitized.text(exact) == exact)
        #expect(Sanitized.text("바나나\u{202E}") == "바나나\\u{202e}")
        #expect(Sanitized.text("바나나 주스 → 3") == "바나나 주스 → 3")
        let korean = String(repeating: "가", count: Sanitized.maximumQuotedLength)
        #expect(Sanitized.text(korean) == korean)
        #expect(Sanitized.text(korean + "나") == korean + "…")
    }
}
