import JuiceMaker
import KioskCore
import Testing

@Suite struct AvailabilityTests {
    @Test("a juice that runs out is announced sold out after the order's own events")
    func soldOut() throws {
        let shop = try TestShop()
        try shop.make("mango-kiwi", count: 5)
        #expect(
            shop.recorder.events == [
                .stockChanged(fruit: "kiwi", old: 10, new: 5),
                .stockChanged(fruit: "mango", old: 10, new: 0),
                .juiceServed(juice: "mango-kiwi", count: 5),
                .juiceSoldOut(
                    juice: "mango-kiwi",
                    shortages: [Shortage(fruit: "mango", need: 2, have: 0)]),
                .juiceSoldOut(
                    juice: "mango", shortages: [Shortage(fruit: "mango", need: 3, have: 0)]),
            ])
    }

    @Test("the sold-out notice says what one juice lacks")
    func soldOutShortages() throws {
        let shop = try TestShop()
        try shop.fruitStore.set(shop.fruit("mango"), to: 1)
        #expect(
            shop.recorder.events.dropFirst() == [
                .juiceSoldOut(
                    juice: "mango", shortages: [Shortage(fruit: "mango", need: 3, have: 1)]),
                .juiceSoldOut(
                    juice: "mango-kiwi",
                    shortages: [Shortage(fruit: "mango", need: 2, have: 1)]),
            ])
    }

    @Test("a juice is announced available again once, when its stock returns")
    func availableAgain() throws {
        let shop = try TestShop()
        let strawberry = try shop.fruit("strawberry")
        // Strawberry Juice (16) cannot be made from the initial 10; that is not announced.
        try shop.fruitStore.add(5, of: strawberry)
        #expect(shop.recorder.events == [.stockChanged(fruit: "strawberry", old: 10, new: 15)])

        try shop.fruitStore.add(1, of: strawberry)
        try shop.fruitStore.add(1, of: strawberry)
        #expect(
            shop.recorder.events.filter { if case .juiceAvailable = $0 { true } else { false } } == [
                .juiceAvailable(juice: "strawberry")
            ])
    }

    @Test("a juice with several fruits is judged once the whole change is in")
    func judgedOnCompleteChange() throws {
        let shop = try TestShop()
        try shop.fruitStore.set(shop.fruit("mango"), to: 0)
        try shop.fruitStore.set(shop.fruit("kiwi"), to: 0)
        // Reset raises kiwi first, then mango: mango-kiwi becomes available exactly once.
        shop.recorder.clear()
        try shop.fruitStore.reset()
        let announcements = shop.recorder.events.filter {
            switch $0 {
            case .juiceAvailable, .juiceSoldOut: true
            default: false
            }
        }
        #expect(
            announcements == [
                .juiceAvailable(juice: "kiwi"),
                .juiceAvailable(juice: "mango-kiwi"),
                .juiceAvailable(juice: "mango"),
            ])
    }

    @Test("availability is tracked whether or not anyone listens")
    func trackedWithoutListeners() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        let bus = EventBus<KioskEvent>()
        let fruitStore = try FruitStore(menu: menu, store: InMemoryInventoryStore(menu.initialStock), bus: bus)
        let mango = try #require(menu.fruit("mango"))
        // Sold out while nobody listens...
        try fruitStore.set(mango, to: 0)
        let recorder = EventRecorder(bus: bus)
        // ...so a listener who comes later hears mango come back, and nothing sold out twice.
        try fruitStore.set(mango, to: 1)
        try fruitStore.set(mango, to: 3)
        #expect(
            recorder.events == [
                .stockChanged(fruit: "mango", old: 0, new: 1),
                .stockChanged(fruit: "mango", old: 1, new: 3),
                .juiceAvailable(juice: "mango"),
                .juiceAvailable(juice: "mango-kiwi"),
            ])
    }

    @Test("the announcements are published with the change, inside the store's critical section")
    func announcedInsideTheCommit() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        let bus = EventBus<KioskEvent>()
        let mailbox = bus.subscribe()
        // What the mailbox holds at the moment `announce` returns, before the store unlocks.
        let store = ProbeStore(inner: InMemoryInventoryStore(menu.initialStock)) { mailbox.drainEvents() }
        let fruitStore = try FruitStore(menu: menu, store: store, bus: bus)
        let maker = JuiceMaker(fruitStore: fruitStore, ledger: InMemorySalesLedger())

        try maker.make(#require(menu.juice("mango-kiwi")), count: 5)
        try fruitStore.add(2, of: #require(menu.fruit("mango")))

        #expect(
            store.probes == [
                [
                    .stockChanged(fruit: "kiwi", old: 10, new: 5),
                    .stockChanged(fruit: "mango", old: 10, new: 0),
                    .juiceServed(juice: "mango-kiwi", count: 5),
                    .juiceSoldOut(
                        juice: "mango-kiwi",
                        shortages: [Shortage(fruit: "mango", need: 2, have: 0)]),
                    .juiceSoldOut(
                        juice: "mango", shortages: [Shortage(fruit: "mango", need: 3, have: 0)]),
                ],
                [
                    .stockChanged(fruit: "mango", old: 0, new: 2),
                    .juiceAvailable(juice: "mango-kiwi"),
                ],
            ])
        #expect(mailbox.drainEvents().isEmpty)
    }
}
