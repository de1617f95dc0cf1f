import Testing

@testable import KioskREPL

@Suite("JSONValue.writeInteger")
struct WriteIntegerTests {
    @Test(
        "appends the decimal digits after what the bytes held, as String(_:) spells the number",
        arguments: [0, 7, -1, 9, 10, -10, 99, 100, 300_000, -123_456_789, Int.max, Int.min, Int.min + 1])
    func spellsLikeString(number: Int) {
        var bytes = Array("level ".utf8)
        JSONValue.writeInteger(number, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "level " + String(number))
    }
}
