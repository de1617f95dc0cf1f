/// PostgreSQL array literals for text parameters.
enum PostgresArray {
    /// `{"a","b"}`, each element quoted, its `\` and `"` escaped with a `\`. Built byte by byte:
    /// both are ASCII, so no byte of another character's UTF-8 matches them, and Foundation's
    /// `replacingOccurrences` cost more than the rest of an order's work on the client.
    static func text(_ values: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(values.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in value.utf8 {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `{1,2}`.
    static func integers(_ values: [Int]) -> String {
        "{" + values.map(String.init).joined(separator: ",") + "}"
    }
}
