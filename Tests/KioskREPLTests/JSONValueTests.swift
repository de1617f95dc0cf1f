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

    @Test("the encoder keeps declaration order, nests, and writes nulls it is asked to")
    func encoder() throws {
        struct Inner: Encodable {
            let z: Int
            let a: [String]
        }
        struct Outer: Encodable {
            let name: String
            let inner: Inner
            let flag: Bool
            let missing: Int?
        }
        let value = try JSONValueEncoder.encode(Outer(name: "x", inner: Inner(z: 1, a: ["b"]), flag: true, missing: nil))
        #expect(value.serialized() == #"{"name":"x","inner":{"z":1,"a":["b"]},"flag":true}"#)
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encode([Double.nan]) }
    }
}
