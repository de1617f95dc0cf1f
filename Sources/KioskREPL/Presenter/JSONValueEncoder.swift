/// Encodes `Encodable` values into a ``JSONValue`` whose objects keep their keys in the
/// order `encode(to:)` writes them (for synthesized conformances: declaration order), so the
/// JSON Lines contract reads `{"type":..., "command":..., ...}` line for line.
///
/// Foundation's `JSONEncoder` either sorts keys or leaves their order unspecified; the
/// contract's types are plain structs, so a small encoder that builds ``JSONValue`` keeps
/// them Codable without giving up a stable field order.
///
/// ```swift
/// struct Change: Encodable { let fruit: String; let old: Int; let new: Int }
/// try JSONValueEncoder.encode(Change(fruit: "banana", old: 10, new: 8)).serialized()
/// // {"fruit":"banana","old":10,"new":8}
/// ```
enum JSONValueEncoder {
    /// The JSON value of `value`.
    /// - Throws: `EncodingError` for a number JSON cannot hold (a non-finite double, an
    ///   unsigned value above `Int.max`).
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        return root.value
    }
}

/// A value being built; containers write into it by reference. Fields and items live in
/// stored arrays of their own so that appending never copies what is already there.
private final class Node {
    enum Kind {
        case value
        case object
        case array
    }

    var kind = Kind.value
    var scalar = JSONValue.null
    var fields: [(key: String, node: Node)] = []
    var items: [Node] = []

    var value: JSONValue {
        switch kind {
        case .value: scalar
        case .object: .object(fields.map { JSONField($0.key, $0.node.value) })
        case .array: .array(items.map(\.value))
        }
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.kind = .object
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.kind = .array
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

/// Turns a scalar into its JSON value, or nil when it is not a scalar JSON knows.
private func scalar(_ value: some Encodable, codingPath: [any CodingKey]) throws -> JSONValue? {
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .int(number)
    case let number as Int64: return .int(Int(number))
    case let number as Int32: return .int(Int(number))
    case let number as UInt64:
        guard let exact = Int(exactly: number) else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath, debugDescription: "above the largest JSON integer kiosk writes"))
        }
        return .int(exact)
    case let number as Double:
        guard let exact = Int(exactly: number) else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: codingPath, debugDescription: "kiosk's JSON holds whole numbers only"))
        }
        return .int(exact)
    default: return nil
    }
}

private func encodeChild(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
    if let scalar = try scalar(value, codingPath: codingPath) {
        node.kind = .value
        node.scalar = scalar
    } else {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func child(for key: Key) -> Node {
        let child = Node()
        node.fields.append((key.stringValue, child))
        return child
    }

    mutating func encodeNil(forKey key: Key) throws {
        child(for: key).scalar = .null
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try encodeChild(value, into: child(for: key), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: child(for: key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: child(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: child(for: key), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int { node.items.count }

    private func append() -> Node {
        let child = Node()
        node.items.append(child)
        return child
    }

    mutating func encodeNil() throws {
        append().scalar = .null
    }

    mutating func encode(_ value: some Encodable) throws {
        try encodeChild(value, into: append(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        NodeEncoder(node: append(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: append(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: append(), codingPath: codingPath)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        node.kind = .value
        node.scalar = .null
    }

    mutating func encode(_ value: some Encodable) throws {
        try encodeChild(value, into: node, codingPath: codingPath)
    }
}
