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
