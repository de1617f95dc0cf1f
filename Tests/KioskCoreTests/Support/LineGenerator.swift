import KioskCore

/// Builds hostile command lines out of pieces that matter to the tokenizer and the parser.
enum LineGenerator {
    static let pieces: [String] = [
        "order", "stock", "set", "add", "remove", "reset", "bank", "open", "sales", "help", "exit", "quit", "menu",
        "mango", "kiwi", "banana", "strawberry banana", "mango-kiwi", "ddalgi", "loan", "deposit", "durian",
        "0", "1", "5", "99", "100", "-1", "+7", "1000000", "99999999999999999999", "-99999999999999999999", "1.5",
        "--all", "--help", "-h", "--", "-", "--x",
        " ", " ", " ", "\t", "\r\n", "\u{A0}", "\u{2028}",
        "'", "\"", "\\", "''", "\"\"", "\\'", "\\\"", "\\\\",
        "\u{0}", "\u{7}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{202E}", "\u{FEFF}", "\u{FFFD}",
        "망고", "é", "e\u{301}", "🍌", "👩‍👩‍👧", "\u{301}",
    ]

    static func line(index: Int, hugeEvery: Int, using random: inout SplitMix64) -> String {
        if hugeEvery > 0, index % hugeEvery == hugeEvery - 1 {
            return huge(using: &random)
        }
        switch random.next() % 10 {
        case 0, 1:
            // Raw bytes, including invalid UTF-8.
            let count = Int(random.next() % 48)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return String(decoding: bytes, as: UTF8.self)
        case 2:
            // Deeply nested or alternating quotes and backslashes.
            let alphabet: [Character] = ["'", "\"", "\\", " ", "a"]
            let count = Int(random.next() % 400)
            return String((0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        case 3:
            // A well-formed command with one word bent.
            var words = ["order mango 2", "stock set kiwi 5", "bank add 3 loan", "sales --all", "help stock set"][
                Int(random.next() % 5)
            ].split(separator: " ").map(String.init)
            let position = Int(random.next() % UInt64(words.count))
            words[position] = pieces[Int(random.next() % UInt64(pieces.count))]
            return words.joined(separator: " ")
        default:
            let count = Int(random.next() % 12)
            return (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined(separator: random.next() % 3 == 0 ? "" : " ")
        }
    }

    /// About 64 KB: long words, long quotes, or long runs of pieces.
    private static func huge(using random: inout SplitMix64) -> String {
        let target = 64 * 1_024
        switch random.next() % 4 {
        case 0: return "order " + String(repeating: "9", count: target)
        case 1: return "stock set \"" + String(repeating: "mango ", count: target / 6)
        case 2: return String(repeating: "'\"", count: target / 2)
        default:
            var line = ""
            line.reserveCapacity(target + 64)
            while line.utf8.count < target {
                line += pieces[Int(random.next() % UInt64(pieces.count))]
                line += " "
            }
            return line
        }
    }
}
