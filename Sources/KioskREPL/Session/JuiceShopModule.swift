import JuiceMaker
import KioskCore
import KioskStorage

/// The juice shop as the session sees it: its fruit store, its availability announcements,
/// and its commands.
struct JuiceShopModule: Sendable {
    let commands: [Command]
    let fruitStore: FruitStore
    /// Announces sold-out and available-again juices for as long as the session lives.
    let availability: AvailabilityObserver

    /// - Throws: `StorageError` when the stock cannot be seeded or read.
    init(config: KioskConfig, bus: EventBus<KioskEvent>, database: KioskDatabase) throws {
        let menu = try Menu(config: config)
        // The database is the source of truth, also with --in-memory (an in-memory SQLite
        // database), so every run takes the same code path.
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        fruitStore = FruitStore(menu: menu, store: store, bus: bus)
        availability = try AvailabilityObserver(watching: fruitStore)
        commands = JuiceMaker(fruitStore: fruitStore).commands
    }
}
