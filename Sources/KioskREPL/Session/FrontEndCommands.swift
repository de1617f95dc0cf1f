import KioskCore

/// Commands the front end answers itself rather than a domain module: `history` and
/// `quit` (also `exit`). `help` is the registry's own.
enum FrontEndCommands {
    /// The commands, reading the history from `history`.
    static func all(history: HistoryStore, live: LiveCommands? = nil) -> [Command] {
        all(historyEntries: { history.all }, live: live)
    }

    /// The commands, reading the history's entries, oldest first, from `historyEntries`
    /// each time `history` runs.
    static func all(historyEntries: @escaping @Sendable () throws -> [String], live: LiveCommands? = nil) -> [Command] {
        (live?.commands ?? []) + [historyCommand(historyEntries), clearCommand, quitCommand]
    }

    /// How many lines `history` lists when no count is given.
    static let defaultHistoryCount = 20

    private static let clearCommand = Command(
        CommandSpec(path: ["clear"], topic: .clear, examples: ["clear"], destructive: true)
    ) { _ in
        ClearScreenOutcome()
    }

    private static let quitCommand = Command(
        CommandSpec(path: ["quit"], topic: .quit, aliases: ["exit"], examples: ["quit", "exit"], destructive: true),
        action: .quit)

    private static let historyCount = ArgumentKey.optional("count", .integer(1...HistoryPolicy.capacity))

    private static func historyCommand(_ entries: @escaping @Sendable () throws -> [String]) -> Command {
        Command(
            CommandSpec(
                path: ["history"], topic: .history, arguments: [historyCount.spec],
                examples: ["history", "history 100"])
        ) { invocation in
            listing(try entries(), last: try invocation[historyCount] ?? defaultHistoryCount)
        }
    }

    /// The last `count` entries (all of them when nil), numbered from the oldest kept.
    static func listing(_ entries: [String], last count: Int?) -> HistoryListing {
        let firstNumber = max(0, entries.count - (count ?? entries.count))
        return HistoryListing(
            entries: entries[firstNumber...].enumerated().map {
                (number: firstNumber + $0.offset + 1, line: $0.element)
            })
    }
}
