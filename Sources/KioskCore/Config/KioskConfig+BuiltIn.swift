// Generated from config/kiosk.toml by `make builtin-config` (Sources/WriteBuiltInConfig):
// do not edit. BuiltInConfigTests fails when it no longer equals that file as parsed.

extension KioskConfig {
    /// config/kiosk.toml as ``ConfigParser`` reads it, compiled in: the default kiosk
    /// starts with costs no parsing.
    public static let builtIn = KioskConfig(
        fruits: [
            Fruit(
                id: "strawberry", name: "Strawberry", initial: 10, maximum: 100,
                translations: ["en": "Strawberry", "ko": "딸기"]),
            Fruit(
                id: "banana", name: "Banana", initial: 10, maximum: 100, translations: ["en": "Banana", "ko": "바나나"]),
            Fruit(
                id: "pineapple", name: "Pineapple", initial: 10, maximum: 100,
                translations: ["en": "Pineapple", "ko": "파인애플"]),
            Fruit(id: "kiwi", name: "Kiwi", initial: 10, maximum: 100, translations: ["en": "Kiwi", "ko": "키위"]),
            Fruit(id: "mango", name: "Mango", initial: 10, maximum: 100, translations: ["en": "Mango", "ko": "망고"]),
        ],
        juices: [
            Juice(
                id: "strawberry", name: "Strawberry Juice", aliases: ["ddalgi"],
                recipe: [Ingredient(fruit: "strawberry", amount: 16)],
                translations: ["en": "Strawberry Juice", "ko": "딸기쥬스"]),
            Juice(
                id: "banana", name: "Banana Juice", aliases: ["banana-juice"],
                recipe: [Ingredient(fruit: "banana", amount: 2)], translations: ["en": "Banana Juice", "ko": "바나나쥬스"]),
            Juice(
                id: "kiwi", name: "Kiwi Juice", aliases: ["kiwi-juice"], recipe: [Ingredient(fruit: "kiwi", amount: 3)],
                translations: ["en": "Kiwi Juice", "ko": "키위쥬스"]),
            Juice(
                id: "pineapple", name: "Pineapple Juice", aliases: ["pine"],
                recipe: [Ingredient(fruit: "pineapple", amount: 2)],
                translations: ["en": "Pineapple Juice", "ko": "파인애플쥬스"]),
            Juice(
                id: "strawberry-banana", name: "Strawberry-Banana Juice",
                aliases: ["ddalba", "strawberry banana", "딸바"],
                recipe: [Ingredient(fruit: "strawberry", amount: 10), Ingredient(fruit: "banana", amount: 1)],
                translations: ["en": "Strawberry-Banana Juice", "ko": "딸바쥬스"]),
            Juice(
                id: "mango", name: "Mango Juice", aliases: ["mango-juice"],
                recipe: [Ingredient(fruit: "mango", amount: 3)], translations: ["en": "Mango Juice", "ko": "망고쥬스"]),
            Juice(
                id: "mango-kiwi", name: "Mango-Kiwi Juice", aliases: ["mangki", "mango kiwi", "망키쥬스", "망키"],
                recipe: [Ingredient(fruit: "kiwi", amount: 1), Ingredient(fruit: "mango", amount: 2)],
                translations: ["en": "Mango-Kiwi Juice", "ko": "망고키위쥬스"]),
        ],
        bank: BankSetup(
            customers: 10...30,
            places: [
                BankPlace(
                    id: "deposit", name: "Deposit", kind: .desk, clerks: 2, translations: ["en": "Deposit", "ko": "예금"]),
                BankPlace(id: "loan", name: "Loan", kind: .desk, clerks: 1, translations: ["en": "Loan", "ko": "대출"]),
            ],
            tasks: [
                BankRoute(
                    id: "deposit", name: "Deposit", share: 1,
                    stages: [
                        BankStage(
                            id: "deposit", name: "Deposit", place: "deposit", serviceTime: .milliseconds(700),
                            clerkStays: false, timing: .fixed, translations: ["en": "Deposit", "ko": "예금"])
                    ], translations: ["en": "Deposit", "ko": "예금"]),
                BankRoute(
                    id: "loan", name: "Loan", share: 1,
                    stages: [
                        BankStage(
                            id: "loan", name: "Loan", place: "loan", serviceTime: .milliseconds(1100),
                            clerkStays: false, timing: .fixed, translations: ["en": "Loan", "ko": "대출"])
                    ], translations: ["en": "Loan", "ko": "대출"]),
            ],
            grades: [
                BankGrade(id: "regular", name: "Regular", share: 1, translations: ["ko": "일반"])
            ]))
}
