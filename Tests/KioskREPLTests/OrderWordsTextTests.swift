import JuiceMaker
import KioskCore
import Testing

@testable import KioskREPL

/// The sentences of orders of several juices and of the offer after a refusal, in English
/// and in Korean (the exercise's alert, with its particles chosen, never `을(를)`).
@Suite struct OrderWordsTextTests {
    @Test("English lists every juice and asks the offer with one key")
    func english() {
        let english = EnglishCatalog()
        #expect(
            english.ordersMade([(1, "Banana Juice"), (2, "Kiwi Juice")]) == "Made 1 Banana Juice and 2 Kiwi Juice.")
        #expect(
            english.ordersMade([(1, "Banana Juice"), (2, "Kiwi Juice"), (1, "Mango Juice")])
                == "Made 1 Banana Juice, 2 Kiwi Juice and 1 Mango Juice.")
        #expect(
            english.restockQuestion([("strawberry", "Strawberry", 6)], juices: 1)
                == "Add 6 strawberry and make it? [y/N] ")
        #expect(
            english.restockQuestion([("strawberry", "Strawberry", 6), ("banana", "Banana", 1)], juices: 2)
                == "Add 6 strawberry and 1 banana and make them? [y/N] ")
        #expect(
            english.fruitAdded([("strawberry", "Strawberry", 10, 16)]) == "Added 6 strawberry (10 -> 16).")
    }

    @Test("Korean asks as the exercise's alert does, and names the fruit added")
    func korean() {
        let korean = KoreanCatalog()
        #expect(
            korean.restockQuestion([("strawberry", "딸기", 6)], juices: 1) == "딸기 6개를 채우고 만들까요? [y/N] ")
        #expect(
            korean.fruitAdded([("strawberry", "딸기", 10, 16), ("banana", "바나나", 0, 1)])
                == "재고에 딸기 6개, 바나나 1개를 채웠습니다 (딸기 10 -> 16, 바나나 0 -> 1).")
        #expect(korean.ordersMade([(1, "바나나쥬스"), (2, "키위쥬스")]) == "바나나쥬스 1잔, 키위쥬스 2잔 나왔습니다! 맛있게 드세요!")
        for text in [
            korean.restockQuestion([("kiwi", "키위", 2)], juices: 2),
            korean.fruitAdded([("kiwi", "키위", 1, 3)]),
        ] {
            #expect(!text.contains("(를)") && !text.contains("(을)") && !text.contains(";"), "\(text)")
        }
    }

    @Test("a refusal of several juices names each, in both languages")
    func severalRefused() {
        let refusal = OrderRefusal(
            lines: [
                .init(juice: "kiwi", juiceName: "Kiwi Juice", count: 3),
                .init(juice: "mango-kiwi", juiceName: "Mango-Kiwi Juice", count: 3),
            ],
            shortages: [Shortage(fruit: "kiwi", need: 12, have: 10)], fitsShelves: true)
        #expect(
            EnglishCatalog().describe(JuiceError.outOfStock(refusal))
                == "Cannot make 3 Kiwi Juice and 3 Mango-Kiwi Juice: kiwi needs 12, has 10. "
                + "Fix: 'stock add kiwi 2' adds just what this order takes (the shelf is empty after it), or 'stock fill kiwi' fills the shelf."
        )
        #expect(
            KoreanCatalog().describe(JuiceError.outOfStock(refusal)).hasPrefix(
                "재료가 모자라요. Kiwi Juice 3잔, Mango-Kiwi Juice 3잔에 kiwi 12개가 필요한데 10개 있어요. "))
        let tooMany = OrderRefusal(
            lines: refusal.lines, shortages: [Shortage(fruit: "kiwi", need: 120, have: 10)], fitsShelves: false)
        #expect(
            EnglishCatalog().describe(JuiceError.outOfStock(tooMany)).hasSuffix(
                "Full shelves cannot fill this order; order fewer juices."))
    }
}
