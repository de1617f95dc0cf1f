/// An error a person reads: `description` is the sentence shown to the user
/// (it names the bad value and the next step), `code` is its stable JSON name.
///
/// Each module has its own conforming type; only the executable maps them to exit codes.
public protocol KioskError: Error, Sendable, CustomStringConvertible {
    /// The stable machine-readable name, e.g. `"unknown_command"`, `"out_of_stock"`.
    var code: String { get }
    /// Extra JSON fields after `"code"`, e.g. the shortages of a refused order.
    var details: [JSONField] { get }
}

extension KioskError {
    public var details: [JSONField] { [] }

    /// The JSON Lines error object: `{"type":"error","code":...,<details>,"message":...}`.
    public var json: JSONValue {
        .object(
            [JSONField("type", "error"), JSONField("code", .string(code))] + details
                + [JSONField("message", .string(description))]
        )
    }
}
