/// One object of the JSON Lines output, held as the compact text it was encoded to.
///
/// Every line of the contract is written once: its Codable type encodes straight to text
/// (``JSONValueEncoder/encodeText(_:)``), which is written out as it is, never parsed back
/// into a value to be serialised again.
///
/// ```swift
/// let line = JSONLine(JSONContract.Event(event: "juice_served", body: body), orElse: .object([]))
/// line.serialized()   // {"type":"event","event":"juice_served","juice":"banana","count":1}
/// ```
struct JSONLine: Sendable, Equatable {
    /// The compact JSON text, on one line, without a newline.
    let text: String

    /// The encoding of `value`, or `fallback` should it fail to encode (the contract's types
    /// hold strings, whole numbers, booleans and nulls only, which always encode).
    init(_ value: some Encodable, orElse fallback: @autoclosure () -> JSONValue) {
        text = (try? JSONValueEncoder.encodeText(value)) ?? fallback().serialized()
    }

    /// A line already written as compact JSON text (see ``JSONFieldWriter``).
    init(verbatim text: String) {
        self.text = text
    }

    /// The line of an already built value.
    init(_ value: JSONValue) {
        text = value.serialized()
    }

    /// The line `null`.
    static let null = JSONLine(.null)

    /// The compact JSON text, as ``JSONValue/serialized()`` gives it.
    func serialized() -> String { text }
}
