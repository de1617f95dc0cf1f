import KioskCore

/// The history file could not be written.
struct HistoryError: KioskError, Equatable {
    let path: String
    let reason: String

    var code: String { "history_not_saved" }
    var description: String {
        "Cannot save the history to '\(Sanitized.text(path, limit: 256))': \(reason). Set KIOSK_HISTFILE to a writable file."
    }
}
