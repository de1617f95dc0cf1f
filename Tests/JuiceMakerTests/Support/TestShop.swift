import JuiceMaker
import KioskCore
import Testing

/// A juice shop on the built-in menu, in memory, with every bus event recorded.
struct TestShop {
    let menu: Menu
    let bus = EventBus<KioskEvent>()
    let fruitStore: FruitStore
    let maker: JuiceMaker
    let recorder: EventRecorder

    init(config: KioskConfig? = nil, watchAvailability: Bool = false) throws {
        menu = try Menu(config: config ?? KioskConfig.embeddedDefault())
        fruitStore = FruitStore(menu: menu, store: InMemoryInventoryStore(menu.initialStock), bus: bus)
        maker = JuiceMaker(fruitStore: fruitStore)
        observer = watchAvailability ? try AvailabilityObserver(watching: fruitStore) : nil
        recorder = EventRecorder(bus: bus)
    }

    /// Kept so that the observer keeps watching for as long as the shop lives.
    private let observer: AvailabilityObserver?

    func juice(_ id: String) throws -> Juice {
        try #require(menu.juice(id))
    }

    func fruit(_ id: String) throws -> Fruit {
        try #require(menu.fruit(id))
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
