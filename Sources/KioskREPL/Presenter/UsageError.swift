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
