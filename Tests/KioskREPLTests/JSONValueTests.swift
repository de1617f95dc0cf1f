import Foundation
import KioskCore
import Testing

@testable import KioskREPL

@Suite("JSONValue")
struct JSONValueTests {
    @Test(
        "strings escape quotes, backslashes, control characters and line separators",
        arguments: [
            ("plain", #""plain""#),
            (#"say "hi""#, #""say \"hi\"""#),
            (#"C:\data"#, #""C:\\data""#),
            ("a\nb\rc\td", #""a\nb\rc\td""#),
            ("\u{0}\u{1}\u{1B}[31m\u{1F}", #""\u0000\u0001\u001b[31m\u001f""#),
            ("\u{7F}", #""\u007f""#),
            ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
            ("망고 é 🍌 /", #""망고 é 🍌 /""#),
            ("", #""""#),
        ])
    func escaping(_ text: String, _ expected: String) {
        #expect(JSONValue.string(text).serialized() == expected)
    }

    @Test("every value kind serialises compactly")
    func kinds() {
        let value: JSONValue = [
            "null": nil, "yes": true, "no": false, "zero": 0, "negative": -42,
            "min": .int(Int.min), "list": [1, "two", [], [:]], "empty": "",
        ]
        #expect(
            value.serialized()
                == #"{"null":null,"yes":true,"no":false,"zero":0,"negative":-42,"min":-9223372036854775808,"list":[1,"two",[],{}],"empty":""}"#
        )
    }

    @Test("object keys keep the order they were written in, and are escaped too")
    func keyOrder() {
        let value: JSONValue = .object([
            JSONField("type", "event"), JSONField("zebra", 1), JSONField("apple", 2), JSONField("quo\"te", 3),
        ])
        #expect(value.serialized() == #"{"type":"event","zebra":1,"apple":2,"quo\"te":3}"#)
    }

    @Test("write(to:) appends to what is already there")
    func appends() {
        var output = "prefix "
        JSONValue.array([1, 2]).write(to: &output)
        #expect(output == "prefix [1,2]")
    }

    @Test("the output parses back with JSONSerialization to the same values")
    func roundTrip() throws {
        var awkward = ""
        for scalar in (0...0x7F).compactMap(Unicode.Scalar.init) { awkward.unicodeScalars.append(scalar) }
        awkward += "\u{2028}\u{2029}\u{85}\u{FEFF}망고🍌e\u{301}"
        let value: JSONValue = [
            "type": "result",
            "awkward": .string(awkward),
            "count": 3,
            "nested": ["list": [true, false, nil], "key \u{1}": "value"],
        ]
        let text = value.serialized()
        #expect(!text.contains("\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        let object = try #require(parsed as? [String: Any])
        #expect(object["type"] as? String == "result")
        #expect(object["awkward"] as? String == awkward)
        #expect((object["count"] as? NSNumber)?.intValue == 3)
        let nested = try #require(object["nested"] as? [String: Any])
        #expect(nested["key \u{1}"] as? String == "value")
        let list = try #require(nested["list"] as? [Any])
        #expect(list.count == 3)
        #expect((list[0] as? NSNumber)?.boolValue == true)
        #expect(list[2] is NSNull)
    }

    @Test("results and errors put type and code first, in the JSON Lines shape")
    func envelopes() {
        struct Order: Encodable {
            let juice: String
            let count: Int
        }
        let presenter = Presenter(catalog: EnglishCatalog(), config: nil)
        let result = presenter.json(command: "order", Order(juice: "banana", count: 1))
        #expect(result.serialized() == #"{"type":"result","command":"order","juice":"banana","count":1}"#)
        let error = ParseError.unknownCommand("ordr", suggestion: "order")
        #expect(
            presenter.json(error: error, location: nil).serialized()
                == #"{"type":"error","code":"unknown_command","command":"ordr","suggestion":"order","message":"Unknown command 'ordr'. Did you mean 'order'?"}"#
        )
    }
}

/// The streaming encoder: the JSON text of Codable values, in the order they encode.
@Suite("JSONValueEncoder")
struct JSONValueEncoderTests {
    struct Key: CodingKey, ExpressibleByStringLiteral {
        let stringValue: String
        init(stringLiteral value: String) { stringValue = value }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// A value whose `encode(to:)` is the closure, to drive the containers by hand.
    struct Custom: Encodable {
        let body: @Sendable (any Encoder) throws -> Void
        func encode(to encoder: any Encoder) throws { try body(encoder) }
    }

    struct FruitDetails: Encodable {
        let fruit: String
    }

    struct Inner: Encodable {
        let z: Int
        let a: [String]
    }

    struct Outer: Encodable {
        let name: String
        let inner: Inner
        let flag: Bool
        let missing: Int?
        let present: String?
    }

    @Test("keeps declaration order, nests objects and arrays, and leaves out absent optionals")
    func declarationOrder() throws {
        let value = Outer(name: "x", inner: Inner(z: 1, a: ["b", "c"]), flag: true, missing: nil, present: "p")
        #expect(
            try JSONValueEncoder.encodeText(value)
                == #"{"name":"x","inner":{"z":1,"a":["b","c"]},"flag":true,"present":"p"}"#)
    }

    @Test("arrays of objects, empty arrays and an explicitly encoded nil")
    func arraysOfObjects() throws {
        let history = JSONContract.HistoryBody(entries: [
            .init(number: 1, line: "help"), .init(number: 2, line: "menu"),
        ])
        #expect(
            try JSONValueEncoder.encodeText(history)
                == #"{"entries":[{"number":1,"line":"help"},{"number":2,"line":"menu"}]}"#)
        #expect(try JSONValueEncoder.encodeText(JSONContract.HistoryBody(entries: [])) == #"{"entries":[]}"#)
        let idle = JSONContract.StatusBody.Clerk(clerk: 1, ticket: nil, since_ms: nil, until_ms: nil)
        #expect(try JSONValueEncoder.encodeText(idle) == #"{"clerk":1,"ticket":null}"#)
        let busy = JSONContract.StatusBody.Clerk(clerk: 2, ticket: 7, since_ms: 0, until_ms: 700)
        #expect(
            try JSONValueEncoder.encodeText(busy) == #"{"clerk":2,"ticket":7,"since_ms":0,"until_ms":700}"#)
        #expect(try JSONValueEncoder.encodeText([[1, nil], [], [nil]] as [[Int?]]) == "[[1,null],[],[null]]")
    }

    @Test("encodeNil writes null in every kind of container")
    func nulls() throws {
        let value = Custom { encoder in
            var object = encoder.container(keyedBy: Key.self)
            try object.encodeNil(forKey: "keyed")
            var list = object.nestedUnkeyedContainer(forKey: "unkeyed")
            try list.encodeNil()
            try list.encode(
                Custom { encoder in
                    var single = encoder.singleValueContainer()
                    try single.encodeNil()
                })
        }
        #expect(try JSONValueEncoder.encodeText(value) == #"{"keyed":null,"unkeyed":[null,null]}"#)
        #expect(try JSONValueEncoder.encodeText(Int?.none) == "null")
    }

    @Test("nested containers close when their parent writes again, at any depth")
    func nestedContainers() throws {
        let value = Custom { encoder in
            var top = encoder.container(keyedBy: Key.self)
            try top.encode(1, forKey: "a")
            var inner = top.nestedContainer(keyedBy: Key.self, forKey: "inner")
            try inner.encode("x", forKey: "b")
            var list = inner.nestedUnkeyedContainer(forKey: "list")
            try list.encode(1)
            var cell = list.nestedContainer(keyedBy: Key.self)
            try cell.encode(true, forKey: "c")
            var row = list.nestedUnkeyedContainer()
            try row.encode("r")
            _ = top.nestedContainer(keyedBy: Key.self, forKey: "emptyObject")
            _ = top.nestedUnkeyedContainer(forKey: "emptyArray")
            try top.encode(2, forKey: "z")
        }
        #expect(
            try JSONValueEncoder.encodeText(value)
                == #"{"a":1,"inner":{"b":"x","list":[1,{"c":true},["r"]]},"emptyObject":{},"emptyArray":[],"z":2}"#)
    }

    @Test("a second container from the same encoder goes on with the same object")
    func containerTwice() throws {
        let value = Custom { encoder in
            var first = encoder.container(keyedBy: Key.self)
            try first.encode("error", forKey: "type")
            try first.encode(Inner(z: 1, a: []), forKey: "details")
            try FruitDetails(fruit: "kiwi").encode(to: encoder)
            var second = encoder.container(keyedBy: Key.self)
            try second.encode("bad", forKey: "message")
        }
        #expect(
            try JSONValueEncoder.encodeText(value)
                == #"{"type":"error","details":{"z":1,"a":[]},"fruit":"kiwi","message":"bad"}"#)
    }

    @Test("superEncoder joins the same object; superEncoder(forKey:) and an unkeyed one add a value")
    func superEncoders() throws {
        let value = Custom { encoder in
            var top = encoder.container(keyedBy: Key.self)
            try top.encode("child", forKey: "kind")
            try FruitDetails(fruit: "kiwi").encode(to: top.superEncoder())
            try FruitDetails(fruit: "mango").encode(to: top.superEncoder(forKey: "super"))
            _ = top.superEncoder(forKey: "unused")
            var list = top.nestedUnkeyedContainer(forKey: "list")
            try 5.encode(to: list.superEncoder())
            _ = list.superEncoder()
            try top.encode(true, forKey: "last")
        }
        #expect(
            try JSONValueEncoder.encodeText(value)
                == #"{"kind":"child","fruit":"kiwi","super":{"fruit":"mango"},"unused":null,"list":[5,null],"last":true}"#
        )
    }

    @Test("a value that writes nothing is null; an empty keyed container is an empty object")
    func emptyValues() throws {
        let nothing = Custom { _ in }
        #expect(try JSONValueEncoder.encodeText(nothing) == "null")
        #expect(try JSONValueEncoder.encodeText(["x": nothing]) == #"{"x":null}"#)
        #expect(try JSONValueEncoder.encodeText(JSONContract.Empty()) == "{}")
        #expect(
            try JSONValueEncoder.encodeText(JSONContract.Result(command: "stock", body: JSONContract.Empty()))
                == #"{"type":"result","command":"stock"}"#)
    }

    @Test("scalars at the top, and wrappers that hand their value to a single value container")
    func scalars() throws {
        enum Fruit: String, Encodable { case banana }
        #expect(try JSONValueEncoder.encodeText("x") == #""x""#)
        #expect(try JSONValueEncoder.encodeText(-5) == "-5")
        #expect(try JSONValueEncoder.encodeText(false) == "false")
        #expect(try JSONValueEncoder.encodeText(Fruit.banana) == #""banana""#)
        #expect(try JSONValueEncoder.encodeText([Fruit.banana]) == #"["banana"]"#)
        #expect(try JSONValueEncoder.encodeText(Int?.some(3)) == "3")
    }

    static func inArray(_ value: some Encodable) throws -> String {
        try JSONValueEncoder.encodeText([value])
    }

    static func inObject(_ value: some Encodable) throws -> String {
        try JSONValueEncoder.encodeText(["n": value])
    }

    @Test(
        "whole numbers of every width are written as integers",
        arguments: [
            (3.0 as Double, "3"), (-2 as Float, "-2"), (Int8.min, "-128"), (UInt8.max, "255"), (Int16.min, "-32768"),
            (UInt32.max, "4294967295"), (Int64.min, "-9223372036854775808"), (UInt64(Int.max), "9223372036854775807"),
            (UInt(7), "7"), (Int32(-1), "-1"), (UInt16(0), "0"), (-0.0 as Double, "0"),
        ] as [(any Encodable & Sendable, String)])
    func wholeNumbers(_ number: any Encodable & Sendable, _ expected: String) throws {
        #expect(try JSONValueEncoder.encodeText(number) == expected)
        #expect(try Self.inArray(number) == "[\(expected)]")
        #expect(try Self.inObject(number) == #"{"n":\#(expected)}"#)
    }

    @Test(
        "numbers JSON cannot hold as kiosk writes it are an EncodingError",
        arguments: [Double.nan, Double.infinity, -Double.infinity, 1.5, Float.nan, UInt64.max, UInt.max]
            as [any Encodable & Sendable])
    func unrepresentableNumbers(_ number: any Encodable & Sendable) {
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encodeText(number) }
        #expect(throws: EncodingError.self) { try Self.inArray(number) }
        #expect(throws: EncodingError.self) { try Self.inObject(number) }
    }

    @Test("the error names where the bad number is")
    func errorCodingPath() throws {
        let value = Custom { encoder in
            var top = encoder.container(keyedBy: Key.self)
            var list = top.nestedUnkeyedContainer(forKey: "values")
            try list.encode(1)
            try list.encode(Double.nan)
        }
        do {
            _ = try JSONValueEncoder.encodeText(value)
            Issue.record("NaN encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
        }
    }

    @Test("writing to a nested container after its parent moved on is an EncodingError, not garbled text")
    func staleContainers() {
        let lateKeyed = Custom { encoder in
            var top = encoder.container(keyedBy: Key.self)
            var inner = top.nestedContainer(keyedBy: Key.self, forKey: "inner")
            try top.encode(1, forKey: "next")
            try inner.encode(2, forKey: "late")
        }
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encodeText(lateKeyed) }
        let lateUnkeyed = Custom { encoder in
            var top = encoder.unkeyedContainer()
            var inner = top.nestedUnkeyedContainer()
            try top.encode(1)
            try inner.encode(2)
        }
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encodeText(lateUnkeyed) }
        let twice = Custom { encoder in
            var single = encoder.singleValueContainer()
            try single.encode(1)
            try single.encode(2)
        }
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encodeText(twice) }
        let objectThenArray = Custom { encoder in
            _ = encoder.container(keyedBy: Key.self)
            _ = encoder.unkeyedContainer()
        }
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encodeText(objectThenArray) }
    }

    @Test(
        "strings and keys escape as JSONValue does",
        arguments: [
            "plain", #"say "hi""#, #"C:\data"#, "a\nb\rc\td", "\u{0}\u{1}\u{1B}[31m\u{1F}", "\u{7F}",
            "line\u{2028}para\u{2029}", "망고 é 🍌 / \u{E2}", "",
        ])
    func escaping(_ text: String) throws {
        let expected = JSONValue.string(text).serialized()
        #expect(try JSONValueEncoder.encodeText(text) == expected)
        #expect(try JSONValueEncoder.encodeText([text: text]) == "{\(expected):\(expected)}")
    }

    @Test("the text is one line that JSONSerialization reads back")
    func parsesWithFoundation() throws {
        var awkward = ""
        for scalar in (0...0x7F).compactMap(Unicode.Scalar.init) { awkward.unicodeScalars.append(scalar) }
        awkward += "\u{2028}\u{2029}\u{85}\u{FEFF}망고🍌e\u{301}"
        let text = try JSONValueEncoder.encodeText(
            JSONContract.Result(command: "order", body: FruitDetails(fruit: awkward)))
        #expect(!text.contains("\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let object = try #require(parsed as? [String: Any])
        #expect(object["type"] as? String == "result")
        #expect(object["fruit"] as? String == awkward)
    }
}
