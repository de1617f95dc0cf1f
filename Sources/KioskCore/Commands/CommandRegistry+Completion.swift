extension CommandRegistry {
    /// What may come next, given the text before the cursor: command words, subcommands,
    /// argument values (fruit and juice ids and aliases, task types) and `--flags`.
    ///
    /// - Parameter textBeforeCursor: the line up to the cursor, e.g. `"order ma"`.
    /// - Returns: candidates for the word being typed, in registry order, without duplicates.
    public func completions(forLine textBeforeCursor: String) -> [String] {
        let (words, partial) = Tokenizer.partialWord(textBeforeCursor)
        let candidates = candidates(after: words.map { $0.lowercased() }, partial: partial)
        let prefix = partial.lowercased()
        var seen: Set<String> = []
        return candidates.filter { candidate in
            !candidate.contains(where: \.isWhitespace)
                && candidate.lowercased().hasPrefix(prefix)
                && seen.insert(candidate.lowercased()).inserted
        }
    }

    private func candidates(after words: [String], partial: String) -> [String] {
        if words.isEmpty { return topLevelWords }

        var result = subcommandWords(after: words)
        guard let (command, depth) = longestMatch(words) else { return result }
        let spec = command.spec
        if partial.hasPrefix("-") {
            return spec.flags.map { "--" + $0.name }
        }
        let given = words[depth...].filter { !$0.hasPrefix("--") }
        if spec.path == ["help"] {
            // `help` takes command words only: a command, then its subcommands; no argument values.
            return given.isEmpty ? topLevelWords : subcommandWords(after: Array(given))
        }
        // Every argument that the next word could fill: the next one, and the ones after
        // it for as long as the ones skipped are optional.
        var position = 0
        var consumed = 0
        while consumed < given.count, position < spec.arguments.count {
            let argument = spec.arguments[position]
            let token = given[given.startIndex + consumed]
            if argument.isOptional, !fits(token, argument.kind) {
                position += 1
                continue
            }
            position += 1
            consumed += 1
        }
        guard consumed == given.count else { return result }
        for argument in spec.arguments[position...] {
            if case .choice(let set) = argument.kind {
                result += set.allSpellings
            }
            if !argument.isOptional { break }
        }
        return result
    }
}
