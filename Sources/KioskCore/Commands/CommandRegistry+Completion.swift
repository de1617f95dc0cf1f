extension CommandRegistry {
    /// What may come next, given the text before the cursor: command words, subcommands,
    /// argument values (fruit and juice ids and aliases, task types) and `--flags`.
    ///
    /// A value of several words completes in two ways: inside quotes as a whole
    /// (`order "mango k` offers `mango kiwi`), and without quotes word by word
    /// (`order mango k` offers `kiwi`, since `order mango kiwi` names the same juice).
    ///
    /// - Parameter textBeforeCursor: the line up to the cursor, e.g. `"order ma"`.
    /// - Returns: candidates for the word being typed, in registry order, without duplicates.
    public func completions(forLine textBeforeCursor: String) -> [String] {
        let scan = Tokenizer.partialScan(textBeforeCursor)
        guard !scan.inComment else { return [] }
        let words = scan.words.map { $0.lowercased() }
        var candidates = candidates(after: words, partial: scan.partial)
        // Only once a letter of the next word is typed: right after a whole name, the
        // count may come next as well.
        if !scan.quoted, !scan.partial.isEmpty {
            candidates += continuations(after: words)
        }
        let prefix = scan.partial.lowercased()
        var seen: Set<String> = []
        return candidates.filter { candidate in
            (scan.quoted || !candidate.contains(where: \.isWhitespace))
                && candidate.lowercased().hasPrefix(prefix)
                && seen.insert(candidate.lowercased()).inserted
        }
    }

    private func candidates(after words: [String], partial: String) -> [String] {
        // Korean command words once a Korean word is begun, so that a Latin prefix (or none)
        // is offered what it always was.
        let korean = partial.unicodeScalars.first.map { !$0.isASCII } ?? false
        if words.isEmpty { return topLevelWords(korean: korean) }

        var result = subcommandWords(after: words)
        guard let (command, depth) = longestMatch(words) else { return result }
        let spec = command.spec
        if partial.hasPrefix("-") {
            return spec.flags.map { "--" + $0.name }
        }
        // The value of an option (`sales --from ye`): the days, for an option that takes one.
        if let last = words.last, depth < words.count, last.hasPrefix("--"), !last.contains("=") {
            let option = spec.flags.first { "--" + $0.name == last }
            if case .day = option?.value?.kind { return DayArgument.spellings }
        }
        if spec.path == ["help"] {
            let given = words[depth...].filter { !$0.hasPrefix("--") }
            // `help` takes command words only: a command, then its subcommands; no argument values.
            return given.isEmpty ? topLevelWords(korean: korean) : subcommandWords(after: Array(given))
        }
        let given = positionalWords(words[depth...], spec: spec)
        guard !spec.arguments.isEmpty else { return result }
        // Counted values (`order 2 banana, kiwi`) may come after any word.
        for argument in spec.arguments {
            if case .counted(let set, _) = argument.kind { return result + set.allSpellings }
        }
        // Every argument that the next word could fill: the next one, and the ones after
        // it for as long as the ones skipped are optional. Arguments that repeat start
        // over after their last one.
        var position = 0
        var consumed = 0
        while consumed < given.count {
            if position == spec.arguments.count {
                guard spec.repeats else { return result }
                position = 0
            }
            let argument = spec.arguments[position]
            let token = given[given.startIndex + consumed]
            if argument.isOptional, !fits(token, argument.kind) {
                position += 1
                if position == spec.arguments.count, !spec.repeats { return result }
                continue
            }
            position += 1
            consumed += 1
        }
        if position == spec.arguments.count {
            guard spec.repeats else { return result }
            position = 0
        }
        for argument in spec.arguments[position...] {
            if case .choice(let set) = argument.kind {
                result += set.allSpellings
            }
            if case .day = argument.kind { result += DayArgument.spellings }
            if !argument.isOptional { break }
        }
        return result
    }

    /// The words after the command that fill its arguments: flags and the values of
    /// options (`--from 2026-11-21`) left out.
    private func positionalWords(_ words: ArraySlice<String>, spec: CommandSpec) -> [String] {
        var result: [String] = []
        var skipNext = false
        for word in words {
            if skipNext {
                skipNext = false
                continue
            }
            if word.hasPrefix("--") {
                let name = word.dropFirst(2)
                skipNext = !name.contains("=") && spec.flags.contains { $0.name == name && $0.value != nil }
                continue
            }
            result.append(word)
        }
        return result
    }

    /// The next word of every value of several words whose first words end the line:
    /// after `order mango`, `kiwi` (from the alias `mango kiwi`).
    private func continuations(after words: [String]) -> [String] {
        guard let (command, depth) = longestMatch(words), depth < words.count else { return [] }
        var result: [String] = []
        for argument in command.spec.arguments {
            let set: ChoiceSet
            switch argument.kind {
            case .choice(let choices), .counted(let choices, _): set = choices
            default: continue
            }
            for spelling in set.multiWordSpellings {
                let lowered = spelling.map { $0.lowercased() }
                for typed in 1..<lowered.count where typed <= words.count - depth {
                    if Array(words.suffix(typed)) == Array(lowered.prefix(typed)) {
                        result.append(spelling[typed])
                    }
                }
            }
        }
        return result
    }
}
