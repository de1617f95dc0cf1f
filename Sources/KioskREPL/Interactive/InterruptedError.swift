import KioskCore

/// A command or a script was stopped by Ctrl-C or a signal.
struct InterruptedError: KioskError {
    /// What stopping cancelled, when there was something.
    let cancelled: String?

    var code: String { "interrupted" }
    var description: String {
        ["Interrupted.", cancelled].compactMap { $0 }.joined(separator: " ")
    }
}
