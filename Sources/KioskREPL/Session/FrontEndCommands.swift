import KioskCore

/// Commands the front end answers itself rather than a domain module: `history` and
/// `quit` (also `exit`). `help` is the registry's own.
enum FrontEndCommands {
    /// The commands, reading the history from `history`.
    static func all(history: HistoryStore) -> [Command] {
        [historyCommand(history), quitCommand]
    }

    private static let quitCommand = Command(
        CommandSpec(path: ["quit"], aliases: ["exit"], examples: ["quit", "exit"]), action: .quit)

    private static func historyCommand(_ history: HistoryStore) -> Command {
        Command(
            CommandSpec(
                path: ["history"],
                arguments: [.optional("count", .integer(1...HistoryPolicy.capacity))],
                examples: ["history", "history 10"])
        ) { invocation in
            listing(history.all, last: try invocation.optionalValue("count", as: Int.self))
        }
    }

    /// The last `count` entries (all of them when nil), numbered from the oldest kept.
    static func listing(_ entries: [String], last count: Int?) -> HistoryListing {
        let firstNumber = max(0, entries.count - (count ?? entries.count))
        return HistoryListing(
            entries: entries[firstNumber...].enumerated().map { (number: firstNumber + $0.offset + 1, line: $0.element) })
    }
}
