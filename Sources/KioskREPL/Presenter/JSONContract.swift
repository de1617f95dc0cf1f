// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The stored properties are the JSON Lines contract's field names, spelled as users read them.

import Bank
import JuiceMaker
import KioskCore

/// The JSON Lines contract: one Codable type per line shape, in one place.
///
/// Field names are stable (added to, never renamed) and never depend on the language; only
/// `message` and display names follow it. Types encode through ``JSONValueEncoder``, which
/// keeps declaration order, so a line reads `{"type":"result","command":"order",...}`.
enum JSONContract {
    /// `{"type":"result","command":NAME,<body>}`.
    struct Result<Body: Encodable>: Encodable {
        let command: String
        let body: Body

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode("result", forKey: DynamicKey("type"))
            try container.encode(command, forKey: DynamicKey("command"))
            try body.encode(to: encoder)
        }
    }

    /// `{"type":"event","event":NAME,<body>}`.
    struct Event<Body: Encodable>: Encodable {
        let event: String
        let body: Body

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode("event", forKey: DynamicKey("type"))
            try container.encode(event, forKey: DynamicKey("event"))
            try body.encode(to: encoder)
        }
    }

    /// `{"type":"error","code":CODE,<details>,"message":TEXT[,"location":WHERE]}`.
    struct Error<Details: Encodable>: Encodable {
        let code: String
        let details: Details
        let message: String
        let location: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode("error", forKey: DynamicKey("type"))
            try container.encode(code, forKey: DynamicKey("code"))
            try details.encode(to: encoder)
            var tail = encoder.container(keyedBy: DynamicKey.self)
            try tail.encode(message, forKey: DynamicKey("message"))
            try tail.encodeIfPresent(location, forKey: DynamicKey("location"))
        }
    }

    /// A body with no fields.
    struct Empty: Encodable {
        func encode(to encoder: any Encoder) throws {
            _ = encoder.container(keyedBy: DynamicKey.self)
        }
    }

    /// An object whose keys are data (fruit ids, task ids), in the order given.
    struct Counts: Encodable {
        let pairs: [(String, Int)]

        init(_ pairs: [(String, Int)]) { self.pairs = pairs }
        init(_ inventory: Inventory) { pairs = inventory.levels.map { ($0.fruit.id, $0.count) } }
        init(_ counts: [TaskCount]) { pairs = counts.map { ($0.task, $0.count) } }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            for (key, value) in pairs {
                try container.encode(value, forKey: DynamicKey(key))
            }
        }
    }

    struct DynamicKey: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// An error's details (``DetailedError``) as fields of its line, in order.
    struct DetailFields: Encodable {
        let details: ErrorDetails

        init(_ details: ErrorDetails) { self.details = details }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            for field in details.fields {
                let key = DynamicKey(field.name)
                switch field.value {
                case .integer(let number): try container.encode(number, forKey: key)
                case .text(let text): try container.encode(text, forKey: key)
                case .flag(let flag): try container.encode(flag, forKey: key)
                case .list, .object: try container.encode(DetailValue(field.value), forKey: key)
                }
            }
        }
    }

    /// One value of an error's details.
    struct DetailValue: Encodable {
        let detail: ErrorDetail

        init(_ detail: ErrorDetail) { self.detail = detail }

        func encode(to encoder: any Encoder) throws {
            switch detail {
            case .integer(let number):
                var single = encoder.singleValueContainer()
                try single.encode(number)
            case .text(let text):
                var single = encoder.singleValueContainer()
                try single.encode(text)
            case .flag(let flag):
                var single = encoder.singleValueContainer()
                try single.encode(flag)
            case .list(let values):
                var list = encoder.unkeyedContainer()
                for value in values { try list.encode(DetailValue(value)) }
            case .object(let details):
                try DetailFields(details).encode(to: encoder)
            }
        }
    }

    /// `{"type":"warning","code":CODE,<details>,"message":TEXT}`: said once, kiosk goes on.
    struct Warning<Details: Encodable>: Encodable {
        let code: String
        let details: Details
        let message: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode("warning", forKey: DynamicKey("type"))
            try container.encode(code, forKey: DynamicKey("code"))
            try details.encode(to: encoder)
            var tail = encoder.container(keyedBy: DynamicKey.self)
            try tail.encode(message, forKey: DynamicKey("message"))
        }
    }

    /// A shelf max the database held differently from this kiosk's config.
    struct ShelfLimitDetails: Encodable {
        let fruit: String
        let stored: Int
        let configured: Int
        /// The level brought down to `configured`; absent when it fit.
        let loweredFrom: Int?

        enum CodingKeys: String, CodingKey {
            case fruit, stored, configured
            case loweredFrom = "lowered_from"
        }
    }
}
