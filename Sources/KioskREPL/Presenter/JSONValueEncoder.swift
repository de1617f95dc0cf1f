/// Encodes `Encodable` values as compact JSON text whose objects keep their keys in the order
/// `encode(to:)` writes them (for synthesized conformances: declaration order), so the JSON
/// Lines contract reads `{"type":..., "command":..., ...}` line for line.
///
/// Foundation's `JSONEncoder` either sorts keys or leaves their order unspecified; the
/// contract's types are plain structs, so a small encoder keeps them Codable without giving
/// up a stable field order.
///
/// The text is written as the value encodes, without building a tree first. `encode(to:)`
/// finishes one value before its container takes the next, so a nested object or array is
/// closed as soon as anything is written to a container further out. The one thing this
/// cannot do is go back: writing to a nested container after its parent has moved on to
/// another key or element throws an `EncodingError`.
///
/// ```swift
/// struct Change: Encodable { let fruit: String; let old: Int; let new: Int }
/// try JSONValueEncoder.encodeText(Change(fruit: "banana", old: 10, new: 8))
/// // {"fruit":"banana","old":10,"new":8}
/// ```
enum JSONValueEncoder {
    /// The compact JSON text of `value`, on one line.
    /// - Throws: `EncodingError` for a number JSON cannot hold (a non-integral or non-finite
    ///   floating-point value, an unsigned value above `Int.max`), or for a write to a nested
    ///   container after its parent has moved on.
    static func encodeText(_ value: some Encodable) throws -> String {
        let writer = JSONTextWriter()
        try writer.encode(value, level: 0, key: nil)
        writer.finish()
        if let failure = writer.failure { throw failure }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// The text being written and the objects and arrays still open in it.
///
/// A *slot* is the place of one value: written as a key or an element separator, and filled
/// by a scalar or by opening an object or array. Slots and open frames carry ids so a stale
/// encoder or container is caught instead of writing into the wrong place.
final class JSONTextWriter {
    struct Frame {
        /// The slot that opened the frame, and whose encoder may open it again.
        let slot: Int
        let isObject: Bool
        /// The key the frame sits under, for coding paths; nil at the top.
        let key: (any CodingKey)?
        var count = 0
    }

    static let noSlot = -1

    // The writer lives for one encodeText call on one thread, and none of its methods lets
    // an access to its state overlap another (callbacks into Codable code happen between
    // accesses, never inside one), so the runtime's exclusivity checks, a tenth of the
    // encoding time, are left out.

    /// The UTF-8 text so far.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// The open objects and arrays, outermost first.
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The slot that is written but not yet filled, or `noSlot`.
    @exclusivity(unchecked) var openSlot = JSONTextWriter.noSlot
    @exclusivity(unchecked) var lastSlot = 0
    /// Whether `failure` holds an error: a flag is cheaper to test on every write.
    @exclusivity(unchecked) var failed = false
    /// The first misuse of a container, reported when the value is done.
    @exclusivity(unchecked) var failure: EncodingError?

    init() {
        bytes.reserveCapacity(128)
    }

    // MARK: - Slots and frames

    /// Encodes `value` into a new slot at `level`, which is `frames.count` once its key or
    /// separator is written.
    func encode(_ value: some Encodable, level: Int, key: (any CodingKey)?) throws {
        let slot = newSlot()
        try value.encode(to: JSONSlotEncoder(writer: self, level: level, slot: slot, key: key))
        if openSlot == slot { fillOpenSlot() }
        if failed, let failure { throw failure }
    }

    /// A new slot, waiting for its value; its key or separator is written already.
    func newSlot() -> Int {
        lastSlot += 1
        openSlot = lastSlot
        return lastSlot
    }

    /// Claims `slot` for a value written now.
    /// - Throws: When `slot` is not the one waiting for a value.
    func begin(_ slot: Int, level: Int) throws {
        guard openSlot == slot, frames.count == level else {
            throw fail(
                at: codingPath(through: level - 1),
                "a value is written after its container has moved on, or twice into one place")
        }
        openSlot = Self.noSlot
    }

    /// Opens an object or array in `slot`, or takes up again the one that slot already opened
    /// (a type that asks its encoder for a container twice, or passes the encoder on).
    func open(_ slot: Int, level: Int, key: (any CodingKey)?, isObject: Bool) throws {
        if frames.count > level, frames[level].slot == slot {
            guard frames[level].isObject == isObject else {
                throw fail(at: codingPath(through: level), "one value is asked to be both an object and an array")
            }
            return try resume(level, slot: slot)
        }
        try begin(slot, level: level)
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        frames.append(Frame(slot: slot, isObject: isObject, key: key))
    }

    /// Makes frame `index` the innermost again before a write into it: a slot left empty
    /// becomes null, and every deeper object or array is closed.
    /// - Throws: When frame `index` is closed already, or an earlier write failed.
    func resume(_ index: Int, slot: Int) throws {
        if failed, let failure { throw failure }
        if openSlot != Self.noSlot { fillOpenSlot() }
        while frames.count > index + 1 { closeInnermost() }
        guard frames.count == index + 1, frames[index].slot == slot else {
            throw fail(
                at: codingPath(through: min(index, frames.count - 1)),
                "a nested container is written to after its parent moved on")
        }
    }

    /// Starts the next field of object `index`: a separator, the key and a colon.
    /// - Throws: What ``resume(_:slot:)`` throws.
    func writeKey(_ key: String, in index: Int, slot: Int) throws {
        try resume(index, slot: slot)
        if frames[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[index].count += 1
        JSONValue.writeString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts the next element of array `index`.
    /// - Returns: The element's position.
    /// - Throws: What ``resume(_:slot:)`` throws.
    func writeSeparator(in index: Int, slot: Int) throws -> Int {
        try resume(index, slot: slot)
        let position = frames[index].count
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[index].count += 1
        return position
    }

    /// Closes whatever is still open at the end of the value.
    func finish() {
        if openSlot != Self.noSlot { fillOpenSlot() }
        while !frames.isEmpty { closeInnermost() }
    }

    private func fillOpenSlot() {
        writeNull()
        openSlot = Self.noSlot
    }

    private func closeInnermost() {
        let frame = frames.removeLast()
        bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    // MARK: - Coding paths and errors

    /// The keys down to frame `index`, inclusive.
    func codingPath(through index: Int) -> [any CodingKey] {
        frames.prefix(max(0, index + 1)).compactMap(\.key)
    }

    /// Records the first misuse, which the whole value then fails with, and returns it.
    func fail(at codingPath: [any CodingKey], _ reason: String) -> EncodingError {
        if failed, let failure { return failure }
        let failure = EncodingError.invalidValue(
            reason, .init(codingPath: codingPath, debugDescription: "kiosk's JSON encoder: \(reason)"))
        self.failure = failure
        failed = true
        return failure
    }

    // MARK: - Scalars

    func writeNull() {
        bytes.append(contentsOf: "null".utf8)
    }

    func write(_ text: String) {
        JSONValue.writeString(text, to: &bytes)
    }

    func write(_ flag: Bool) {
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    func write(_ number: Int) {
        JSONValue.writeInteger(number, to: &bytes)
    }

    func write(_ number: some BinaryInteger, codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard let exact = Int(exactly: number) else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath(), debugDescription: "above the largest JSON integer kiosk writes")
            )
        }
        write(exact)
    }

    func write(_ number: some BinaryFloatingPoint, codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard let exact = Int(exactly: number) else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath(), debugDescription: "kiosk's JSON holds whole numbers only"))
        }
        write(exact)
    }

    /// Writes `value` when it is one of the scalars generic code hands over most (an array's
    /// elements, an optional's wrapped value); false leaves it to its own `encode(to:)`.
    func writeCommonScalar(_ value: some Encodable) -> Bool {
        switch value {
        case let text as String: write(text)
        case let number as Int: write(number)
        case let flag as Bool: write(flag)
        default: return false
        }
        return true
    }
}

/// The encoder of one slot.
struct JSONSlotEncoder: Encoder {
    let writer: JSONTextWriter
    let level: Int
    let slot: Int
    let key: (any CodingKey)?

    var codingPath: [any CodingKey] {
        var path = writer.codingPath(through: level - 1)
        if let key { path.append(key) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // A misuse is recorded in the writer and fails the whole value when it is done.
        try? writer.open(slot, level: level, key: key, isObject: true)
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(writer: writer, index: level, slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        try? writer.open(slot, level: level, key: key, isObject: false)
        return JSONUnkeyedContainer(writer: writer, index: level, slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(encoder: self)
    }
}
