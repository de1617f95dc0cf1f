import JuiceMaker
import KioskCore
import KioskStorage

/// The juice shop as the session sees it: its fruit store on the database, its sales
/// ledger, and its commands.
struct JuiceShopModule: Sendable {
    let commands: [Command]
    let fruitStore: FruitStore

    /// - Throws: `StorageError` when the stock cannot be seeded or read.
    init(config: KioskConfig, bus: EventBus<KioskEvent>, database: KioskDatabase) throws {
        let menu = Menu(config: config)
        // The database is the source of truth, also with --in-memory (an in-memory SQLite
        // database), so every run takes the same code path.
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        fruitStore = try FruitStore(menu: menu, store: store, bus: bus)
        commands = JuiceMaker(fruitStore: fruitStore, ledger: SQLiteSalesLedger(database: database, fruitOrder: menu.fruits.map(\.id))).commands
    }
}
