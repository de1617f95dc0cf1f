/// A JSON value whose objects keep their keys in the order they were written,
/// so the JSON Lines output is stable line for line.
///
/// ```swift
/// let value: JSONValue = ["fruit": "banana", "old": 10, "new": 8]
/// value.serialized()   // {"fruit":"banana","old":10,"new":8}
/// ```
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([JSONField])

    /// The value as compact JSON text on one line.
    public func serialized() -> String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact JSON text of the value to `output`.
    public func write(to output: inout String) {
        output += serialized()
    }

    /// Appends the compact JSON text of the value, as UTF-8, to `bytes`.
    func write(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): Self.writeInteger(number, to: &bytes)
        case .string(let text): Self.writeString(text, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            for (index, field) in fields.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.writeString(field.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                field.value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends the decimal digits of `number`.
    static func writeInteger(_ number: Int, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var rest = number.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    /// Appends `text` as a JSON string: quoted, with quotes, backslashes, control characters
    /// and the line separators U+2028 and U+2029 escaped, so a value never breaks a line.
    static func writeString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most text has no byte that may need escaping and is copied whole. 0xE2 leads the
        // UTF-8 of U+2028 and U+2029 (and of other scalars, which the slow path keeps).
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 })
            else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true {
            for scalar in text.unicodeScalars { writeEscaped(scalar, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let escape: UInt8
        switch scalar {
        case "\"": escape = UInt8(ascii: "\"")
        case "\\": escape = UInt8(ascii: "\\")
        case "\n": escape = UInt8(ascii: "n")
        case "\r": escape = UInt8(ascii: "r")
        case "\t": escape = UInt8(ascii: "t")
        case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
            bytes.append(contentsOf: #"\u"#.utf8)
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = UInt8(truncatingIfNeeded: scalar.value >> UInt32(shift)) & 0xF
                bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
            return
        default:
            UTF8.encode(scalar) { bytes.append($0) }
            return
        }
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(escape)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { JSONField($0.0, $0.1) })
    }
}

extension JSONValue {
    /// The value that JSON `text` holds, or nil when it is not JSON, or holds a number
    /// ``JSONValue`` has no case for (a fraction, an exponent, an integer beyond `Int`).
    ///
    /// ```swift
    /// JSONValue(parsing: #"{"fruit":"banana","old":10}"#)   // ["fruit": "banana", "old": 10]
    /// ```
    init?(parsing text: String) {
        var reader = JSONReader(bytes: Array(text.utf8))
        guard let value = reader.value(), reader.atEnd else { return nil }
        self = value
    }
}

/// Reads JSON text byte by byte; every step returns nil at the first byte it cannot take.
private struct JSONReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return position == bytes.count
        }
    }

    mutating func value() -> JSONValue? {
        skipSpace()
        guard let byte = peek() else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return integer().map(JSONValue.int)
        }
    }

    private mutating func object() -> JSONValue? {
        position += 1
        var fields: [JSONField] = []
        if take(UInt8(ascii: "}")) { return .object(fields) }
        repeat {
            skipSpace()
            guard peek() == UInt8(ascii: "\""), let key = string(), take(UInt8(ascii: ":")), let value = value()
            else { return nil }
            fields.append(JSONField(key, value))
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? .object(fields) : nil
    }

    private mutating func array() -> JSONValue? {
        position += 1
        var items: [JSONValue] = []
        if take(UInt8(ascii: "]")) { return .array(items) }
        repeat {
            guard let item = value() else { return nil }
            items.append(item)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(items) : nil
    }

    /// A string, the opening quote next.
    private mutating func string() -> String? {
        position += 1
        var text: [UInt8] = []
        while let byte = next() {
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = next() else { return nil }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = escapedScalar() else { return nil }
                    UTF8.encode(scalar) { text.append($0) }
                default: return nil
                }
            case 0x00..<0x20: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape, the hex digits next, joining a surrogate pair.
    private mutating func escapedScalar() -> Unicode.Scalar? {
        guard let unit = hexUnit() else { return nil }
        guard (0xD800..<0xDC00).contains(unit) else { return Unicode.Scalar(unit) }
        guard take(UInt8(ascii: "\\"), skippingSpace: false), take(UInt8(ascii: "u"), skippingSpace: false),
            let low = hexUnit(), (0xDC00..<0xE000).contains(low)
        else { return nil }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func hexUnit() -> UInt32? {
        guard position + 4 <= bytes.count,
            let unit = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { return nil }
        position += 4
        return unit
    }

    private mutating func integer() -> Int? {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        return Int(String(decoding: bytes[start..<position], as: UTF8.self))
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let word = Array(word.utf8)
        guard bytes[position...].starts(with: word) else { return nil }
        position += word.count
        return value
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func next() -> UInt8? {
        defer { position += 1 }
        return peek()
    }

    /// Takes `byte` when it comes next.
    private mutating func take(_ byte: UInt8, skippingSpace: Bool = true) -> Bool {
        if skippingSpace { skipSpace() }
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpace() {
        while let byte = peek(), [0x20, 0x0A, 0x0D, 0x09].contains(byte) { position += 1 }
    }
}
