import JuiceMaker
import KioskCore

/// The juice shop as the session sees it: its fruit store on the storage's stock, its
/// sales ledger, and its commands.
struct JuiceShopModule: Sendable {
    let commands: [Command]
    let fruitStore: FruitStore
    /// What the commands run on; the prompt's offer after a refusal uses it too.
    let maker: JuiceMaker

    /// - Throws: a storage error when the stock cannot be read.
    init(menu: Menu, bus: EventBus<KioskEvent>, storage: StorageModule) throws {
        fruitStore =
            if let stock = storage.startingStock {
                FruitStore(menu: menu, store: storage.inventory, bus: bus, startingStock: stock)
            } else {
                try FruitStore(menu: menu, store: storage.inventory, bus: bus)
            }
        maker = JuiceMaker(fruitStore: fruitStore, ledger: storage.ledger)
        commands = maker.commands + [SalesExportCommand.command(maker: maker)]
        storage.announceChangesElsewhere(through: fruitStore)
    }
}
