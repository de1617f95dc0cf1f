import KioskCore

/// The history file could not be written.
struct HistoryError: KioskError, Equatable {
    let path: String
    let reason: String

    var code: String { "history_not_saved" }
}
