/// The outcome of a change an ``InventoryStore`` committed.
public struct StockCommit: Sendable, Equatable {
    /// The change that was applied.
    public let change: StockChange
    /// One entry per fruit whose stock changed, in menu order; empty when nothing moved.
    public let deltas: [StockDelta]
    /// The stock right after the change, as the store holds it.
    public let stock: Inventory

    /// The outcome of `change`: its `deltas` and the `stock` after it.
    public init(change: StockChange, deltas: [StockDelta], stock: Inventory) {
        self.change = change
        self.deltas = deltas
        self.stock = stock
    }
}
