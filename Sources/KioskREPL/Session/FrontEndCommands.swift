import KioskCore

/// Commands the front end answers itself rather than a domain module: `history` and
/// `quit` (also `exit`).
enum FrontEndCommands {
    static let quitPath = ["quit"]

    /// The commands, reading the history from `history`.
    static func all(history: HistoryStore) -> [Command] {
        [historyCommand(history), quitCommand]
    }

    /// Whether `invocation` asks to leave.
    static func isQuit(_ invocation: Invocation) -> Bool {
        invocation.spec.path == quitPath
    }

    private static let quitCommand = Command(
        CommandSpec(
            path: quitPath, aliases: ["exit"],
            summary: "Leaves kiosk (Ctrl-D does the same at an empty prompt).",
            examples: ["quit", "exit"],
            discussion: """
                At the prompt, customers still at the bank are sent away. In a script, reading \
                stops and the bank finishes its work first, as at the end of the script.
                """)
    ) { _ in CommandResult(command: "quit") }

    private static func historyCommand(_ history: HistoryStore) -> Command {
        Command(
            CommandSpec(
                path: ["history"],
                summary: "Lists the lines typed at the prompt, oldest first.",
                arguments: [
                    .optional("count", .integer(1...HistoryPolicy.capacity), help: "only the last ones")
                ],
                examples: ["history", "history 10"],
                discussion: """
                    The history is kept in $KIOSK_HISTFILE, or $XDG_STATE_HOME/kiosk/history \
                    (~/.local/state/kiosk/history), up to \(HistoryPolicy.capacity) lines. \
                    A line that starts with a space is not kept.
                    """)
        ) { invocation in
            listing(history.all, last: invocation.integer("count"))
        }
    }

    static func listing(_ entries: [String], last count: Int?) -> CommandResult {
        let firstNumber = max(0, entries.count - (count ?? entries.count))
        let shown = entries[firstNumber...].enumerated().map { (number: firstNumber + $0.offset + 1, line: $0.element) }
        let width = String(entries.count).count
        let text: [TextBlock] =
            shown.isEmpty
            ? [.message("The history is empty.", .muted)]
            : [
                .message(
                    shown.map { entry in
                        let number = String(entry.number)
                        return String(repeating: " ", count: width - number.count) + number + "  " + entry.line
                    }.joined(separator: "\n"))
            ]
        return CommandResult(
            command: "history",
            fields: [
                JSONField(
                    "entries",
                    .array(shown.map { ["number": .int($0.number), "line": .string($0.line)] }))
            ],
            text: text)
    }
}
