import Synchronization

/// Stock held in memory behind a `Mutex`: the store for `--in-memory` runs, tests and benchmarks.
public final class InMemoryInventoryStore: InventoryStore {
    private let inventory: Mutex<Inventory>

    /// - Parameter initial: the stock to start from, usually ``Menu/initialStock``.
    public init(_ initial: Inventory) {
        inventory = Mutex(initial)
    }

    public func stock() -> Inventory {
        inventory.withLock { $0 }
    }

    public func commit(_ change: StockChange) throws(JuiceError) -> StockCommit {
        try inventory.withLock { inventory throws(JuiceError) -> StockCommit in
            let deltas = try inventory.apply(change)
            return StockCommit(change: change, deltas: deltas, stock: inventory)
        }
    }
}
