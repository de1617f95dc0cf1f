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
///    ``StockChange/kind`` otherwise), and only then end the critical section (commit).
///
/// ```swift
/// let store = InMemoryInventoryStore(menu.initialStock)
/// let commit = try store.commit(.add(fruit: mango, amount: 5))
/// commit.deltas   // [mango 10 -> 15]
/// ```
public protocol InventoryStore: Sendable {
    /// The stock as it is now.
    /// - Throws: a storage error when the stock cannot be read.
    func stock() throws -> Inventory

    /// Applies `change` atomically, as the protocol describes.
    /// - Returns: what changed, and the stock right after the change.
    /// - Throws: the ``JuiceError`` from ``Inventory/apply(_:)`` when a rule refuses the change
    ///   (nothing is written), or a storage error when reading or writing fails (nothing is
    ///   written either).
    func commit(_ change: StockChange) throws -> StockCommit
}
