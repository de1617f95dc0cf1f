import Glibc
import Testing

@testable import KioskREPL

@Suite("Prompt geometry")
struct PromptGeometryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let typed: Int
        let columns: Int
        let rows: Int
        var testDescription: String { "7+\(typed) columns on \(columns): \(rows) rows up" }
    }

    @Test(
        "counts the rows above the cursor",
        arguments: [
            Case(typed: 0, columns: 80, rows: 0),
            Case(typed: 72, columns: 80, rows: 0),
            // Exactly at the right edge the cursor has already wrapped.
            Case(typed: 73, columns: 80, rows: 1),
            Case(typed: 152, columns: 80, rows: 1),
            Case(typed: 153, columns: 80, rows: 2),
            Case(typed: 200, columns: 100, rows: 2),
            Case(typed: 5, columns: 3, rows: 4),
            Case(typed: 50, columns: 0, rows: 0),
        ])
    func rows(_ example: Case) {
        let rows = PromptGeometry.rowsAboveCursor(
            prompt: "kiosk> ", textBeforeCursor: String(repeating: "a", count: example.typed), columns: example.columns)
        #expect(rows == example.rows)
    }

    @Test("starts a new row at each newline of a pasted line")
    func pastedLines() {
        let text = "stock set mango 3\n" + String(repeating: "b", count: 45)
        // Row 0: the prompt and the first line; rows 1 and 2: 45 columns on a 40-column screen.
        #expect(PromptGeometry.rowsAboveCursor(prompt: "kiosk> ", textBeforeCursor: text, columns: 40) == 2)
        #expect(PromptGeometry.rowsAboveCursor(prompt: "kiosk> ", textBeforeCursor: "a\n", columns: 40) == 1)
    }

    @Test("clears from the first row of the prompt to the end of the screen")
    func clearSequence() {
        #expect(PromptGeometry.clearSequence(rowsAbove: 0) == "\r\u{1B}[J")
        #expect(PromptGeometry.clearSequence(rowsAbove: 3) == "\r\u{1B}[3A\u{1B}[J")
    }

    @Test(
        "measures text the way readline draws it",
        arguments: [
            ("stock", 0, 5),
            ("a\tb", 0, 9),
            ("\t", 3, 8),
            ("\u{1B}", 0, 2),
            ("x\u{7F}", 0, 3),
        ] as [(String, Int, Int)])
    func width(text: String, start: Int, expected: Int) {
        #expect(DisplayWidth.of(text, startingAt: start) == expected)
    }

    @Test("counts wide characters twice and combining marks not at all")
    func wideCharacters() throws {
        // wcwidth knows these only in a UTF-8 locale, which readline sets from the environment.
        let previous = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        defer { if let previous { setlocale(LC_CTYPE, previous) } }
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(
            PromptGeometry.rowsAboveCursor(
                prompt: "kiosk> ", textBeforeCursor: String(repeating: "漢", count: 40), columns: 80) == 1)
    }

    @Test("ignores readline's markers around invisible prompt text")
    func invisiblePromptText() {
        #expect(ReadlineReader.visible("\u{01}\u{1B}[1m\u{02}kiosk> \u{01}\u{1B}[0m\u{02}") == "kiosk> ")
    }
}
