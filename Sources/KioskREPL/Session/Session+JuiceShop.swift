import JuiceMaker
import KioskCore

/// The juice shop as the session sees it: its fruit store, its availability announcements,
/// and its commands.
struct JuiceShopModule: Sendable {
    let commands: [Command]
    let fruitStore: FruitStore
    /// Announces sold-out and available-again juices for as long as the session lives.
    let availability: AvailabilityObserver

    init(config: KioskConfig, bus: EventBus<KioskEvent>, options: SessionOptions) throws {
        let menu = try Menu(config: config)
        // The stock lives in memory; a persistent store plugs in here through `InventoryStore`.
        let store = InMemoryInventoryStore(menu.initialStock)
        fruitStore = FruitStore(menu: menu, store: store, bus: bus)
        availability = try AvailabilityObserver(watching: fruitStore)
        commands = JuiceMaker(fruitStore: fruitStore).commands
    }
}
