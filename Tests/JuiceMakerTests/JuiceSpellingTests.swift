import KioskCore
import Testing

@testable import JuiceMaker

/// A juice is ordered by its name without the word for juice, in any language, where no
/// other juice shares that short name.
@Suite struct JuiceSpellingTests {
    @Test(
        "a name's short form drops the word for juice",
        arguments: [
            ("바나나쥬스", "바나나"), ("망고키위주스", "망고키위"), ("Kiwi Juice", "Kiwi"), ("Mango-Kiwi Juice", "Mango-Kiwi"),
            ("쥬스", nil), ("Lemonade", nil),
        ] as [(String, String?)])
    func shortName(name: String, short: String?) {
        #expect(JuiceSpelling.shortName(of: name) == short)
    }

    @Test("short forms no other juice shares are kept, with the other spelling of 쥬스")
    func uniqueShortNames() {
        let names = JuiceSpelling.uniqueShortNames(
            ids: ["banana", "berry-a", "berry-b"],
            spellings: [["Banana Juice", "바나나쥬스"], ["Berry Juice", "베리쥬스"], ["Berry juice", "베리 주스"]])
        #expect(names[0] == ["바나나", "바나나주스"])
        // Both berries would be `berry` and `베리`: neither gets a short form that names the other.
        #expect(!names[1].contains { $0.lowercased() == "berry" || $0 == "베리" })
        #expect(!names[2].contains { $0.lowercased() == "berry" || $0 == "베리" })
    }

    @Test("the default menu takes 바나나 for 바나나쥬스 and 망고키위 for 망고키위쥬스")
    func menuChoices() {
        let menu = Menu(config: KioskConfig.builtIn)
        let choices = menu.juiceChoices
        #expect(choices.set.choice(named: "바나나")?.id == "banana")
        #expect(choices.set.choice(named: "망고키위")?.id == "mango-kiwi")
        #expect(choices.set.choice(named: "딸기주스")?.id == "strawberry")
        #expect(choices.set.choice(named: "망고")?.id == "mango")
    }
}
