import Synchronization

/// Stock held in memory behind a `Mutex`: the store for tests and benchmarks.
///
/// Given an ``InMemorySalesLedger``, it records every order there, inside the same critical
/// section, as a database store records its sale rows.
///
/// ```swift
/// let ledger = InMemorySalesLedger()
/// let store = InMemoryInventoryStore(menu.initialStock, ledger: ledger)
/// _ = try store.commit(.order(juice: banana, count: 2))
/// try ledger.salesReport(from: nil, to: nil).total   // 2
/// ```
public final class InMemoryInventoryStore: InventoryStore {
    private let inventory: Mutex<Inventory>
    private let ledger: InMemorySalesLedger?

    /// - Parameters:
    ///   - initial: the stock to start from, usually ``Menu/initialStock``.
    ///   - ledger: where orders are recorded; nil records none (a benchmark's endless orders).
    public init(_ initial: Inventory, ledger: InMemorySalesLedger? = nil) {
        inventory = Mutex(initial)
        self.ledger = ledger
    }

    /// The stock as it is now.
    public func stock() -> Inventory {
        inventory.withLock { $0 }
    }

    /// Applies `change` under the store's lock, records an order in the ledger, and calls
    /// `announce` before releasing the lock.
    /// - Throws: the ``JuiceError`` that ``Inventory/apply(_:)`` throws; nothing changed then.
    public func commit(_ change: StockChange, announce: (StockCommit) -> Void) throws(JuiceError) -> StockCommit {
        try inventory.withLock { inventory throws(JuiceError) -> StockCommit in
            let deltas = try inventory.apply(change)
            let commit = StockCommit(change: change, deltas: deltas, stock: inventory)
            ledger?.record(commit)
            announce(commit)
            return commit
        }
    }
}
