import Testing

@testable import KioskREPL

@Suite("Output written into room on the stack")
struct OutputRoomTests {
    /// Every count of digits, at both ends, with its sign.
    static let integers: [Int] = {
        var numbers: [Int] = [0, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            numbers += [power - 1, power, power + 1, -(power - 1), -power]
        }
        return numbers
    }()

    @Test("an integer reads as its decimal text, for every count of digits", arguments: integers)
    func integer(number: Int) {
        var bytes: [UInt8] = []
        OutputRoom.write(to: &bytes) { room in room.write(integer: number) }
        #expect(String(decoding: bytes, as: UTF8.self) == String(number))
    }

    @Test("pieces past the room's end all arrive, in order, after what the output held")
    func longerThanTheRoom() {
        var bytes = Array("before ".utf8)
        var expected = "before "
        OutputRoom.write(to: &bytes) { room in
            for number in Self.integers {
                room.write(integer: number)
                room.write(byte: UInt8(ascii: ","))
                room.write(string: "a \"quoted\" name")
                room.write(" and text\n")
            }
        }
        for number in Self.integers { expected += "\(number),\"a \\\"quoted\\\" name\" and text\n" }
        #expect(expected.utf8.count > OutputRoom.capacity * 4)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
}
