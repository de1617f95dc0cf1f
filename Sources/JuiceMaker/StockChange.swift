/// One change to the stock, described so that any ``InventoryStore`` can apply it atomically
/// and record why it happened (a sale, or an adjustment with its reason).
public enum StockChange: Sendable, Equatable {
    /// Make `count` juices: takes every ingredient for all of them, or nothing.
    case order(juice: Juice, count: Int)
    /// Put exactly `amount` of `fruit` on the shelf.
    case set(fruit: Fruit, amount: Int)
    /// Add `amount` of `fruit` to the shelf.
    case add(fruit: Fruit, amount: Int)
    /// Take `amount` of `fruit` off the shelf.
    case remove(fruit: Fruit, amount: Int)
    /// Replace every level with the target's (`stock reset` passes the configured initial stock).
    case reset(to: Inventory)

    /// What kind of change this is; its raw value names the reason in a ledger.
    public enum Kind: String, Sendable, Equatable {
        case order, set, add, remove, reset
    }

    /// What kind of change this is.
    public var kind: Kind {
        switch self {
        case .order: .order
        case .set: .set
        case .add: .add
        case .remove: .remove
        case .reset: .reset
        }
    }
}

/// What one committed change did to one fruit.
public struct StockDelta: Sendable, Hashable {
    /// The fruit's id.
    public let fruit: String
    /// The stock before the change.
    public let old: Int
    /// The stock after the change.
    public let new: Int
    /// The fruit's position in the menu, for the dense stock array.
    let position: Int

    /// A delta a store built from what it read: `fruit` at menu `position` went from `old` to `new`.
    package init(fruit: String, old: Int, new: Int, position: Int) {
        self.fruit = fruit
        self.old = old
        self.new = new
        self.position = position
    }

    /// How much the stock grew (negative when it shrank).
    public var difference: Int { new - old }
}

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

    /// The level of `fruit` just before the change: its delta's `old`, or the level after
    /// the change when the change did not move it.
    public func level(before fruit: Fruit) -> Int {
        if let delta = deltas.first(where: { $0.fruit == fruit.id }) {
            return delta.old
        }
        return stock[fruit]
    }
}
