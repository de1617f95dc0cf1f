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
        let menu = Menu(config: KioskConfig.builtIn)
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
        let menu = Menu(config: .orchard)
        #expect(menu.fruits.map(\.id) == ["apple", "pear"])
        #expect(menu.juices.map(\.name) == ["Orchard Blend"])
        #expect(menu.juice("blend")?.recipe.amount(of: "pear") == 3)
        #expect(menu.initialStock["apple"] == 4)
        #expect(menu.initialStock["mango"] == nil)
    }

    @Test("ids, names and aliases all resolve, in any case")
    func choices() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        #expect(try menu.juiceChoices.resolve("DDALGI").id == "strawberry")
        #expect(try menu.juiceChoices.resolve("mango-kiwi juice").id == "mango-kiwi")
        #expect(try menu.juiceChoices.resolve("strawberry banana").id == "strawberry-banana")
        #expect(try menu.fruitChoices.resolve("Kiwi").id == "kiwi")
        #expect(try menu.juiceChoices.value(of: menu.juiceChoices.resolve("DDALGI")) == menu.juice("strawberry"))
        #expect(try menu.fruitChoices.value(of: menu.fruitChoices.resolve("Kiwi")) == menu.fruit("kiwi"))
        #expect(throws: ParseError.self) { try menu.fruitChoices.resolve("mangoo") }
        #expect(menu.juiceChoices.noun == "juice")
        #expect(menu.fruitChoices.noun == "fruit")
    }

    @Test("stored levels load clamped into the shelves, missing fruits at their initial stock")
    func storedLevels() throws {
        let menu = Menu(config: .orchard)
        let stock = menu.stock(levels: ["apple": 99, "pear": -3, "quince": 5])
        #expect(stock["apple"] == 6)
        #expect(stock["pear"] == 0)
        #expect(menu.stock(levels: [:]) == menu.initialStock)
    }

    @Test("a config built in code that breaks the parser's rules still makes a menu that cannot crash")
    func unvalidatedConfig() throws {
        // ConfigParser refuses these in a file; a config built in code is taken as it is.
        let config = KioskConfig(
            fruits: [KioskConfig.Fruit(id: "apple", name: "Apple", initial: 1, maximum: 5)],
            juices: [
                KioskConfig.Juice(
                    id: "pear", name: "Pear Juice", aliases: [],
                    recipe: [KioskConfig.Ingredient(fruit: "pear", amount: 1)]),
                KioskConfig.Juice(
                    id: "air", name: "Apple Air", aliases: [],
                    recipe: [KioskConfig.Ingredient(fruit: "apple", amount: 0)]),
            ],
            bank: KioskConfig.orchard.bank)
        let menu = Menu(config: config)
        var stock = menu.initialStock
        let pear = try #require(menu.juice("pear"))
        #expect(stock.available(pear.recipe) == 0)
        #expect(throws: JuiceError.unknownFruit("pear")) { try stock.apply(.order(juice: pear, count: 1)) }
        let air = try #require(menu.juice("air"))
        #expect(stock.mostEverAvailable(air.recipe) == 0)
        #expect(stock == menu.initialStock)
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
