import Foundation
import JuiceMaker
import KioskCore
import Testing

@Suite struct JuiceMakerCommandTests {
    let shop: TestShop
    let registry: CommandRegistry

    init() throws {
        shop = try TestShop()
        registry = shop.registry()
    }

    /// What a shop command line returns.
    private func run(_ line: String) async throws -> ShopOutcome {
        let invocation = try #require(try registry.parse(line))
        guard case .perform(let perform) = invocation.command.action else {
            throw NotAShopCommand(line: line)
        }
        return try #require(try await perform(invocation) as? ShopOutcome)
    }

    /// The error a failing line throws, parse error or shop error.
    private func failure(_ line: String) async -> (any Error)? {
        do {
            _ = try await run(line)
            return nil
        } catch {
            return error
        }
    }

    @Test("every shop command runs at once, without an async call; an order answers with its receipt")
    func runsAtOnce() throws {
        for line in ["menu", "order banana", "stock", "stock add banana 1", "sales"] {
            let invocation = try #require(try registry.parse(line))
            let runAtOnce = try #require(invocation.command.runAtOnce, "\(line) should run at once")
            #expect(try runAtOnce(invocation) is ShopOutcome, "\(line)")
        }
        let order = try #require(try registry.parse("order banana")?.command.runAtOnce)
        let receipt = try #require(try registry.parse("order banana").map { try order($0) } as? ShopOutcome)
        guard case .order(let made) = receipt else {
            Issue.record("an order should answer with its receipt")
            return
        }
        #expect(made.lines.map(\.juice.id) == ["banana"])
    }

    @Test("menu lists each juice with its recipe and how many the stock makes")
    func menu() async throws {
        let lines = try #require(try await run("menu").menuLines)
        #expect(
            lines.map(\.juice.id) == [
                "strawberry", "banana", "kiwi", "pineapple", "strawberry-banana", "mango", "mango-kiwi",
            ])
        #expect(
            lines.map(\.juice.name) == [
                "Strawberry Juice", "Banana Juice", "Kiwi Juice", "Pineapple Juice", "Strawberry-Banana Juice",
                "Mango Juice", "Mango-Kiwi Juice",
            ])
        #expect(lines.map(\.available) == [0, 5, 3, 5, 1, 3, 5])
        #expect(
            lines.map { $0.juice.recipe.ingredients.map { "\($0.fruit) \($0.amount)" } } == [
                ["strawberry 16"], ["banana 2"], ["kiwi 3"], ["pineapple 2"], ["strawberry 10", "banana 1"],
                ["mango 3"], ["kiwi 1", "mango 2"],
            ])
        #expect(lines.map(\.juice) == shop.menu.juices)
    }

    @Test("order makes juice, defaults to one, and reports the stock after")
    func order() async throws {
        let receipt = try #require(try await run("order banana 2").receipt)
        #expect(receipt.juice == (try shop.juice("banana")))
        #expect(receipt.count == 2)
        #expect(Self.levels(receipt.stock) == ["strawberry 10", "banana 6", "pineapple 10", "kiwi 10", "mango 10"])

        let single = try #require(try await run("order mango-kiwi").receipt)
        #expect(single.count == 1)
        #expect(single.juice.name == "Mango-Kiwi Juice")
        #expect(single.deltas.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["kiwi 10 -> 9", "mango 10 -> 8"])
    }

    @Test(
        "order accepts ids, names and aliases in any case",
        arguments: [
            ("order BANANA", "banana"), (#"order "banana juice""#, "banana"), ("order Ddalba", "strawberry-banana"),
            (#"order "Strawberry Banana""#, "strawberry-banana"), ("order mangki 1", "mango-kiwi"),
        ])
    func orderSpellings(line: String, juice: String) async throws {
        let receipt = try #require(try await run(line).receipt)
        #expect(receipt.juice.id == juice)
    }

    @Test("juice and fruit arguments carry the menu's own Juice and Fruit")
    func typedChoices() throws {
        // Keys as the commands declare them: a name and the menu's typed choices.
        let juice = ArgumentKey.required("juice", .counted(shop.menu.juiceChoices, counts: Inventory.orderCounts))
        let fruit = ArgumentKey.required("fruit", .choice(shop.menu.fruitChoices))
        let order = try #require(try registry.parse("order Ddalba 2"))
        #expect(try order[juice] == [Counted(value: shop.juice("strawberry-banana"), count: 2)])
        let edit = try #require(try registry.parse(#"stock add "Kiwi" 3"#))
        #expect(try edit.all(fruit) == [shop.fruit("kiwi")])
        #expect(throws: InvocationError.self) {
            try edit[ArgumentKey.required("fruit", .choice(shop.menu.juiceChoices))]
        }

        #expect(shop.menu.juiceChoices.values == shop.menu.juices)
        #expect(shop.menu.fruitChoices.values == shop.menu.fruits)
        #expect(shop.menu.juiceChoices.choices.map(\.id) == shop.menu.juices.map(\.id))
    }

    @Test("a refused order is the out_of_stock error, with the shortage and the fix")
    func refusal() async throws {
        let error = try #require(await failure("order strawberry") as? JuiceError)
        let refusal = OrderRefusal(
            juice: "strawberry", juiceName: "Strawberry Juice", count: 1,
            shortages: [Shortage(fruit: "strawberry", need: 16, have: 10)], mostEverAvailable: 6)
        #expect(error == .outOfStock(refusal))
        #expect(error.code == "out_of_stock")
        #expect(refusal.missing.map { "stock add \($0.fruit) \($0.amount)" } == ["stock add strawberry 6"])
    }

    @Test("the fix a refusal names lets the order through")
    func fixWorks() async throws {
        let error = try #require(await failure("order strawberry-banana 3") as? JuiceError)
        guard case .outOfStock(let refusal) = error else {
            Issue.record("not a refusal: \(error)")
            return
        }
        #expect(refusal.missing.map { "stock add \($0.fruit) \($0.amount)" } == ["stock add strawberry 20"])
        for fix in refusal.missing.map({ "stock add \($0.fruit) \($0.amount)" }) {
            _ = try await run(fix)
        }
        #expect(try await run("order strawberry-banana 3").receipt?.count == 3)
    }

    @Test("a refusal larger than full shelves names no fix")
    func noFix() {
        let refusal = OrderRefusal(
            juice: "strawberry", juiceName: "Strawberry Juice", count: 7,
            shortages: [Shortage(fruit: "strawberry", need: 112, have: 10)], mostEverAvailable: 6)
        #expect(refusal.missing.isEmpty)
    }

    @Test("order counts are 1 to 99", arguments: ["order banana 0", "order banana 100"])
    func orderCount(line: String) async {
        await #expect(throws: ParseError.self) { try await run(line) }
    }

    @Test("stock shows every fruit in config order")
    func stock() async throws {
        let stock = try #require(try await run("stock").stockLevels)
        #expect(Self.levels(stock) == ["strawberry 10", "banana 10", "pineapple 10", "kiwi 10", "mango 10"])
        #expect(stock.levels.map(\.fruit.name) == ["Strawberry", "Banana", "Pineapple", "Kiwi", "Mango"])
        #expect(stock.levels.allSatisfy { $0.fruit.maximum == 100 })
    }

    @Test(
        "stock set, add and remove report the fruit's old and new level",
        arguments: [
            ("stock set mango 20", StockChange.Kind.set, "mango", 10, 20),
            ("stock add Mango 5", .add, "mango", 10, 15),
            ("stock remove kiwi 10", .remove, "kiwi", 10, 0),
            ("stock set kiwi 10", .set, "kiwi", 10, 10),
        ])
    func adjustments(line: String, kind: StockChange.Kind, fruit: String, old: Int, new: Int) async throws {
        let adjustment = try #require(try await run(line).adjustment)
        #expect(adjustment.kind == kind)
        #expect(adjustment.fruit == (try shop.fruit(fruit)))
        #expect(adjustment.old == old)
        #expect(adjustment.new == new)
        #expect(adjustment.maximum == 100)
    }

    @Test("stock edits explain the bound they hit")
    func adjustmentErrors() async throws {
        #expect(
            await failure("stock add mango 95") as? JuiceError
                == .aboveMaximum(fruit: "mango", kind: .add, amount: 95, have: 10, maximum: 100))
        #expect(
            await failure("stock remove banana 11") as? JuiceError == .belowZero(fruit: "banana", amount: 11, have: 10))
        // The shelf's max is the store's, checked inside its transaction, not the parser's.
        #expect(
            await failure("stock set mango 101") as? JuiceError
                == .aboveMaximum(fruit: "mango", kind: .set, amount: 101, have: 10, maximum: 100))
        #expect((await failure("stock set mango 1000001") as? ParseError)?.code == "out_of_range")
        let unknown = try #require(await failure("stock add mangoo 1") as? ParseError)
        guard case .unknownValue(noun: "fruit", given: "mangoo", let suggestion, _) = unknown else {
            Issue.record("not an unknown fruit: \(unknown)")
            return
        }
        #expect(suggestion == "mango")
    }

    @Test("stock reset restores the configured stock")
    func reset() async throws {
        _ = try await run("order kiwi 3")
        _ = try await run("stock add banana 7")
        let stock = try #require(try await run("stock reset").resetStock)
        #expect(Self.levels(stock) == ["strawberry 10", "banana 10", "pineapple 10", "kiwi 10", "mango 10"])
        #expect(try shop.fruitStore.stock() == shop.menu.initialStock)
    }

    @Test("sales counts today's orders per juice, most made first, with the fruit they used")
    func salesToday() async throws {
        shop.clock.advance(days: -1)
        _ = try await run("order banana 3")
        shop.clock.advance(days: 1)
        _ = try await run("stock add banana 20")
        _ = try await run("order banana 2")
        _ = try await run("order mango-kiwi")
        _ = try await run("order banana")
        _ = try await run("order kiwi 3")
        _ = await failure("order strawberry")

        let today = try #require(try await run("sales").salesReport)
        #expect(
            today
                == SalesReport(
                    lines: [
                        .init(juice: "banana", count: 3, orders: 2, fruitUsed: [.init(fruit: "banana", amount: 6)]),
                        .init(juice: "kiwi", count: 3, orders: 1, fruitUsed: [.init(fruit: "kiwi", amount: 9)]),
                        .init(
                            juice: "mango-kiwi", count: 1, orders: 1,
                            fruitUsed: [.init(fruit: "kiwi", amount: 1), .init(fruit: "mango", amount: 2)]),
                    ],
                    fruitUsed: [
                        .init(fruit: "banana", amount: 6), .init(fruit: "kiwi", amount: 10),
                        .init(fruit: "mango", amount: 2),
                    ]))
        #expect(today.total == 7)

        let all = try #require(try await run("sales --all").salesReport)
        #expect(
            all.lines.map { "\($0.juice) \($0.count) \($0.orders)" } == ["banana 6 3", "kiwi 3 1", "mango-kiwi 1 1"])
        #expect(all.fruitUsed.map { "\($0.fruit) \($0.amount)" } == ["banana 12", "kiwi 10", "mango 2"])
        #expect(all.total == 10)

        shop.clock.advance(days: 1)
        let tomorrow = try #require(try await run("sales").salesReport)
        #expect(tomorrow == SalesReport(lines: [], fruitUsed: []))
        #expect(tomorrow.total == 0)
    }

    @Test("the in-memory ledger counts from its start inclusive to its end exclusive")
    func ledgerPeriod() throws {
        let noon = shop.clock.now
        try shop.make("banana")
        #expect(shop.ledger.salesReport(from: noon, to: nil).total == 1)
        #expect(shop.ledger.salesReport(from: nil, to: noon.addingTimeInterval(1)).total == 1)
        #expect(shop.ledger.salesReport(from: nil, to: noon).total == 0)
        #expect(shop.ledger.salesReport(from: noon.addingTimeInterval(1), to: nil).total == 0)
    }

    @Test("every command has examples that parse as itself")
    func examples() throws {
        for command in shop.maker.commands {
            #expect(!command.spec.examples.isEmpty, "\(command.spec.name)")
            for example in command.spec.examples {
                let invocation = try registry.parse(example)
                #expect(invocation?.spec.path.first == command.spec.path.first, "\(example)")
            }
        }
        guard case .command(let order, _) = try registry.helpTopic(for: ["order"]) else {
            Issue.record("help order names no command")
            return
        }
        #expect(order.usage == "order <juice> [count] ...")
        #expect(
            registry.command(named: ["sales"])?.spec.usage == "sales [day] [--all] [--from <day>] [--to <day>]")
    }

    @Test("every example runs on a fresh shop")
    func examplesRun() async throws {
        for command in shop.maker.commands {
            for example in command.spec.examples {
                let fresh = try TestShop().registry()
                let invocation = try #require(try fresh.parse(example))
                guard case .perform(let perform) = invocation.command.action else { continue }
                await #expect(throws: Never.self, "\(example)") { _ = try await perform(invocation) }
            }
        }
    }

    @Test("completion offers juice and fruit spellings")
    func completion() {
        #expect(registry.completions(forLine: "order mang") == ["mango", "mango-kiwi", "mango-juice", "mangki"])
        #expect(registry.completions(forLine: "stock add k") == ["kiwi"])
        #expect(registry.completions(forLine: "stock r") == ["remove", "reset"])
    }

    /// `["strawberry 10", ...]`, in menu order.
    private static func levels(_ stock: Inventory) -> [String] {
        stock.levels.map { "\($0.fruit.id) \($0.count)" }
    }
}

private struct NotAShopCommand: Error {
    let line: String
}

extension ShopOutcome {
    fileprivate var menuLines: [MenuLine]? {
        if case .menu(let lines) = self { lines } else { nil }
    }

    fileprivate var receipt: OrderReceipt? {
        if case .order(let receipt) = self { receipt } else { nil }
    }

    fileprivate var stockLevels: Inventory? {
        if case .stock(let stock) = self { stock } else { nil }
    }

    fileprivate var adjustment: StockAdjustment? {
        if case .adjusted(let adjustment) = self { adjustment } else { nil }
    }

    fileprivate var resetStock: Inventory? {
        if case .reset(let stock) = self { stock } else { nil }
    }

    fileprivate var salesReport: SalesReport? {
        if case .sales(let report, _) = self { report } else { nil }
    }
}
