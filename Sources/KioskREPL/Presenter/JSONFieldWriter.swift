/// One JSON Lines object written straight into its bytes, field by field, for the lines
/// every order prints (its result and its events). The Codable path builds an encoder and
/// its containers for each line and looks up each body's conformance; this one only appends
/// bytes, in the same order and with the same escaping, so the text is the same.
///
/// ```swift
/// var object = JSONFieldWriter()
/// object.field("type", "event")
/// object.field("count", 2)
/// object.line()   // {"type":"event","count":2}
/// ```
struct JSONFieldWriter {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(96)
        bytes.append(UInt8(ascii: "{"))
    }

    /// `"key":"value"`, the value escaped as ``JSONValue/writeString(_:to:)`` escapes it.
    mutating func field(_ key: StaticString, _ value: String) {
        write(key)
        JSONValue.writeString(value, to: &bytes)
    }

    /// `"key":number`.
    mutating func field(_ key: StaticString, _ value: Int) {
        write(key)
        JSONValue.writeInteger(value, to: &bytes)
    }

    /// `"key":{"name":count,...}`, the names in the order given (as ``JSONContract/Counts``).
    mutating func field(_ key: StaticString, counts: some Sequence<(String, Int)>) {
        write(key)
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (name, count) in counts {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONValue.writeString(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSONValue.writeInteger(count, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The object, closed.
    consuming func line() -> JSONLine {
        bytes.append(UInt8(ascii: "}"))
        return JSONLine(verbatim: String(decoding: bytes, as: UTF8.self))
    }

    /// A key (plain ASCII, which needs no escaping) and its colon, after a comma unless it
    /// is the first.
    private mutating func write(_ key: StaticString) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }
}
