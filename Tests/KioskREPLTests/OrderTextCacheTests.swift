import JuiceMaker
import KioskCore
import Testing

@testable import KioskREPL

@Suite("OrderTextCache")
struct OrderTextCacheTests {
    static let cases: [(language: Language, colors: Bool)] = Language.allCases.flatMap { [($0, false), ($0, true)] }

    /// An invocation of `order`, for the presenter's rendering (which names the command).
    static let invocation = Invocation(command: Command(CommandSpec(path: ["order"], topic: .order), action: .quit))

    /// A one-juice receipt of `count` `juice`, each fruit of its recipe from `level` down.
    static func receipt(_ juice: Juice, count: Int, level: Int, menu: Menu) -> OrderReceipt {
        let deltas = juice.recipe.ingredients.map { ingredient in
            let position = menu.fruits.firstIndex { $0.id == ingredient.fruit } ?? 0
            return StockDelta(
                fruit: ingredient.fruit, old: level, new: level - ingredient.amount * count, position: position)
        }
        return OrderReceipt(juice: juice, count: count, deltas: deltas, stock: menu.initialStock)
    }

    @Test("order text written from templates is byte for byte the catalog's, in English and Korean", arguments: cases)
    func sameBytesAsTheConsole(language: Language, colors: Bool) {
        let menu = Menu(config: KioskConfig.builtIn)
        let console = Console(
            format: .text, colors: colors, output: CapturedText(), errors: CapturedText(),
            presenter: Presenter(language: language, config: KioskConfig.builtIn))
        let render = { (receipt: OrderReceipt) in
            console.render(console.presenter.render(ShopOutcome.order(receipt), of: Self.invocation).text)
        }
        var cache = OrderTextCache()
        var written: [UInt8] = []
        var expected = ""
        let counts = [1, 2, 3, 12]
        for level in [100, 99, 36, 10, 1_000_000, 123_457] {
            for juice in menu.juices {
                for count in counts {
                    let receipt = Self.receipt(juice, count: count, level: level, menu: menu)
                    #expect(cache.append(receipt, render: render, to: &written))
                    expected += render(receipt)
                }
            }
        }
        #expect(String(decoding: written, as: UTF8.self) == expected)
        #expect(expected.contains(language == .english ? "Made 2 " : "2잔"))
        // Every juice and count has its template: none is worded by the console each time.
        #expect(cache.templateCount == menu.juices.count * counts.count)
    }

    @Test("a template whose wording depends on the levels is found out at its first order and never used")
    func wordingThatDependsOnLevels() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        let juice = try #require(menu.juice("banana"))
        // Words the level's parity: the sentinel's template cannot hold both.
        let render = { (receipt: OrderReceipt) in
            let new = receipt.deltas.first?.new ?? 0
            return "Made it. \(new % 2 == 0 ? "Even" : "Odd") \(new)\n"
        }
        var cache = OrderTextCache()
        var text = ""
        for level in 10...14 {
            let receipt = Self.receipt(juice, count: 1, level: level, menu: menu)
            var written: [UInt8] = []
            text +=
                cache.append(receipt, render: render, to: &written)
                ? String(decoding: written, as: UTF8.self) : render(receipt)
        }
        #expect(text == (10...14).map { render(Self.receipt(juice, count: 1, level: $0, menu: menu)) }.joined())
        #expect(cache.templateCount == 0)
    }

    @Test("orders of several juices, or with fruit added first, go the console's way")
    func otherOrders() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        let banana = try #require(menu.juice("banana"))
        let kiwi = try #require(menu.juice("kiwi"))
        let receipt = Self.receipt(banana, count: 1, level: 10, menu: menu)
        let several = try #require(
            OrderReceipt(
                StockCommit(
                    change: .orders(
                        [OrderLine(juice: banana, count: 1), OrderLine(juice: kiwi, count: 1)], restock: []),
                    deltas: receipt.deltas, stock: menu.initialStock)))
        var cache = OrderTextCache()
        var written: [UInt8] = []
        #expect(!cache.append(several, render: { _ in "x\n" }, to: &written))
        #expect(written.isEmpty)
    }
}
