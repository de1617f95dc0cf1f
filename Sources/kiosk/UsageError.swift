import KioskCore

/// A bad flag or flag value, as a JSON Lines error.
struct UsageError: KioskError {
    let message: String
    var code: String { "bad_usage" }
    var description: String { message }
}
