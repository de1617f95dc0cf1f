/// Which lines the history keeps, and how many.
enum HistoryPolicy {
    /// The most entries kept, in memory and in the file.
    static let capacity = 1_000

    /// Whether `line`, typed after `previous`, is worth keeping: not blank, not starting with
    /// a space (a way to keep a line out of the history), and not the same as the one before.
    static func shouldRecord(_ line: String, after previous: String?) -> Bool {
        guard let first = line.first, first != " ", first != "\t" else { return false }
        guard !line.allSatisfy(\.isWhitespace) else { return false }
        guard !line.contains(where: \.isNewline) else { return false }
        return line != previous
    }

    /// `line` as the history keeps it: without the spaces after its last word (which
    /// Tab completion leaves behind).
    static func normalized(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last.isWhitespace { line = line.dropLast() }
        return String(line)
    }

    /// The last ``capacity`` entries.
    static func trimmed(_ entries: [String]) -> [String] {
        Array(entries.suffix(capacity))
    }
}
