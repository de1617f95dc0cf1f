/// One key and value of a JSON object.
public struct JSONField: Sendable, Equatable {
    /// The key.
    public let key: String
    /// The value.
    public let value: JSONValue

    /// `value` under `key`.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
