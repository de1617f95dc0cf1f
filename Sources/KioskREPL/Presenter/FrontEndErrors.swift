import Bank
import KioskCore

/// A bad flag or flag value: argument-parser's own sentence, carried as a kiosk error so
/// that `--json` users get a JSON Lines error too.
public struct UsageError: KioskError {
    /// argument-parser's message.
    public let message: String
    public var code: String { "bad_usage" }

    /// An error whose sentence is `message`.
    public init(message: String) {
        self.message = message
    }
}

/// `--file` names a file that cannot be read, or standard input cannot be read as a script.
public struct ScriptFileError: KioskError {
    let path: String
    /// Why it cannot be read.
    let failure: ReadableFile.Failure
    public var code: String { "no_script" }
}

/// Standard output could not be written (a full disk, a closed descriptor): the rest of
/// the output is lost, so kiosk stops.
struct OutputError: KioskError {
    /// The system's text for the failure (`strerror`).
    let reason: String

    var code: String { "output_failed" }
}

/// A command or a script was stopped by Ctrl-C or a signal.
struct InterruptedError: KioskError {
    /// Whom stopping sent away from the bank, when anyone.
    let cancelled: BankCancellation?

    var code: String { "interrupted" }
}

/// The history file could not be written.
struct HistoryError: KioskError, Equatable {
    let path: String
    let reason: String

    var code: String { "history_not_saved" }
}

/// An error from outside the kiosk's own types, shown with its system description.
struct UnexpectedError: KioskError {
    let underlying: any Error
    var code: String { "internal_error" }
}
