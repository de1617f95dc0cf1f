import KioskCore
import Synchronization

/// The shop's stock: commits changes through an ``InventoryStore`` and announces each one on
/// the bus.
///
/// Every committed change publishes one ``KioskEvent/stockChanged(fruit:old:new:)`` per fruit
/// it changed, in menu order, then ``KioskEvent/juiceServed(juice:count:)`` for an order; a
/// refused order publishes ``KioskEvent/orderRefused(juice:count:shortages:)``. Events leave
/// in commit order, even when several tasks commit at once, and no lock is held while
/// subscribers run, so a handler may read the stock or change it.
///
/// ```swift
/// let fruitStore = FruitStore(menu: menu, store: InMemoryInventoryStore(menu.initialStock), bus: bus)
/// try fruitStore.add(5, of: mango)     // publishes stockChanged(mango, 10, 15)
/// try fruitStore.reset()
/// ```
public final class FruitStore: Sendable {
    /// The fruits and juices whose stock this store keeps.
    public let menu: Menu
    /// Where every committed change and refused order is announced.
    public let bus: EventBus<KioskEvent>
    private let store: any InventoryStore
    private let outbox = Mutex(Outbox())

    /// Events of committed changes, waiting to be published in commit order.
    private struct Outbox {
        var events: [KioskEvent] = []
        var isPublishing = false
        /// The stock right after this store's latest committed change.
        var latestStock: Inventory?
    }

    /// - Parameters:
    ///   - menu: the fruits and juices; every change must use this menu's values.
    ///   - store: where the stock lives.
    ///   - bus: where changes are announced.
    public init(menu: Menu, store: any InventoryStore, bus: EventBus<KioskEvent>) {
        self.menu = menu
        self.store = store
        self.bus = bus
    }

    /// The stock as it is now.
    /// - Throws: a storage error when the store cannot read it.
    public func stock() throws -> Inventory {
        try store.stock()
    }

    /// The stock as this store last committed it, without asking the store again; before
    /// the first change it reads the store. Changes another process made show up here after
    /// this store's next change, which is enough for announcements (``AvailabilityObserver``).
    /// - Throws: a storage error when the stock has to be read and cannot be.
    public func lastKnownStock() throws -> Inventory {
        if let latest = outbox.withLock({ $0.latestStock }) { return latest }
        return try store.stock()
    }

    /// Commits `change` atomically and publishes its events.
    /// - Returns: what changed, and the stock right after.
    /// - Throws: ``JuiceError`` when a rule refuses the change (nothing changed), or the store's
    ///   own error when it cannot read or write.
    @discardableResult
    public func commit(_ change: StockChange) throws -> StockCommit {
        // The commit and the queueing of its events share one critical section, so events
        // are queued in commit order; whoever finds nobody publishing then delivers the
        // queue outside the lock.
        let (outcome, mustPublish) = outbox.withLock { outbox -> (Result<StockCommit, any Error>, Bool) in
            let outcome: Result<StockCommit, any Error>
            do {
                let commit = try store.commit(change)
                for delta in commit.deltas {
                    outbox.events.append(.stockChanged(fruit: delta.fruit, old: delta.old, new: delta.new))
                }
                if case .order(let juice, let count) = change {
                    outbox.events.append(.juiceServed(juice: juice.id, count: count))
                }
                outbox.latestStock = commit.stock
                outcome = .success(commit)
            } catch JuiceError.outOfStock(let refusal) {
                outbox.events.append(
                    .orderRefused(juice: refusal.juice, count: refusal.count, shortages: refusal.shortages))
                outcome = .failure(JuiceError.outOfStock(refusal))
            } catch {
                outcome = .failure(error)
            }
            guard !outbox.isPublishing, !outbox.events.isEmpty else { return (outcome, false) }
            outbox.isPublishing = true
            return (outcome, true)
        }
        if mustPublish { publishQueuedEvents() }
        return try outcome.get()
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

    private func publishQueuedEvents() {
        // Two buffers swap roles so that steady ordering allocates nothing for events.
        var batch: [KioskEvent] = []
        while true {
            let more = outbox.withLock { outbox in
                guard !outbox.events.isEmpty else {
                    outbox.isPublishing = false
                    if outbox.events.capacity < batch.capacity { swap(&outbox.events, &batch) }
                    return false
                }
                swap(&outbox.events, &batch)
                return true
            }
            guard more else { return }
            bus.publish(contentsOf: batch)
            batch.removeAll(keepingCapacity: true)
        }
    }
}
