/// Where the stock lives: the port a storage adapter implements (in memory here; SQLite in
/// KioskStorage).
///
/// A store adds atomicity, and possibly persistence, to the rule that ``Inventory`` holds; it
/// never decides on its own whether a change is allowed. To commit a change it must, inside
/// one critical section:
///
/// 1. read the current stock as an ``Inventory`` (in SQLite: inside an IMMEDIATE transaction,
///    so no other connection or process writes in between);
/// 2. call ``Inventory/apply(_:)`` with the change; if it throws a ``JuiceError``, leave the
///    stock untouched and rethrow it;
/// 3. write the new level of every fruit in the returned deltas, together with the record of
///    why (a sale row for ``StockChange/order(juice:count:)``, an adjustment row whose reason is
///    ``StockChange/kind`` otherwise, one per fruit that moved, also for
///    ``StockChange/several(_:_:)``, whose edits of several fruits are one commit: written
///    together, or not at all);
/// 4. call `announce` with the ``StockCommit`` once the change is written (in SQLite: once
///    the transaction has committed), and only then end the critical section.
///
/// Step 4 makes announcements leave in commit order without the caller holding a lock of
/// its own across the store's I/O.
///
/// ```swift
/// let store = InMemoryInventoryStore(menu.initialStock)
/// let commit = try store.commit(.add(fruit: mango, amount: 5)) { commit in
///     bus.publish(contentsOf: commit.deltas.map { .stockChanged(fruit: $0.fruit, old: $0.old, new: $0.new) })
/// }
/// commit.deltas   // [mango 10 -> 15]
/// ```
public protocol InventoryStore: Sendable {
    /// The stock as it is now.
    /// - Throws: a storage error when the stock cannot be read.
    func stock() throws -> Inventory

    /// Applies `change` atomically, as the protocol describes.
    /// - Parameters:
    ///   - change: what to do to the stock.
    ///   - announce: called once, inside the store's critical section, right after the change
    ///     is written; it must be quick, must not call back into the store, and is not called
    ///     when the change is refused or fails.
    /// - Returns: what changed, and the stock right after the change.
    /// - Throws: the ``JuiceError`` from ``Inventory/apply(_:)`` when a rule refuses the change
    ///   (nothing is written), or a storage error when reading or writing fails (nothing is
    ///   written either).
    func commit(_ change: StockChange, announce: (StockCommit) -> Void) throws -> StockCommit
}

extension InventoryStore {
    /// Applies `change` atomically without announcing it: for tools and tests that have no bus.
    /// - Returns: what changed, and the stock right after the change.
    /// - Throws: what ``commit(_:announce:)`` throws.
    public func commit(_ change: StockChange) throws -> StockCommit {
        try commit(change, announce: { _ in })
    }
}
