extension CommandRegistry {
    /// What `help` was asked about, for the presenter to word.
    public enum HelpTopic: Sendable {
        /// `help`: every command.
        case overview([CommandSpec])
        /// `help bank`: the commands of a group.
        case group(path: [String], [CommandSpec])
        /// `help order`: one command, with its subcommands (`stock` has `stock set`, ...).
        case command(CommandSpec, subcommands: [CommandSpec])
    }

    /// The topic of `help` (every command) or `help <command words>` (one command, or a
    /// group such as `bank`).
    /// - Throws: ``ParseError`` when the words name no command.
    public func helpTopic(for words: [String]) throws(ParseError) -> HelpTopic {
        let path = CommandWords.englishPath(words.map { $0.lowercased() })
        if path.isEmpty {
            return .overview(commands.map(\.spec))
        }
        if let command = command(spelled: path) {
            let spec = command.spec
            let subcommands = commands.filter {
                $0.spec.path.count > spec.path.count && $0.spec.path.starts(with: spec.path)
            }
            return .command(spec, subcommands: subcommands.map(\.spec))
        }
        let group = commands.filter { $0.spec.path.starts(with: path) }
        if !group.isEmpty {
            return .group(path: path, group.map(\.spec))
        }
        throw .unknownCommand(
            path.joined(separator: " "),
            suggestion: Suggestion.closest(
                to: path.joined(separator: " "), among: commands.filter { !$0.spec.isDestructive }.map(\.spec.name)))
    }
}
