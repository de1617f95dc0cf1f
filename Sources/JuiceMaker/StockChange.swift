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
    /// Several edits of one `kind` (`.set`, `.add` or `.remove`) in one commit, all or
    /// nothing: `stock add kiwi 5 mango 5`, and `stock fill` (a `.set` of each fruit to its
    /// max). Each edit applies to the stock the edits before it left; the first edit a rule
    /// refuses refuses the whole change. A store records one adjustment per fruit that
    /// moved, whose reason is `kind`.
    case several(Kind, [FruitEdit])
    /// Make several juices in one order (`order banana, kiwi 2`), after adding `restock`
    /// (the fruit a refused order lacked, when the person at the counter agreed to add it):
    /// every addition and every juice, or nothing. The additions keep each shelf within its
    /// max; the juices are checked together against the stock the additions leave. A store
    /// records one `add` adjustment per fruit added and one sale per line.
    case orders([OrderLine], restock: [FruitEdit])

    /// What kind of change this is; its raw value names the reason in a ledger.
    public enum Kind: String, Sendable, Equatable {
        case order, set, add, remove, reset
    }

    /// What kind of change this is.
    public var kind: Kind {
        switch self {
        case .order, .orders: .order
        case .set: .set
        case .add: .add
        case .remove: .remove
        case .reset: .reset
        case .several(let kind, _): kind
        }
    }
}

/// One juice of an order and how many of it.
public struct OrderLine: Sendable, Equatable {
    /// The juice.
    public let juice: Juice
    /// How many; within ``Inventory/orderCounts``.
    public let count: Int

    /// `count` of `juice`.
    public init(juice: Juice, count: Int) {
        self.juice = juice
        self.count = count
    }
}

/// One fruit and an amount, for one edit of ``StockChange/several(_:_:)``.
public struct FruitEdit: Sendable, Equatable {
    /// The fruit to edit.
    public let fruit: Fruit
    /// How many: the level to set, or how many to add or remove.
    public let amount: Int
    /// Whether a `.set` puts the shelf's max, as the stock holds it when the change is
    /// applied (`stock fill`), rather than `amount`.
    public let fillsShelf: Bool

    /// `amount` of `fruit`.
    public init(fruit: Fruit, amount: Int) {
        self.fruit = fruit
        self.amount = amount
        self.fillsShelf = false
    }

    private init(filling fruit: Fruit) {
        self.fruit = fruit
        self.amount = 0
        self.fillsShelf = true
    }

    /// A `.set` of `fruit` to its shelf's max, which the store reads inside the commit:
    /// kiosks on one database share their shelves' limits, so this one's config may be stale.
    public static func toMaximum(_ fruit: Fruit) -> FruitEdit {
        FruitEdit(filling: fruit)
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
    package let position: Int

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

    /// The juices the change sold, one line each: the one of an order, the lines of a
    /// several-juice order; none for other changes.
    public var orderLines: [OrderLine] {
        switch change {
        case .order(let juice, let count): [OrderLine(juice: juice, count: count)]
        case .orders(let lines, _): lines
        case .set, .add, .remove, .reset, .several: []
        }
    }

    /// What an order's restock added, for the ledger's `add` adjustments: each fruit added,
    /// from its level before the change to that level plus the amount added, in the order
    /// of the additions. Empty for any other change.
    public var restocks: [StockDelta] {
        guard case .orders(_, let restock) = change else { return [] }
        return restock.map { edit in
            let old = level(before: edit.fruit)
            return StockDelta(fruit: edit.fruit.id, old: old, new: old + edit.amount, position: edit.fruit.position)
        }
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
