import Glibc
import Testing

@testable import KioskREPL

@Suite("Standard input reader")
struct StandardInputReaderTests {
    @Test("reads every line of a pipe to its end, in order, across small reads")
    func readsPipe() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let lines = (1...5_000).map { "stock add mango \($0)" }
        let text = Array((lines.joined(separator: "\n") + "\nlast without newline").utf8)
        let reader = StandardInputReader(descriptor: ends[0], chunkSize: 1_000)
        // The pipe holds less than the whole text: the writer runs beside the reader.
        async let written: Void = {
            text.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count, let base = bytes.baseAddress {
                    let count = write(ends[1], base + offset, bytes.count - offset)
                    if count <= 0 { break }
                    offset += count
                }
            }
            close(ends[1])
        }()
        var received: [String] = []
        for await batch in reader { received += batch }
        await written
        close(ends[0])
        #expect(received == lines + ["last without newline"])
    }
}
