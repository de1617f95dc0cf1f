/// Splits a command line into words, shell-style: whitespace separates words,
/// single quotes keep everything literally, inside double quotes only `\"` and `\\`
/// are escapes (any other backslash is kept), a backslash outside quotes escapes
/// the next character, and a `#` that starts a word outside quotes starts a comment that
/// runs to the end of the line (`order banana # for table 3`), as in a shell. A word whose
/// `~` prefix (up to its first unquoted `/`) is unquoted says so, for the arguments that
/// name files to expand it as a shell would (``TildeExpansion``).
public enum Tokenizer {
    /// A word and the column (1-based, in characters) where it starts.
    public struct Token: Sendable, Equatable {
        /// The word without its quotes and escapes.
        public let text: String
        /// Where the word starts, counting characters from 1.
        public let column: Int
        /// Whether the word starts with a `~` that a shell would expand: unquoted and
        /// unescaped, as is everything up to the first unquoted `/` (`~/a`, `~bob/a`; not
        /// `"~"/a`, `\~/a` or `~"bob"/a`).
        public let expandsTilde: Bool

        /// The word `text`, starting at `column`.
        public init(text: String, column: Int, expandsTilde: Bool = false) {
            self.text = text
            self.column = column
            self.expandsTilde = expandsTilde
        }
    }

    /// The words of `line`, each with the column where it starts.
    /// - Throws: ``ParseError/unterminatedQuote(_:column:)`` naming the column of the opening quote,
    ///   or ``ParseError/danglingEscape(column:)`` for a backslash at the end of the line.
    public static func tokenize(_ line: String) throws(ParseError) -> [Token] {
        if let tokens = plainTokens(line) { return tokens }
        var scanner = Scanner()
        for character in line { scanner.read(character) }
        if let open = scanner.quote {
            throw .unterminatedQuote(open.character, column: open.column)
        }
        if scanner.escaping {
            throw .danglingEscape(column: scanner.column)
        }
        if scanner.inWord {
            scanner.tokens.append(Token(text: scanner.current, column: scanner.wordStart, expandsTilde: scanner.tilde))
        }
        return scanner.tokens
    }

    /// The words of a line of printable ASCII and tabs without quotes or backslashes (every
    /// order a script sends), split by bytes: there one byte is one character, so the columns
    /// are byte offsets and the words are what ``Scanner`` would read. Nil for any other line.
    private static func plainTokens(_ line: String) -> [Token]? {
        let tokens = line.utf8.withContiguousStorageIfAvailable { bytes -> [Token]? in
            var tokens: [Token] = []
            var start: Int?
            for (offset, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    if let wordStart = start {
                        tokens.append(word(bytes, wordStart..<offset))
                        start = nil
                    }
                case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    return nil
                case 0x21...0x7E:
                    if start == nil { start = offset }
                default:
                    // Other whitespace, control characters and non-ASCII: "\r\n" is one
                    // character, and Unicode needs the scanner's rules.
                    return nil
                }
            }
            if let wordStart = start {
                tokens.append(word(bytes, wordStart..<bytes.count))
            }
            return tokens
        }
        return tokens ?? nil
    }

    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Token {
        // Such a line has no quotes or backslashes: a leading `~` is always unquoted.
        Token(
            text: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self),
            column: range.lowerBound + 1, expandsTilde: bytes[range.lowerBound] == UInt8(ascii: "~"))
    }

    /// Whether the text before the cursor ends inside a word (not after whitespace),
    /// and that word's unquoted text so far. Used by completion.
    static func partialWord(_ line: String) -> (words: [String], partial: String) {
        let scan = partialScan(line)
        return (scan.words, scan.partial)
    }

    /// ``partialWord(_:)``, and whether the word being typed is inside quotes (then it may
    /// hold spaces: `order "mango k`).
    static func partialScan(_ line: String) -> (words: [String], partial: String, quoted: Bool, inComment: Bool) {
        let code = withoutComment(line)
        var scanner = Scanner()
        for character in code { scanner.read(character) }
        return (scanner.tokens.map(\.text), scanner.current, scanner.quote != nil, code.endIndex < line.endIndex)
    }

    /// `line` up to its comment: a `#` that starts a word outside quotes and is not escaped
    /// begins a comment that runs to the end of the line, whatever it holds (quotes too).
    /// The whole line when it has none.
    public static func withoutComment(_ line: String) -> Substring {
        // Most lines have no '#' at all.
        guard line.utf8.contains(UInt8(ascii: "#")) else { return line[...] }
        var quote: Character?
        var escaping = false
        var atWordStart = true
        for index in line.indices {
            let character = line[index]
            if escaping {
                escaping = false
                atWordStart = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaping = true
                }
                continue
            }
            switch character {
            case "#" where atWordStart:
                return line[..<index]
            case "'", "\"":
                quote = character
                atWordStart = false
            case "\\":
                escaping = true
                atWordStart = false
            case _ where isSeparator(character):
                atWordStart = true
            default:
                atWordStart = false
            }
        }
        return line[...]
    }

    /// The state of a scan through a line, one character at a time.
    private struct Scanner {
        /// The words that ended so far.
        var tokens: [Token] = []
        /// The unquoted text of the word being read.
        var current = ""
        var inWord = false
        var wordStart = 0
        var quote: (character: Character, column: Int)?
        var escaping = false
        /// The column of the last character read.
        var column = 0
        /// Whether the word being read started with an unquoted `~` and met no quote or
        /// escape before its first unquoted `/` (when `tildeSettled`).
        var tilde = false
        /// Whether the word being read had an unquoted `/`: quotes after it leave `tilde` be.
        var tildeSettled = false

        mutating func read(_ character: Character) {
            column += 1
            if escaping {
                // Inside double quotes only \" and \\ are escapes; another backslash stays literal.
                if quote != nil, character != "\"", character != "\\" { current.append("\\") }
                current.append(character)
                escaping = false
                return
            }
            if let open = quote {
                if character == open.character {
                    quote = nil
                } else if character == "\\" && open.character == "\"" {
                    escaping = true
                } else {
                    current.append(character)
                }
                return
            }
            switch character {
            case "'", "\"":
                startWord()
                if !tildeSettled { tilde = false }
                quote = (character, column)
            case "\\":
                startWord()
                if !tildeSettled { tilde = false }
                escaping = true
            case _ where Tokenizer.isSeparator(character):
                if inWord {
                    tokens.append(Token(text: current, column: wordStart, expandsTilde: tilde))
                    current = ""
                    inWord = false
                }
            default:
                if inWord {
                    if character == "/" { tildeSettled = true }
                } else {
                    startWord()
                    tilde = character == "~"
                }
                current.append(character)
            }
        }

        private mutating func startWord() {
            if !inWord {
                inWord = true
                wordStart = column
                tilde = false
                tildeSettled = false
            }
        }
    }

    /// Whether `character` separates words; ASCII is decided without Unicode tables.
    @inline(__always)
    static func isSeparator(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            return ascii == 0x20 || (0x09...0x0D).contains(ascii)
        }
        return character.isWhitespace
    }
}
