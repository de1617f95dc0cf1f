import Testing

@testable import KioskREPL

@Suite("Line splitter")
struct LineSplitterTests {
    func split(_ chunks: [String]) -> [String] {
        var splitter = LineSplitter()
        var lines: [String] = []
        for chunk in chunks {
            lines += Array(chunk.utf8).withUnsafeBufferPointer { splitter.split($0) }
        }
        if let last = splitter.finish() { lines.append(last) }
        return lines
    }

    @Test("cuts at newlines and keeps empty lines, so line numbers stay right")
    func basics() {
        #expect(split(["a\n\nb\n"]) == ["a", "", "b"])
    }

    @Test("joins a line cut across reads")
    func acrossChunks() {
        #expect(split(["sto", "ck\nhe", "", "lp\n"]) == ["stock", "help"])
    }

    @Test("drops the carriage return of CRLF lines")
    func crlf() {
        #expect(split(["menu\r\nstock\r", "\n"]) == ["menu", "stock"])
    }

    @Test("keeps a last line without a newline")
    func lastLine() {
        #expect(split(["help\nstock"]) == ["help", "stock"])
        #expect(split([""]) == [])
    }

    @Test("repairs bytes that are not UTF-8")
    func invalidUTF8() {
        var splitter = LineSplitter()
        let lines = [UInt8]([0x61, 0xFF, 0x0A]).withUnsafeBufferPointer { splitter.split($0) }
        #expect(lines == ["a\u{FFFD}"])
    }
}
