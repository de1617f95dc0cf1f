/// An error the presenter shows: `code` is its stable JSON name, and the conforming type's
/// cases carry the values that explain it. The wording lives in the presenter's catalog.
///
/// Each module has its own conforming type; only the executable maps them to exit codes.
public protocol KioskError: Error, Sendable {
    /// The stable machine-readable name, e.g. `"unknown_command"`, `"out_of_stock"`.
    var code: String { get }
}
