import Glibc
import Testing

@testable import KioskREPL

@Suite("StandardStream append")
struct StandardStreamAppendTests {
    @Test("what a body appends goes out in its place among the writes; a body that appends nothing writes nothing")
    func appendsInPlace() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let stream = StandardStream(descriptor: ends[1])
        stream.write("first\n")
        let answer = stream.append { bytes -> Int in
            bytes.append(contentsOf: Array("second\n".utf8))
            return 42
        }
        #expect(answer == 42)
        #expect(stream.append { _ in false } == false)
        stream.write(bytes: Array("third\n".utf8))
        stream.flush()
        close(ends[1])
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(ends[0], &chunk, chunk.count)
            if count <= 0 { break }
            received.append(contentsOf: chunk[0..<count])
        }
        #expect(String(decoding: received, as: UTF8.self) == "first\nsecond\nthird\n")
        #expect(stream.writeFailure == nil)
    }

    @Test("a sink without a buffer of its own writes what the body appended as one write")
    func defaultAppend() {
        let sink = CapturedText()
        let written = sink.append { bytes -> Bool in
            bytes.append(contentsOf: Array("a line\n".utf8))
            return true
        }
        #expect(written)
        #expect(sink.text == "a line\n")
    }
}
