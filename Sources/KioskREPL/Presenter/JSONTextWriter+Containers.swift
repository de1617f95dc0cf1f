/// The fields of the object at `writer.frames[index]`.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONTextWriter
    let index: Int
    let slot: Int

    var codingPath: [any CodingKey] { writer.codingPath(through: index) }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    private func start(_ key: Key) throws {
        try writer.writeKey(key.stringValue, in: index, slot: slot)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try start(key)
        writer.writeNull()
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try start(key)
        writer.write(value)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try start(key)
        writer.write(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try start(key)
        writer.write(value)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try floatingPoint(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try floatingPoint(value, key) }

    private func integer(_ value: some BinaryInteger, _ key: Key) throws {
        try start(key)
        try writer.write(value, codingPath: path(key))
    }

    private func floatingPoint(_ value: some BinaryFloatingPoint, _ key: Key) throws {
        try start(key)
        try writer.write(value, codingPath: path(key))
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try start(key)
        if writer.writeCommonScalar(value) { return }
        try writer.encode(value, level: index + 1, key: key)
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(key).unkeyedContainer()
    }

    /// The encoder of this very object, so a superclass's fields join the subclass's.
    mutating func superEncoder() -> any Encoder {
        let frame = writer.frames.indices.contains(index) ? writer.frames[index] : nil
        return JSONSlotEncoder(writer: writer, level: index, slot: slot, key: frame?.key)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        nestedEncoder(key)
    }

    /// Writes `key` and returns the encoder of its new, still empty slot.
    private func nestedEncoder(_ key: Key) -> JSONSlotEncoder {
        // A misuse is recorded in the writer and fails the whole value when it is done.
        try? writer.writeKey(key.stringValue, in: index, slot: slot)
        return JSONSlotEncoder(writer: writer, level: index + 1, slot: writer.newSlot(), key: key)
    }
}

/// The elements of the array at `writer.frames[index]`.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONTextWriter
    let index: Int
    let slot: Int

    var codingPath: [any CodingKey] { writer.codingPath(through: index) }

    var count: Int { writer.frames.indices.contains(index) ? writer.frames[index].count : 0 }

    private func start() throws -> Int {
        try writer.writeSeparator(in: index, slot: slot)
    }

    private func path(_ position: Int) -> [any CodingKey] { codingPath + [JSONIndexKey(position)] }

    mutating func encodeNil() throws {
        _ = try start()
        writer.writeNull()
    }

    mutating func encode(_ value: String) throws {
        _ = try start()
        writer.write(value)
    }

    mutating func encode(_ value: Bool) throws {
        _ = try start()
        writer.write(value)
    }

    mutating func encode(_ value: Int) throws {
        _ = try start()
        writer.write(value)
    }

    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
    mutating func encode(_ value: Float) throws { try floatingPoint(value) }
    mutating func encode(_ value: Double) throws { try floatingPoint(value) }

    private func integer(_ value: some BinaryInteger) throws {
        let position = try start()
        try writer.write(value, codingPath: path(position))
    }

    private func floatingPoint(_ value: some BinaryFloatingPoint) throws {
        let position = try start()
        try writer.write(value, codingPath: path(position))
    }

    mutating func encode(_ value: some Encodable) throws {
        let position = try start()
        if writer.writeCommonScalar(value) { return }
        try writer.encode(value, level: index + 1, key: JSONIndexKey(position))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nestedEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        nestedEncoder()
    }

    /// Starts a new element and returns the encoder of its still empty slot.
    private func nestedEncoder() -> JSONSlotEncoder {
        // A misuse is recorded in the writer and fails the whole value when it is done.
        let position = (try? writer.writeSeparator(in: index, slot: slot)) ?? count
        return JSONSlotEncoder(writer: writer, level: index + 1, slot: writer.newSlot(), key: JSONIndexKey(position))
    }
}

/// The one value of a slot.
struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONSlotEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private var writer: JSONTextWriter { encoder.writer }

    private func start() throws {
        try writer.begin(encoder.slot, level: encoder.level)
    }

    mutating func encodeNil() throws {
        try start()
        writer.writeNull()
    }

    mutating func encode(_ value: String) throws {
        try start()
        writer.write(value)
    }

    mutating func encode(_ value: Bool) throws {
        try start()
        writer.write(value)
    }

    mutating func encode(_ value: Int) throws {
        try start()
        writer.write(value)
    }

    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }
    mutating func encode(_ value: Float) throws { try floatingPoint(value) }
    mutating func encode(_ value: Double) throws { try floatingPoint(value) }

    private func integer(_ value: some BinaryInteger) throws {
        try start()
        try writer.write(value, codingPath: codingPath)
    }

    private func floatingPoint(_ value: some BinaryFloatingPoint) throws {
        try start()
        try writer.write(value, codingPath: codingPath)
    }

    /// A wrapper that encodes its wrapped value here (an optional, a raw-value enum) hands
    /// it on to this same slot.
    mutating func encode(_ value: some Encodable) throws {
        if writer.openSlot == encoder.slot, writer.frames.count == encoder.level {
            if writer.writeCommonScalar(value) {
                writer.openSlot = JSONTextWriter.noSlot
                return
            }
        }
        try value.encode(to: encoder)
    }
}

/// The position of an element in a coding path.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
