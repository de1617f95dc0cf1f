import JuiceMaker
import KioskCore
import Testing

@Suite struct MenuTests {
    /// The classic recipes, as `config/kiosk.toml` ships them.
    static let defaultRecipes: [(juice: String, recipe: [String: Int])] = [
        ("strawberry", ["strawberry": 16]),
        ("banana", ["banana": 2]),
        ("kiwi", ["kiwi": 3]),
        ("pineapple", ["pineapple": 2]),
        ("strawberry-banana", ["strawberry": 10, "banana": 1]),
        ("mango", ["mango": 3]),
        ("mango-kiwi", ["mango": 2, "kiwi": 1]),
    ]

    @Test("the built-in menu holds the classic juices, in order, with their recipes")
    func builtInMenu() throws {
        let menu = try Menu(config: KioskConfig.embeddedDefault())
        #expect(menu.juices.map(\.id) == Self.defaultRecipes.map(\.juice))
        for (id, recipe) in Self.defaultRecipes {
            let juice = try #require(menu.juice(id))
            let ingredients = Dictionary(uniqueKeysWithValues: juice.recipe.ingredients.map { ($0.fruit, $0.amount) })
            #expect(ingredients == recipe, "recipe of \(id)")
        }
        #expect(menu.fruits.map(\.id) == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
        #expect(menu.fruits.allSatisfy { $0.initial == 10 && $0.maximum == 100 })
    }

    @Test("the menu comes from the config, not from code")
    func menuFollowsConfig() throws {
        let menu = try Menu(config: .orchard)
        #expect(menu.fruits.map(\.id) == ["apple", "pear"])
        #expect(menu.juices.map(\.name) == ["Orchard Blend"])
        #expect(menu.juice("blend")?.recipe.amount(of: "pear") == 3)
        #expect(menu.initialStock["apple"] == 4)
        #expect(menu.initialStock["mango"] == nil)
    }

    @Test("ids, names and aliases all resolve, in any case")
    func choices() throws {
        let menu = try Menu(config: KioskConfig.embeddedDefault())
        #expect(try menu.juiceChoices.resolve("DDALGI") == "strawberry")
        #expect(try menu.juiceChoices.resolve("mango-kiwi juice") == "mango-kiwi")
        #expect(try menu.juiceChoices.resolve("strawberry banana") == "strawberry-banana")
        #expect(try menu.fruitChoices.resolve("Kiwi") == "kiwi")
        #expect(throws: ParseError.self) { try menu.fruitChoices.resolve("mangoo") }
        #expect(menu.juiceChoices.noun == "juice")
        #expect(menu.fruitChoices.noun == "fruit")
    }

    @Test("stored levels load clamped into the shelves, missing fruits at their initial stock")
    func storedLevels() throws {
        let menu = try Menu(config: .orchard)
        let stock = menu.stock(levels: ["apple": 99, "pear": -3, "quince": 5])
        #expect(stock["apple"] == 6)
        #expect(stock["pear"] == 0)
        #expect(menu.stock(levels: [:]) == menu.initialStock)
    }

    @Test(
        "a config that no menu can come from is refused",
        arguments: [
            (
                [KioskConfig.Fruit(id: "apple", name: "Apple", initial: 1, maximum: 5)],
                [KioskConfig.Ingredient(fruit: "pear", amount: 1)]
            ),
            (
                [KioskConfig.Fruit(id: "apple", name: "Apple", initial: 1, maximum: 5)],
                [KioskConfig.Ingredient(fruit: "apple", amount: 0)]
            ),
            (
                [KioskConfig.Fruit(id: "apple", name: "Apple", initial: 9, maximum: 5)],
                [KioskConfig.Ingredient(fruit: "apple", amount: 1)]
            ),
        ])
    func invalidMenus(fruits: [KioskConfig.Fruit], recipe: [KioskConfig.Ingredient]) {
        let config = KioskConfig(
            fruits: fruits,
            juices: [KioskConfig.Juice(id: "j", name: "J", aliases: [], recipe: recipe)],
            bank: KioskConfig.orchard.bank)
        #expect {
            try Menu(config: config)
        } throws: { error in
            (error as? JuiceError)?.code == "invalid_menu"
        }
    }
}

extension KioskConfig {
    /// A small menu unlike the built-in one: two fruits, one juice.
    static let orchard = KioskConfig(
        fruits: [
            Fruit(id: "apple", name: "Apple", initial: 4, maximum: 6),
            Fruit(id: "pear", name: "Pear", initial: 9, maximum: 12),
        ],
        juices: [
            Juice(
                id: "blend", name: "Orchard Blend", aliases: ["orchard"],
                recipe: [Ingredient(fruit: "apple", amount: 2), Ingredient(fruit: "pear", amount: 3)])
        ],
        bank: BankSetup(
            customers: 1...2,
            desks: [Desk(task: "deposit", name: "Deposit", clerks: 1, serviceTime: .milliseconds(700))]))
}
