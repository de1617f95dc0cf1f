import Testing

@testable import KioskREPL

@Suite("FrameWriter: only changed cells, in synchronized frames")
struct FrameWriterTests {
    static func grid(_ lines: [String], width: Int = 20, height: Int = 4) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        for (row, line) in lines.enumerated() { grid.put(line, row: row, column: 0) }
        return grid
    }

    @Test("the first frame is drawn in full, inside one synchronized update")
    func firstFrame() {
        var writer = FrameWriter(colors: false)
        let bytes = writer.frame(Self.grid(["Bank", "  clerk 1  #3"]))
        var screen = FakeScreen(width: 20, height: 4)
        screen.apply(bytes)
        #expect(screen.text == ["Bank", "  clerk 1  #3", "", ""])
        #expect(screen.synchronizedFrames == 1)
        #expect(!screen.openSynchronized)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("\u{1B}[?2026h"))
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\u{1B}[?2026l"))
    }

    @Test("a later frame writes only the cells that changed")
    func changedCellsOnly() {
        var writer = FrameWriter(colors: false)
        var screen = FakeScreen(width: 20, height: 4)
        screen.apply(writer.frame(Self.grid(["waiting 12", "served 3"])))
        let bytes = writer.frame(Self.grid(["waiting 11", "served 4"]))
        let text = String(decoding: bytes, as: UTF8.self)
        // Two cells changed: each is one cursor move and one character.
        #expect(text == "\u{1B}[?2026h\u{1B}[1;10H1\u{1B}[2;8H4\u{1B}[?2026l")
        screen.apply(bytes)
        #expect(screen.text == ["waiting 11", "served 4", "", ""])
    }

    @Test("an unchanged frame writes nothing at all")
    func unchangedFrame() {
        var writer = FrameWriter(colors: true)
        let grid = Self.grid(["Bank"])
        _ = writer.frame(grid)
        #expect(writer.frame(grid).isEmpty)
    }

    @Test("a frame of another size, or after invalidate, is drawn in full")
    func fullRedraw() {
        var writer = FrameWriter(colors: false)
        _ = writer.frame(Self.grid(["Bank"]))
        let resized = String(decoding: writer.frame(Self.grid(["Bank"], width: 30)), as: UTF8.self)
        #expect(resized.contains("\u{1B}[2J"))
        writer.invalidate()
        let again = String(decoding: writer.frame(Self.grid(["Bank"], width: 30)), as: UTF8.self)
        #expect(again.contains("\u{1B}[2J") && again.contains("Bank"))
    }

    @Test("colours become SGR sequences only when colours are on")
    func colours() {
        var grid = CellGrid(width: 10, height: 1)
        grid.put("#4 Loan", row: 0, column: 0, style: CellStyle(.purple))
        var coloured = FrameWriter(colors: true)
        var screen = FakeScreen(width: 10, height: 1)
        screen.apply(coloured.frame(grid))
        #expect(screen.styles[0][0] == "0;38;5;135")
        var plain = FrameWriter(colors: false)
        let bytes = plain.frame(grid)
        var plainScreen = FakeScreen(width: 10, height: 1)
        plainScreen.apply(bytes)
        #expect(plainScreen.sgrSeen.isEmpty)
        #expect(plainScreen.text == ["#4 Loan"])
    }

    @Test("a wide character is rewritten whole when either half changes")
    func wideCharacters() {
        var writer = FrameWriter(colors: false)
        var screen = FakeScreen(width: 10, height: 1)
        var first = CellGrid(width: 10, height: 1)
        first.put("ab은행", row: 0, column: 0)
        screen.apply(writer.frame(first))
        var second = CellGrid(width: 10, height: 1)
        second.put("ab은x", row: 0, column: 0)
        screen.apply(writer.frame(second))
        #expect(screen.text.first?.filter { $0 != "\u{0}" } == "ab은x")
    }

    @Test("text is clipped at the grid's edge and control characters show as ?")
    func clipping() {
        var grid = CellGrid(width: 5, height: 1)
        let end = grid.put("a\u{7}bcdefgh", row: 0, column: 0)
        #expect(end == 5)
        #expect((0..<5).map { Character(grid[0, $0].scalar) } == ["a", "?", "b", "c", "d"])
    }
}
