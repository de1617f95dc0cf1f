import KioskCore
import Synchronization

/// The shop's stock: commits changes through an ``InventoryStore`` and announces each one on
/// the bus.
///
/// Every committed change publishes, in one `publish(contentsOf:)` run, one
/// ``KioskEvent/stockChanged(fruit:old:new:)`` per fruit it changed (menu order), then
/// ``KioskEvent/juiceServed(juice:count:)`` for each juice of an order, then the juices it sold out
/// (``KioskEvent/juiceSoldOut(juice:shortages:)``) or made available again
/// (``KioskEvent/juiceAvailable(juice:)``); the stock changes and served juices only when
/// some mailbox takes them. Juices the stock cannot make when the
/// fruit store starts are announced only once they become available.
///
/// The events are published from inside the store's critical section (see
/// ``InventoryStore/commit(_:announce:)``), so they leave in commit order, while the fruit
/// store itself holds no lock across the store's I/O. A refused order publishes
/// ``KioskEvent/orderRefused(juice:count:shortages:)`` (one per juice) once the store has refused it.
///
/// ```swift
/// let fruitStore = try FruitStore(menu: menu, store: InMemoryInventoryStore(menu.initialStock), bus: bus)
/// try fruitStore.add(5, of: mango)     // publishes stockChanged(mango, 10, 15)
/// try fruitStore.reset()
/// ```
public final class FruitStore: Sendable {
    /// The fruits and juices whose stock this store keeps.
    public let menu: Menu
    /// Where every committed change and refused order is announced.
    public let bus: EventBus<KioskEvent>
    private let store: any InventoryStore
    // Locked only inside `announce`, for a few comparisons and no I/O.
    private let availability: Mutex<AvailabilityTracker>
    /// Set once some mailbox has taken an order's own events: from then on they are built
    /// without asking the bus again. Building them for nobody costs only the building (the
    /// bus hands each mailbox what it takes), so only a "no" must be asked afresh each time.
    private let ownEventsTaken = Atomic<Bool>(false)
    /// The bus's ``EventBus/subscriptions`` when no mailbox took an order's own events, or -1:
    /// asking again builds two events and takes the bus's lock for every order of a script,
    /// while the answer cannot change until another mailbox subscribes.
    private let ownEventsRefusedAt = Atomic<Int>(-1)

    /// - Parameters:
    ///   - menu: the fruits and juices; every change must use this menu's values.
    ///   - store: where the stock lives.
    ///   - bus: where changes are announced.
    /// - Throws: a storage error when the current stock, which says which juices are sold
    ///   out to begin with, cannot be read.
    public init(menu: Menu, store: any InventoryStore, bus: EventBus<KioskEvent>) throws {
        self.menu = menu
        self.store = store
        self.bus = bus
        availability = Mutex(AvailabilityTracker(menu: menu, stock: try store.stock()))
    }

    /// A fruit store on a store whose stock at start is already known (a database just
    /// created and seeded), so nothing is read from it until the first command needs it.
    /// - Parameters:
    ///   - menu: the fruits and juices; every change must use this menu's values.
    ///   - store: where the stock lives.
    ///   - bus: where changes are announced.
    ///   - startingStock: what `store` holds now; it says which juices are sold out to begin with.
    public init(menu: Menu, store: any InventoryStore, bus: EventBus<KioskEvent>, startingStock: Inventory) {
        self.menu = menu
        self.store = store
        self.bus = bus
        availability = Mutex(AvailabilityTracker(menu: menu, stock: startingStock))
    }

    /// The stock as it is now.
    /// - Throws: a storage error when the store cannot read it.
    public func stock() throws -> Inventory {
        try store.stock()
    }

    /// Commits `change` atomically and publishes its events.
    /// - Returns: what changed, and the stock right after.
    /// - Throws: ``JuiceError`` when a rule refuses the change (nothing changed), or the store's
    ///   own error when it cannot read or write.
    @discardableResult
    public func commit(_ change: StockChange) throws -> StockCommit {
        do {
            return try store.commit(change, announce: announce)
        } catch JuiceError.outOfStock(let refusal) {
            if refusal.hasSeveralLines {
                // An order of several juices: one per juice, each with the whole order's shortages.
                bus.publish(
                    contentsOf: refusal.lines.map {
                        .orderRefused(juice: $0.juice, count: $0.count, shortages: refusal.shortages)
                    })
            } else {
                bus.publish(.orderRefused(juice: refusal.juice, count: refusal.count, shortages: refusal.shortages))
            }
            throw JuiceError.outOfStock(refusal)
        }
    }

    /// Puts exactly `amount` of `fruit` on the shelf.
    @discardableResult
    public func set(_ fruit: Fruit, to amount: Int) throws -> StockCommit {
        try commit(.set(fruit: fruit, amount: amount))
    }

    /// Adds `amount` of `fruit`, up to the shelf's maximum.
    @discardableResult
    public func add(_ amount: Int, of fruit: Fruit) throws -> StockCommit {
        try commit(.add(fruit: fruit, amount: amount))
    }

    /// Takes `amount` of `fruit` off the shelf, down to zero.
    @discardableResult
    public func remove(_ amount: Int, of fruit: Fruit) throws -> StockCommit {
        try commit(.remove(fruit: fruit, amount: amount))
    }

    /// Puts every fruit back to its configured initial stock.
    @discardableResult
    public func reset() throws -> StockCommit {
        try commit(.reset(to: menu.initialStock))
    }

    /// Publishes a change another kiosk committed to a shared stock: its stock changes, and
    /// the juices it sold out or made available again here, as one run. No
    /// ``KioskEvent/juiceServed(juice:count:)``: the juice was served at the other counter.
    /// The store calls it in the same critical section as its own announcements, so both
    /// leave in the order the store saw the changes.
    public func announceElsewhere(_ commit: StockCommit) {
        var events: [KioskEvent] = []
        for delta in commit.deltas {
            events.append(.stockChanged(fruit: delta.fruit, old: delta.old, new: delta.new))
        }
        availability.withLock { $0.announce(commit, into: &events) }
        if !events.isEmpty { bus.publish(contentsOf: events) }
    }

    /// Publishes `commit`'s events and the announcements it causes, as one run; the store
    /// calls it inside its critical section, right after writing the change.
    private func announce(_ commit: StockCommit) {
        var events: [KioskEvent] = []
        if takesOwnEvents(of: commit) {
            events.reserveCapacity(commit.deltas.count + 1)
            for delta in commit.deltas {
                events.append(.stockChanged(fruit: delta.fruit, old: delta.old, new: delta.new))
            }
            switch commit.change {
            case .order(let juice, let count):
                events.append(.juiceServed(juice: juice.id, count: count))
            case .orders(let lines, _):
                for line in lines { events.append(.juiceServed(juice: line.juice.id, count: line.count)) }
            case .set, .add, .remove, .reset, .several:
                break
            }
        }
        availability.withLock { $0.announce(commit, into: &events) }
        bus.publish(contentsOf: events)
    }

    /// Whether some mailbox takes `commit`'s stock changes or served juices. A text
    /// transcript takes neither (its result says it all), so a script of orders builds no
    /// event of its own for nobody; the sold-out and available-again notices are announced
    /// either way. Mailboxes choose events by kind, so one event of each kind asks for all.
    private func takesOwnEvents(of commit: StockCommit) -> Bool {
        guard bus.hasSubscribers else { return false }
        if ownEventsTaken.load(ordering: .relaxed) { return true }
        // An order asks for both its kinds of event, so its "no" answers any change; another
        // change asks for stock changes alone, and its "no" is not kept.
        let isOrder = commit.change.kind == .order
        // Read before asking: a mailbox subscribing meanwhile makes the kept answer stale.
        let subscriptions = bus.subscriptions
        if ownEventsRefusedAt.load(ordering: .relaxed) == subscriptions { return false }
        let taken = asksForOwnEvents(of: commit)
        if taken {
            ownEventsTaken.store(true, ordering: .relaxed)
        } else if isOrder {
            ownEventsRefusedAt.store(subscriptions, ordering: .relaxed)
        }
        return taken
    }

    /// Whether some mailbox takes `commit`'s stock changes or served juices now.
    private func asksForOwnEvents(of commit: StockCommit) -> Bool {
        let served: KioskEvent
        switch commit.change {
        case .order(let juice, let count):
            served = .juiceServed(juice: juice.id, count: count)
        case .orders(let lines, _):
            guard let line = lines.first else { return true }
            served = .juiceServed(juice: line.juice.id, count: line.count)
        case .set, .add, .remove, .reset, .several:
            // Not an order: its stock changes, if it made any, are asked for alone.
            guard let delta = commit.deltas.first else { return false }
            return bus.accepts(.stockChanged(fruit: delta.fruit, old: delta.old, new: delta.new))
        }
        guard let delta = commit.deltas.first else { return bus.accepts(served) }
        return bus.accepts(.stockChanged(fruit: delta.fruit, old: delta.old, new: delta.new), or: served)
    }
}
