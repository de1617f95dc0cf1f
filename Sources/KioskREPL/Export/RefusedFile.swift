import KioskCore
import KioskStorage

/// A file kiosk will not read or write, and why: the history file when another user could
/// have written it, and a `bank export`, `sales export` or `bank plan --plot` path that is a
/// symbolic link.
struct RefusedFile: KioskError, Equatable {
    /// What kiosk wanted the file for.
    enum Use: Sendable, Equatable {
        /// The prompt's history (`$KIOSK_HISTFILE`, or the one in kiosk's state directory).
        case history
        /// The file `bank export`, `sales export` or `bank plan --plot` writes.
        case export
    }

    /// Why the file is refused.
    enum Reason: Sendable, Equatable {
        /// Another user owns it, or everyone may write it.
        case untrusted(PlaceRisk)
        /// It is a symbolic link: writing would change the file it points to, wherever that is.
        case symbolicLink
    }

    let path: String
    let use: Use
    let reason: Reason

    var code: String {
        switch use {
        case .history: "history_refused"
        case .export: "export_refused"
        }
    }
}

extension RefusedFile: DetailedError {
    /// The file refused.
    var details: ErrorDetails { ["path": .text(path)] }
}
