import JuiceMaker
import KioskCore
import Testing

/// What an order of a script costs less of keeps the same values and announcements: a juice
/// whose fields are shared, a receipt of one juice without an array of lines, and an order
/// whose own events are built only for a mailbox that takes them.
@Suite struct OrderPathTests {
    @Test("a juice equals and hashes as its fields do, whether shared or built again from the same config")
    func juiceValue() throws {
        let first = Menu(config: KioskConfig.builtIn)
        let second = Menu(config: KioskConfig.builtIn)
        let mango = try #require(first.juice("mango"))
        let copy = mango
        let again = try #require(second.juice("mango"))
        #expect(copy == mango)
        #expect(again == mango)
        #expect(again.hashValue == mango.hashValue)
        #expect(Set([mango, again, copy]).count == 1)
        let kiwi = try #require(first.juice("mango-kiwi"))
        #expect(kiwi != mango)
        #expect(mango.id == "mango")
        #expect(mango.recipe.amount(of: "mango") == 3)
    }

    @Test("a receipt of one juice has one line, that juice and count; a receipt of several lists them")
    func receiptLines() throws {
        let shop = try TestShop()
        let banana = try shop.juice("banana")
        let pineapple = try shop.juice("pineapple")
        let one = try shop.maker.receipt(banana, count: 2)
        #expect(one.lineCount == 1)
        #expect(one.lines == [OrderLine(juice: banana, count: 2)])
        #expect(one == OrderReceipt(juice: banana, count: 2, deltas: one.deltas, stock: one.stock))
        #expect(one.stock["banana"] == 6)
        #expect(try shop.maker.make([OrderLine(juice: banana, count: 1)]).lineCount == 1)
        let several = try shop.maker.make([
            OrderLine(juice: banana, count: 1), OrderLine(juice: pineapple, count: 1),
        ])
        #expect(several.lineCount == 2)
        #expect(several.lines.map(\.juice.id) == ["banana", "pineapple"])
        #expect(several.stock["banana"] == 2)
    }

    @Test("an order for mailboxes that take none of its own events still announces what it sold out")
    func ownEventsOnlyWhenTaken() throws {
        let (fruitStore, bus, menu) = try Self.shopWithoutMailboxes()
        let notices = bus.subscribe(accepts: { event in
            switch event {
            case .stockChanged, .juiceServed: false
            default: true
            }
        })
        defer { notices.cancel() }
        try fruitStore.commit(.order(juice: try #require(menu.juice("mango-kiwi")), count: 5))
        #expect(
            notices.drainEvents() == [
                .juiceSoldOut(juice: "mango-kiwi", shortages: [Shortage(fruit: "mango", need: 2, have: 0)]),
                .juiceSoldOut(juice: "mango", shortages: [Shortage(fruit: "mango", need: 3, have: 0)]),
            ])
        #expect(try fruitStore.stock()[try #require(menu.fruit("mango"))] == 0)
    }

    @Test("a mailbox that takes only served juices receives them, and one that takes only stock changes those")
    func eachKindAlone() throws {
        let (fruitStore, bus, menu) = try Self.shopWithoutMailboxes()
        let served = bus.subscribe(accepts: { if case .juiceServed = $0 { true } else { false } })
        let changed = bus.subscribe(accepts: { if case .stockChanged = $0 { true } else { false } })
        defer {
            served.cancel()
            changed.cancel()
        }
        try fruitStore.commit(.order(juice: try #require(menu.juice("mango")), count: 1))
        #expect(served.drainEvents() == [.juiceServed(juice: "mango", count: 1)])
        #expect(changed.drainEvents() == [.stockChanged(fruit: "mango", old: 10, new: 7)])
        served.cancel()
        try fruitStore.commit(.order(juice: try #require(menu.juice("mango")), count: 1))
        #expect(changed.drainEvents() == [.stockChanged(fruit: "mango", old: 7, new: 4)])
    }

    @Test(
        "a mailbox that subscribes after orders whose events nobody took receives the next order's; one that leaves stops them reaching it"
    )
    func laterMailboxes() throws {
        let (fruitStore, bus, menu) = try Self.shopWithoutMailboxes()
        let banana = try #require(menu.juice("banana"))
        let notices = bus.subscribe(accepts: { if case .juiceSoldOut = $0 { true } else { false } })
        defer { notices.cancel() }
        try fruitStore.commit(.order(juice: banana, count: 1))
        let everything = bus.subscribe()
        try fruitStore.commit(.order(juice: banana, count: 1))
        #expect(
            everything.drainEvents() == [
                .stockChanged(fruit: "banana", old: 8, new: 6), .juiceServed(juice: "banana", count: 1),
            ])
        everything.cancel()
        try fruitStore.commit(.order(juice: banana, count: 3))
        #expect(everything.drainEvents().isEmpty)
        #expect(
            notices.drainEvents() == [
                .juiceSoldOut(juice: "banana", shortages: [Shortage(fruit: "banana", need: 2, have: 0)]),
                .juiceSoldOut(juice: "strawberry-banana", shortages: [Shortage(fruit: "banana", need: 1, have: 0)]),
            ])
    }

    @Test("a stock change nobody takes does not keep an order's served juice from a mailbox that takes it")
    func refusedStockChangeIsNotAnOrder() throws {
        let (fruitStore, bus, menu) = try Self.shopWithoutMailboxes()
        let served = bus.subscribe(accepts: { if case .juiceServed = $0 { true } else { false } })
        defer { served.cancel() }
        try fruitStore.add(1, of: try #require(menu.fruit("banana")))
        try fruitStore.commit(.order(juice: try #require(menu.juice("banana")), count: 1))
        #expect(served.drainEvents() == [.juiceServed(juice: "banana", count: 1)])
    }

    /// A fruit store on the built-in menu whose bus has no mailbox yet.
    private static func shopWithoutMailboxes() throws -> (FruitStore, EventBus<KioskEvent>, Menu) {
        let menu = Menu(config: KioskConfig.builtIn)
        let bus = EventBus<KioskEvent>()
        return (try FruitStore(menu: menu, store: InMemoryInventoryStore(menu.initialStock), bus: bus), bus, menu)
    }

    @Test("a refusal of one juice keeps no array of lines yet lists that one line, equal however it was made")
    func refusalOfOneJuice() {
        let shortage = [Shortage(fruit: "mango", need: 6, have: 1)]
        let one = OrderRefusal(
            juice: "mango", juiceName: "Mango Juice", count: 2, shortages: shortage, mostEverAvailable: 2)
        let line = OrderRefusal.Line(juice: "mango", juiceName: "Mango Juice", count: 2)
        #expect(!one.hasSeveralLines)
        #expect(one.lines == [line])
        #expect(OrderRefusal(lines: [line], shortages: shortage, fitsShelves: true) == one)
        let kiwi = OrderRefusal.Line(juice: "kiwi", juiceName: "Kiwi Juice", count: 1)
        let several = OrderRefusal(lines: [line, kiwi], shortages: shortage, fitsShelves: true)
        #expect(several.hasSeveralLines)
        #expect(several.lines == [line, kiwi])
        #expect(several != one)
    }
}
