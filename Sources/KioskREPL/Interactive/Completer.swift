import KioskCore

/// Tab completion for the prompt: the registry's candidates in the shape readline wants.
struct Completer: Sendable {
    /// The registry as it is now: the bank's commands change with `bank preset`.
    let source: @Sendable () -> CommandRegistry

    /// Completes from `registry`.
    init(registry: CommandRegistry) {
        source = { registry }
    }

    /// Completes from whatever `source` gives each time.
    init(source: @escaping @Sendable () -> CommandRegistry) {
        self.source = source
    }

    /// What replaces the word being typed, in readline's convention: the first entry
    /// replaces the word (the candidates' longest common prefix), the rest are the
    /// candidates to list on a second Tab. A single candidate comes alone; none is empty.
    ///
    /// - Parameters:
    ///   - textBeforeCursor: the line up to the cursor.
    ///   - word: the text readline will replace (the last word before the cursor, as typed).
    func matches(textBeforeCursor: String, word: String) -> [String] {
        // A candidate from the config with a control character in it would reach the
        // terminal raw when readline lists it.
        let candidates = source().completions(forLine: textBeforeCursor).filter { candidate in
            !candidate.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        guard let first = candidates.first else { return [] }
        if candidates.count == 1 { return [first] }
        let common = Self.commonPrefix(candidates)
        // Candidates that differ only after a case-insensitive match (`Apple`, `apricot`)
        // share less than the typed word; then the word stays as typed.
        let replacement = common.count >= word.count ? common : word
        return [replacement] + candidates
    }

    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            let shared = zip(prefix, word).prefix { $0 == $1 }.count
            prefix = String(prefix.prefix(shared))
            if prefix.isEmpty { break }
        }
        return prefix
    }
}
