import JuiceMaker
import KioskCore
import Testing

@Suite struct FruitStoreTests {
    @Test("an order publishes one stockChanged per fruit, in menu order, then juiceServed")
    func orderEvents() throws {
        let shop = try TestShop()
        let commit = try shop.make("mango-kiwi", count: 2)
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

        #expect(throws: JuiceError.self) { try shop.make("strawberry-banana", count: 2) }

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
        try shop.make("banana")
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

    @Test("a consumer may change the stock as it takes its events; events stay in commit order")
    func consumerCommits() throws {
        let shop = try TestShop()
        let banana = try shop.fruit("banana")
        // Restocks banana whenever a change leaves fewer than 8.
        let restocker = shop.bus.subscribe(accepts: {
            if case .stockChanged("banana", _, _) = $0 { true } else { false }
        })
        defer { restocker.cancel() }

        try shop.make("banana", count: 2)
        for case .stockChanged(_, _, let new) in restocker.drainEvents() where new < 8 {
            try shop.fruitStore.add(10 - new, of: banana)
        }

        #expect(
            shop.recorder.events == [
                .stockChanged(fruit: "banana", old: 10, new: 6),
                .juiceServed(juice: "banana", count: 2),
                .stockChanged(fruit: "banana", old: 6, new: 10),
            ])
        #expect(try shop.levels()["banana"] == 10)
    }

    @Test(
        "the fruit store holds no lock while the store commits: the store may call back into it",
        .timeLimit(.minutes(1)))
    func noLockAcrossTheStore() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        let store = CallbackStore(inner: InMemoryInventoryStore(menu.initialStock))
        let shop = try TestShop { _, _ in store }
        let kiwi = try shop.fruit("kiwi")
        let seen = Box<Inventory?>(nil)
        store.beforeNextCommit { [fruitStore = shop.fruitStore] in
            // While the outer commit is inside the store: read, and commit another change.
            seen.value = try? fruitStore.stock()
            _ = try? fruitStore.add(1, of: kiwi)
        }

        try shop.make("mango-kiwi", count: 2)

        #expect(seen.value == menu.initialStock)
        #expect(
            shop.recorder.events == [
                .stockChanged(fruit: "kiwi", old: 10, new: 11),
                .stockChanged(fruit: "kiwi", old: 11, new: 9),
                .stockChanged(fruit: "mango", old: 10, new: 6),
                .juiceServed(juice: "mango-kiwi", count: 2),
            ])
    }

    @Test("a storage failure reaches the caller and publishes nothing")
    func storageFailure() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        let bus = EventBus<KioskEvent>()
        let recorder = EventRecorder(bus: bus)
        let fruitStore = try FruitStore(menu: menu, store: FailingStore(stock: menu.initialStock), bus: bus)
        let maker = JuiceMaker(fruitStore: fruitStore, ledger: InMemorySalesLedger())
        #expect(throws: FailingStore.DiskFull.self) { try maker.make(#require(menu.juice("banana"))) }
        #expect(recorder.events.isEmpty)
    }

    @Test("a store that cannot read the stock at start fails the fruit store's start")
    func unreadableAtStart() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        #expect(throws: FailingStore.DiskFull.self) {
            try FruitStore(menu: menu, store: FailingStore(stock: nil), bus: EventBus())
        }
    }
}

/// A store whose disk is full: it reads `stock` (or fails when nil) but never writes.
private struct FailingStore: InventoryStore {
    struct DiskFull: Error {}
    let readable: Inventory?

    init(stock: Inventory?) {
        readable = stock
    }

    func stock() throws -> Inventory {
        guard let readable else { throw DiskFull() }
        return readable
    }

    func commit(_ change: StockChange, announce: (StockCommit) -> Void) throws -> StockCommit { throw DiskFull() }
}
