import JuiceMaker
import KioskCore
import Testing

@Suite struct InventoryTests {
    let menu: Menu

    init() throws {
        menu = Menu(config: KioskConfig.builtIn)
    }

    private func juice(_ id: String) throws -> Juice { try #require(menu.juice(id)) }
    private func fruit(_ id: String) throws -> Fruit { try #require(menu.fruit(id)) }

    @Test("every default recipe takes exactly its ingredients and nothing else", arguments: MenuTests.defaultRecipes)
    func everyRecipe(juiceID: String, recipe: [String: Int]) throws {
        var stock = menu.initialStock
        // Exactly one juice's worth of each ingredient, so a second juice must be refused.
        for (fruitID, amount) in recipe {
            _ = try stock.apply(.set(fruit: fruit(fruitID), amount: amount))
        }
        let before = stock

        let deltas = try stock.apply(.order(juice: juice(juiceID), count: 1))

        for fruit in menu.fruits {
            #expect(stock[fruit] == before[fruit] - (recipe[fruit.id] ?? 0), "\(fruit.id) after \(juiceID)")
        }
        #expect(deltas.map(\.fruit) == menu.fruits.map(\.id).filter { recipe[$0] != nil })
        #expect(deltas.allSatisfy { $0.new == 0 })
        #expect(throws: JuiceError.self) { try stock.apply(.order(juice: juice(juiceID), count: 1)) }
    }

    @Test("strawberry juice needs 16 strawberries and the shelf has 10: refused, nothing taken")
    func strawberryRefused() throws {
        var stock = menu.initialStock
        let refusal = OrderRefusal(
            juice: "strawberry", juiceName: "Strawberry Juice", count: 1,
            shortages: [Shortage(fruit: "strawberry", need: 16, have: 10)], mostEverAvailable: 6)
        #expect(throws: JuiceError.outOfStock(refusal)) {
            try stock.apply(.order(juice: juice("strawberry"), count: 1))
        }
        #expect(stock == menu.initialStock)
        #expect(refusal.missing.map { "stock add \($0.fruit) \($0.amount)" } == ["stock add strawberry 6"])
    }

    @Test("strawberry-banana without banana leaves the strawberries untouched")
    func allOrNothing() throws {
        var stock = menu.initialStock
        _ = try stock.apply(.set(fruit: fruit("banana"), amount: 0))
        let before = stock
        #expect {
            try stock.apply(.order(juice: juice("strawberry-banana"), count: 1))
        } throws: { error in
            guard case JuiceError.outOfStock(let refusal) = error else { return false }
            return refusal.shortages == [Shortage(fruit: "banana", need: 1, have: 0)]
        }
        #expect(stock == before)
        #expect(stock[try fruit("strawberry")] == 10)
    }

    @Test("an order with an addition still short counts the shelf without the addition, and changes nothing")
    func restockStillShort() throws {
        var stock = menu.initialStock
        // Offered at 90 (add 6 for 96); another kiosk sold one juice meanwhile: 74.
        _ = try stock.apply(.set(fruit: fruit("strawberry"), amount: 74))
        let before = stock
        let lines = [OrderLine(juice: try juice("strawberry"), count: 6)]
        let addition = FruitEdit(fruit: try fruit("strawberry"), amount: 6)
        #expect {
            try stock.apply(.orders(lines, restock: [addition]))
        } throws: { error in
            guard case JuiceError.outOfStock(let refusal) = error else { return false }
            return refusal.shortages == [Shortage(fruit: "strawberry", need: 96, have: 74)]
                && refusal.missing.map(\.amount) == [22]
        }
        #expect(stock == before)
    }

    @Test("an order checks every ingredient for all its juices and names every shortage")
    func everyShortageNamed() throws {
        let stock = menu.initialStock
        let recipe = try juice("strawberry-banana").recipe
        #expect(stock.shortages(for: recipe, count: 1).isEmpty)
        #expect(
            stock.shortages(for: recipe, count: 11) == [
                Shortage(fruit: "strawberry", need: 110, have: 10), Shortage(fruit: "banana", need: 11, have: 10),
            ])
        var empty = stock
        _ = try empty.apply(.set(fruit: fruit("banana"), amount: 0))
        let refusal = OrderRefusal(
            juice: "strawberry-banana", juiceName: "Strawberry-Banana Juice", count: 2,
            shortages: [
                Shortage(fruit: "strawberry", need: 20, have: 10), Shortage(fruit: "banana", need: 2, have: 0),
            ],
            mostEverAvailable: 10)
        #expect(throws: JuiceError.outOfStock(refusal)) {
            try empty.apply(.order(juice: juice("strawberry-banana"), count: 2))
        }
        #expect(
            refusal.missing.map { "stock add \($0.fruit) \($0.amount)" } == [
                "stock add strawberry 10", "stock add banana 2",
            ])
    }

    @Test("an order larger than full shelves could fill says how many can be ordered")
    func orderBeyondShelves() throws {
        var stock = menu.initialStock
        let refusal = OrderRefusal(
            juice: "strawberry", juiceName: "Strawberry Juice", count: 7,
            shortages: [Shortage(fruit: "strawberry", need: 112, have: 10)], mostEverAvailable: 6)
        #expect(throws: JuiceError.outOfStock(refusal)) {
            try stock.apply(.order(juice: juice("strawberry"), count: 7))
        }
        #expect(refusal.missing.isEmpty)
    }

    @Test(
        "how many juices the stock makes",
        arguments: [("banana", 5), ("strawberry", 0), ("mango-kiwi", 5), ("kiwi", 3)])
    func available(juiceID: String, expected: Int) throws {
        #expect(menu.initialStock.available(try juice(juiceID).recipe) == expected)
    }

    @Test("an order is for 1 to 99 juices", arguments: [0, -1, 100])
    func countBounds(count: Int) throws {
        var stock = menu.initialStock
        #expect(throws: JuiceError.invalidCount(count)) {
            try stock.apply(.order(juice: juice("banana"), count: count))
        }
        #expect(stock == menu.initialStock)
    }

    @Test(
        "stock edits stay within 0...max and say which bound was hit",
        arguments: [
            (
                StockChange.Kind.add, 95,
                JuiceError.aboveMaximum(fruit: "mango", kind: .add, amount: 95, have: 10, maximum: 100)
            ),
            (.set, 101, .aboveMaximum(fruit: "mango", kind: .set, amount: 101, have: 10, maximum: 100)),
            (.remove, 11, .belowZero(fruit: "mango", amount: 11, have: 10)),
            (.set, -1, .invalidAmount(-1)),
            (.add, -1, .invalidAmount(-1)),
        ])
    func bounds(kind: StockChange.Kind, amount: Int, expected: JuiceError) throws {
        var stock = menu.initialStock
        let mango = try fruit("mango")
        let change: StockChange =
            switch kind {
            case .set: .set(fruit: mango, amount: amount)
            case .remove: .remove(fruit: mango, amount: amount)
            default: .add(fruit: mango, amount: amount)
            }
        #expect(throws: expected) { try stock.apply(change) }
        #expect(stock == menu.initialStock)
    }

    @Test("the exact bounds are allowed")
    func boundsAreInclusive() throws {
        var stock = menu.initialStock
        let mango = try fruit("mango")
        let deltas = try stock.apply(.add(fruit: mango, amount: 90))
        #expect(deltas.map { [$0.old, $0.new] } == [[10, 100]])
        #expect(stock[mango] == 100)
        #expect(throws: JuiceError.aboveMaximum(fruit: "mango", kind: .add, amount: 1, have: 100, maximum: 100)) {
            try stock.apply(.add(fruit: mango, amount: 1))
        }
        _ = try stock.apply(.remove(fruit: mango, amount: 100))
        #expect(stock[mango] == 0)
        #expect(throws: JuiceError.belowZero(fruit: "mango", amount: 1, have: 0)) {
            try stock.apply(.remove(fruit: mango, amount: 1))
        }
    }

    @Test("a change that moves nothing reports no delta")
    func noOpChange() throws {
        var stock = menu.initialStock
        #expect(try stock.apply(.set(fruit: fruit("kiwi"), amount: 10)).isEmpty)
        #expect(try stock.apply(.reset(to: menu.initialStock)).isEmpty)
    }

    @Test("reset restores every level and reports each fruit it moved")
    func reset() throws {
        var stock = menu.initialStock
        _ = try stock.apply(.order(juice: juice("mango-kiwi"), count: 2))
        _ = try stock.apply(.add(fruit: fruit("banana"), amount: 5))
        let (restored, deltas) = try stock.applying(.reset(to: menu.initialStock))
        #expect(restored == menu.initialStock)
        #expect(
            deltas.map { [$0.fruit: [$0.old, $0.new]] } == [
                ["banana": [15, 10]], ["kiwi": [8, 10]], ["mango": [6, 10]],
            ])
    }

    @Test("values from another menu are refused, not trusted")
    func foreignValues() throws {
        let orchard = Menu(config: .orchard)
        var stock = menu.initialStock
        let apple = try #require(orchard.fruit("apple"))
        #expect(throws: JuiceError.unknownFruit("apple")) { try stock.apply(.add(fruit: apple, amount: 1)) }
        #expect(throws: JuiceError.menuMismatch) { try stock.apply(.reset(to: orchard.initialStock)) }
        let blend = try #require(orchard.juice("blend"))
        #expect(throws: JuiceError.self) { try stock.apply(.order(juice: blend, count: 1)) }
        #expect(stock == menu.initialStock)
    }

    @Test("a huge recipe amount saturates instead of overflowing")
    func hugeAmounts() throws {
        let config = KioskConfig(
            fruits: [KioskConfig.Fruit(id: "fig", name: "Fig", initial: 5, maximum: 5)],
            juices: [
                KioskConfig.Juice(
                    id: "fig", name: "Fig Juice", aliases: [],
                    recipe: [KioskConfig.Ingredient(fruit: "fig", amount: .max / 2)])
            ],
            bank: KioskConfig.orchard.bank)
        let figs = Menu(config: config)
        var stock = figs.initialStock
        let fig = try #require(figs.juice("fig"))
        #expect {
            try stock.apply(.order(juice: fig, count: 99))
        } throws: { error in
            guard case JuiceError.outOfStock(let refusal) = error else { return false }
            return refusal.shortages.first?.need == .max && refusal.mostEverAvailable == 0
        }
    }
}
