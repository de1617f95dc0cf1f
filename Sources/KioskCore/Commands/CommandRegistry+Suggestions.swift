extension CommandRegistry {
    // The corrections a parse error offers. None ends or erases anything: someone who
    // types the suggestion without reading it must lose nothing.

    /// The error for a first word that names no command, with a correction that ends and
    /// erases nothing: the commands it is the last word of (`export` → `sales export`,
    /// `bank export`), else the nearest first word, else the commands whose last word is
    /// one slip from it (`exprot`).
    func unknownCommandError(_ given: String) -> ParseError {
        let word = Self.folded(given)
        let owners = suggestibleCommands(endingWith: word)
        if owners.count == 1, let only = owners.first { return .unknownCommand(given, suggestion: only) }
        if !owners.isEmpty { return .commandOfGroups(given, commands: owners) }
        let firstWords = corrections.words(.firstWords) { suggestibleTopLevelWords }
        if let nearest = Suggestion.closest(to: given, among: firstWords) {
            return .unknownCommand(given, suggestion: nearest)
        }
        // A word one slip away from the last word of commands (`exprot`): a looser match
        // would put `bank open` beside any four letters.
        let target = Array(word.unicodeScalars)
        if target.count >= 4,
            let nearest = suggestibleLastWords.words.first(where: {
                Suggestion.editDistance(target, Array($0.unicodeScalars), limit: 1) <= 1
            })
        {
            let owners = suggestibleCommands(endingWith: nearest)
            if owners.count == 1, let only = owners.first { return .unknownCommand(given, suggestion: only) }
            if !owners.isEmpty { return .commandOfGroups(given, commands: owners) }
        }
        return .unknownCommand(given, suggestion: nil)
    }

    /// The last words of the commands of several words that neither end nor erase anything.
    private var suggestibleLastWords: Suggestion.Candidates {
        corrections.words(.lastWords) {
            commands.filter { $0.spec.path.count > 1 && !$0.spec.isDestructive }.map { $0.spec.path.last ?? "" }
        }
    }

    /// The names of the commands of several words whose last word (or an alias of it) is
    /// `word`, leaving out those that end or erase something.
    func suggestibleCommands(endingWith word: String) -> [String] {
        commands.filter { command in
            let spec = command.spec
            guard spec.path.count > 1, !spec.isDestructive else { return false }
            return spec.path.last == word || spec.aliases.contains(word)
        }.map(\.spec.name)
    }

    /// First words offered as corrections: those of ``topLevelWords`` (Korean ones too) that
    /// name a command that neither ends nor erases anything (`quit` and its aliases `exit`
    /// and `종료` are never offered).
    var suggestibleTopLevelWords: [String] {
        var seen: Set<String> = []
        var words: [String] = []
        let offered = commands.filter { !($0.spec.path.count == 1 && $0.spec.isDestructive) }
        for command in offered {
            var candidates = [command.spec.path[0]]
            if command.spec.path.count == 1 { candidates += command.spec.aliases }
            for word in candidates where seen.insert(word).inserted {
                words.append(word)
            }
        }
        for command in offered {
            for spelling in CommandWords.koreanSpellings(of: command.spec.path) {
                let word = String(spelling.prefix { $0 != " " })
                if seen.insert(word).inserted { words.append(word) }
            }
        }
        return words
    }

    /// The subcommand after `prefix` that `given` most likely misspells, offered only when it
    /// ends or erases nothing: `stock rest`, nearest to `reset`, gets no suggestion (the
    /// error lists the subcommands) rather than `set`, a different edit.
    func subcommandSuggestion(for given: String, after prefix: [String]) -> String? {
        guard let nearest = Suggestion.closest(to: given, among: subcommandWords(after: prefix)) else { return nil }
        return suggestionsAfter(prefix).words.contains(nearest) ? nearest : nil
    }

    /// ``suggestibleSubcommandWords(after:)``, gathered once for each group of commands.
    func suggestionsAfter(_ prefix: [String]) -> Suggestion.Candidates {
        corrections.words(.subcommands(after: prefix)) { suggestibleSubcommandWords(after: prefix) }
    }

    /// Words after `prefix` offered as corrections: those of ``subcommandWords(after:)``
    /// that name no command that ends or erases something, in English or Korean (after
    /// `재고`, never `초기화`).
    func suggestibleSubcommandWords(after prefix: [String]) -> [String] {
        let english = CommandWords.englishPath(prefix)
        var destructive: Set<String> = []
        for command in commands
        where command.spec.isDestructive && command.spec.path.count == prefix.count + 1
            && Array(command.spec.path.prefix(prefix.count)) == english
        {
            destructive.insert(command.spec.path[prefix.count])
            destructive.formUnion(command.spec.aliases)
            for spelling in CommandWords.koreanSpellings(of: command.spec.path) {
                if let last = spelling.split(separator: " ").last { destructive.insert(String(last)) }
            }
        }
        return subcommandWords(after: prefix).filter { !destructive.contains($0) }
    }
}
