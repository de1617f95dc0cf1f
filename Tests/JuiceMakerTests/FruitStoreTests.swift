import JuiceMaker
import KioskCore
import Testing

@Suite struct FruitStoreTests {
    @Test("an order publishes one stockChanged per fruit, in menu order, then juiceServed")
    func orderEvents() throws {
        let shop = try TestShop()
        let commit = try shop.maker.make("mango-kiwi", count: 2)
        #expect(
            shop.recorder.events == [
                .stockChanged(fruit: "kiwi", old: 10, new: 8),
                .stockChanged(fruit: "mango", old: 10, new: 6),
                .juiceServed(juice: "mango-kiwi", count: 2),
            ])
        #expect(commit.stock["mango"] == 6)
        #expect(try shop.levels()["kiwi"] == 8)
    }

    @Test("a refused order publishes orderRefused with every shortage, and changes nothing")
    func refusalEvents() throws {
        let shop = try TestShop()
        try shop.fruitStore.set(shop.fruit("banana"), to: 0)
        shop.recorder.clear()

        #expect(throws: JuiceError.self) { try shop.maker.make("strawberry-banana", count: 2) }

        #expect(
            shop.recorder.events == [
                .orderRefused(
                    juice: "strawberry-banana", count: 2,
                    shortages: [
                        Shortage(fruit: "strawberry", need: 20, have: 10), Shortage(fruit: "banana", need: 2, have: 0),
                    ])
            ])
        #expect(try shop.levels()["strawberry"] == 10)
    }

    @Test("stock edits publish the fruit's old and new level; a refused edit publishes nothing")
    func editEvents() throws {
        let shop = try TestShop()
        let mango = try shop.fruit("mango")
        try shop.fruitStore.add(5, of: mango)
        try shop.fruitStore.remove(3, of: mango)
        try shop.fruitStore.set(mango, to: 40)
        try shop.fruitStore.set(mango, to: 40)
        #expect(throws: JuiceError.self) { try shop.fruitStore.add(61, of: mango) }
        #expect(
            shop.recorder.events == [
                .stockChanged(fruit: "mango", old: 10, new: 15),
                .stockChanged(fruit: "mango", old: 15, new: 12),
                .stockChanged(fruit: "mango", old: 12, new: 40),
            ])
    }

    @Test("reset publishes a change for every fruit that moved back")
    func resetEvents() throws {
        let shop = try TestShop()
        try shop.maker.make("banana")
        try shop.fruitStore.add(1, of: shop.fruit("pineapple"))
        shop.recorder.clear()

        let commit = try shop.fruitStore.reset()

        #expect(commit.stock == shop.menu.initialStock)
        #expect(
            shop.recorder.events == [
                .stockChanged(fruit: "banana", old: 8, new: 10),
                .stockChanged(fruit: "pineapple", old: 11, new: 10),
            ])
    }

    @Test("a handler may change the stock while an event is delivered; events stay in commit order")
    func reentrantCommit() throws {
        let shop = try TestShop()
        let banana = try shop.fruit("banana")
        // Restocks banana whenever an order leaves fewer than 8.
        let restock = shop.bus.subscribe { [fruitStore = shop.fruitStore] event in
            if case .stockChanged("banana", _, let new) = event, new < 8 {
                _ = try? fruitStore.add(10 - new, of: banana)
            }
        }
        defer { restock.cancel() }

        try shop.maker.make("banana", count: 2)

        #expect(
            shop.recorder.events == [
                .stockChanged(fruit: "banana", old: 10, new: 6),
                .juiceServed(juice: "banana", count: 2),
                .stockChanged(fruit: "banana", old: 6, new: 10),
            ])
        #expect(try shop.levels()["banana"] == 10)
    }

    @Test("a storage failure reaches the caller and publishes nothing")
    func storageFailure() throws {
        let menu = try Menu(config: KioskConfig.embeddedDefault())
        let bus = EventBus<KioskEvent>()
        let recorder = EventRecorder(bus: bus)
        let fruitStore = FruitStore(menu: menu, store: FailingStore(), bus: bus)
        #expect(throws: FailingStore.DiskFull.self) { try JuiceMaker(fruitStore: fruitStore).make("banana") }
        #expect(recorder.events.isEmpty)
    }
}

/// A store whose disk is always full.
private struct FailingStore: InventoryStore {
    struct DiskFull: Error {}
    func stock() throws -> Inventory { throw DiskFull() }
    func commit(_ change: StockChange) throws -> StockCommit { throw DiskFull() }
}
