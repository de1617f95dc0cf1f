import Testing

@testable import KioskREPL

@Suite("Text wrapper")
struct TextWrapperTests {
    @Test("wraps at spaces, never inside a word that fits a line")
    func wrapsAtSpaces() {
        let text = "Each shelf holds from 0 up to its max. Change it with 'stock set', 'stock add' and 'stock remove'."
        let lines = TextWrapper.wrap(text, width: 30)
        #expect(lines.allSatisfy { $0.count <= 30 })
        #expect(lines.joined(separator: " ") == text)
        #expect(
            lines == [
                "Each shelf holds from 0 up to", "its max. Change it with 'stock", "set', 'stock add' and 'stock",
                "remove'.",
            ])
    }

    @Test("keeps an indented line's indent on the lines it wraps onto, and the spacing of a line that fits")
    func indents() {
        #expect(
            TextWrapper.wrap("  order strawberry banana 2", width: 16) == ["  order", "  strawberry", "  banana 2"])
        #expect(TextWrapper.wrap(" 9  menu", width: 80) == [" 9  menu"])
    }

    @Test("cuts only a word longer than the whole line")
    func longWords() {
        #expect(TextWrapper.wrap("ab abcdefghij", width: 4) == ["ab", "abcd", "efgh", "ij"])
    }

    @Test("help at 80 columns: every line fits, words whole, summaries under their column")
    func helpAtEighty() async throws {
        let shop = try await ShopSession(format: .text, width: 80)
        await shop.run("help")
        let lines = shop.output.text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        #expect(lines.contains("Juice bar:") && lines.contains("Bank:") && lines.contains("Kiosk:"))
        let stock = try #require(lines.firstIndex { $0.hasPrefix("  stock ") && !$0.hasPrefix("  stock set") })
        #expect(lines[stock].hasSuffix("Shows how much of each fruit is on the"))
        #expect(String(lines[stock + 1].drop { $0 == " " }) == "shelves.")
        #expect(lines[stock + 1].prefix { $0 == " " }.count == 38, "the wrapped summary left its column")
        #expect(!shop.output.text.contains("shel\nves"))
    }
}

extension TextWrapperTests {
    @Test("counts a Hangul syllable as the two cells it takes")
    func hangul() {
        let lines = TextWrapper.wrap("진열대마다 0부터 최대치까지 담을 수 있습니다.", width: 20)
        #expect(lines.allSatisfy { CellWidth.of($0) <= 20 }, "\(lines)")
        #expect(lines == ["진열대마다 0부터", "최대치까지 담을 수", "있습니다."])
        #expect(TextWrapper.wrap("가나다라마바", width: 5) == ["가나", "다라", "마바"])
    }
}
