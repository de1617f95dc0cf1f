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
        // The digits go into room on the stack and then into `bytes` at once: one capacity
        // check for the number rather than one for each digit.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: integerWidth) { room in
            let end = writeInteger(number, into: room, at: 0)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<end]))
        }
    }

    /// The most bytes an integer takes: Int.min's sign and 19 digits.
    static let integerWidth = 20

    /// Writes the decimal digits of `number` into `room` from `start`, where there are at
    /// least ``integerWidth`` bytes; returns where they end.
    @inline(__always)
    static func writeInteger(_ number: Int, into room: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var rest = number.magnitude
        // 10^19 still fits in a UInt, and no Int has more digits.
        var digits = 1
        var limit: UInt = 10
        while digits < 19, rest >= limit {
            limit &*= 10
            digits += 1
        }
        var at = start
        if number < 0 {
            room[at] = UInt8(ascii: "-")
            at += 1
        }
        let end = at + digits
        at = end
        // Two digits a step, from a table: half the divisions.
        digitPairs.withUTF8Buffer { pairs in
            while rest >= 100 {
                let pair = Int(truncatingIfNeeded: rest % 100) &* 2
                rest /= 100
                at -= 2
                room[at] = pairs[pair]
                room[at + 1] = pairs[pair + 1]
            }
            if rest >= 10 {
                let pair = Int(truncatingIfNeeded: rest) &* 2
                room[at - 2] = pairs[pair]
                room[at - 1] = pairs[pair + 1]
            } else {
                room[at - 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest)
            }
        }
        return end
    }

    /// The digits of 0 to 99, two bytes each.
    // swift-format-ignore: LineLength
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends `text` as a JSON string: quoted, with quotes, backslashes, control characters
    /// and the line separators U+2028 and U+2029 escaped, so a value never breaks a line.
    static func writeString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most text has no byte that may need escaping and is copied whole.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !utf8.contains(where: mayNeedEscaping) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true {
            for scalar in text.unicodeScalars { writeEscaped(scalar, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether a UTF-8 byte is or may begin what ``writeString(_:to:)`` escapes: a quote, a
    /// backslash, a control character, or 0xE2, which leads U+2028 and U+2029 (and other
    /// scalars, which stay as they are).
    static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2
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
