import Foundation
import JuiceMaker
import KioskCore
import Synchronization
import Testing

/// A juice shop on the built-in menu, in memory, with every bus event recorded and sales
/// kept in an in-memory ledger on a clock the test sets.
struct TestShop {
    let menu: Menu
    let bus = EventBus<KioskEvent>()
    let clock: TestClock
    let ledger: InMemorySalesLedger
    let fruitStore: FruitStore
    let maker: JuiceMaker
    let recorder: EventRecorder

    init(config: KioskConfig? = nil, store: ((Inventory, InMemorySalesLedger) -> any InventoryStore)? = nil) throws {
        menu = Menu(config: config ?? KioskConfig.builtIn)
        let clock = TestClock()
        self.clock = clock
        ledger = InMemorySalesLedger(now: { clock.now })
        let inventoryStore =
            store?(menu.initialStock, ledger) ?? InMemoryInventoryStore(menu.initialStock, ledger: ledger)
        fruitStore = try FruitStore(menu: menu, store: inventoryStore, bus: bus)
        maker = JuiceMaker(fruitStore: fruitStore, ledger: ledger, now: { clock.now })
        recorder = EventRecorder(bus: bus)
    }

    func juice(_ id: String) throws -> Juice {
        try #require(menu.juice(id))
    }

    func fruit(_ id: String) throws -> Fruit {
        try #require(menu.fruit(id))
    }

    /// Makes `count` of the juice with id `id`.
    @discardableResult
    func make(_ id: String, count: Int = 1) throws -> StockCommit {
        try maker.make(juice(id), count: count)
    }

    /// The current stock as `[fruit id: count]`.
    func levels() throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try fruitStore.stock().levels.map { ($0.fruit.id, $0.count) })
    }

    /// A registry holding `help` and the shop's commands.
    func registry() -> CommandRegistry {
        var registry = CommandRegistry()
        registry.register(contentsOf: maker.commands)
        return registry
    }
}

/// A wall clock that stands still until the test moves it; it starts at noon, local time.
final class TestClock: Sendable {
    private let date: Mutex<Date>

    init() {
        let noon = DateComponents(year: 2025, month: 3, day: 14, hour: 12)
        date = Mutex(Calendar.current.date(from: noon) ?? Date(timeIntervalSince1970: 1_741_953_600))
    }

    var now: Date { date.withLock { $0 } }

    /// Moves the clock by `minutes` (negative goes back).
    func advance(minutes: Int) {
        date.withLock { date in date += Double(minutes) * 60 }
    }

    /// Moves the clock by `days` whole days (negative goes back).
    func advance(days: Int) {
        date.withLock { date in
            date = Calendar.current.date(byAdding: .day, value: days, to: date) ?? date + Double(days) * 86_400
        }
    }
}
