import KioskCore

/// An error from outside the kiosk's own types, shown with its system description.
struct UnexpectedError: KioskError {
    let underlying: any Error
    var code: String { "internal_error" }
}
