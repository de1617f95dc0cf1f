import KioskCore

/// What a shop command returns: typed values, which the presenter words.
///
/// Every case but `order` is boxed (`indirect`), and a receipt is one reference: the outcome
/// is then a word or two, which fits in an `any CommandOutcome` without a box of its own,
/// and handing an order's outcome on (every line of a script) copies one reference.
public enum ShopOutcome: CommandOutcome {
    /// `menu`: every juice with how many the stock makes now, in menu order.
    indirect case menu([MenuLine])
    /// `order`: what was made and what it took.
    case order(OrderReceipt)
    /// `stock`: every fruit's level, in menu order.
    indirect case stock(Inventory)
    /// `stock set|add|remove`: one fruit's level before and after.
    indirect case adjusted(StockAdjustment)
    /// `stock set|add|remove` of several fruits in one commit (`stock add kiwi 5 mango 5`):
    /// each fruit named, once, in the order first named, and the stock after.
    indirect case adjustedSeveral([StockAdjustment], stock: Inventory)
    /// `stock fill [fruit...]`: each fruit filled to its shelf's max, and the stock after.
    indirect case filled([StockAdjustment], stock: Inventory)
    /// `stock reset`: the stock after every fruit went back to its initial level.
    indirect case reset(Inventory)
    /// `sales [day] [--from <day>] [--to <day>] [--all]`: the orders of the period, and
    /// the period's days.
    indirect case sales(SalesReport, period: SalesPeriod)
}

/// One juice on the menu and how many of it the current stock makes.
public struct MenuLine: Sendable, Equatable {
    /// The juice, with its name and recipe.
    public let juice: Juice
    /// How many whole juices the fruit on the shelves makes now.
    public let available: Int

    /// `juice`, of which the stock makes `available`.
    public init(juice: Juice, available: Int) {
        self.juice = juice
        self.available = available
    }
}

/// An order that was made.
///
/// Its values live in one shared, unchangeable object: a copy (the transcript reads the
/// receipt out of its outcome for every order of a script) retains one reference rather
/// than the juice, the deltas and the stock one by one.
public struct OrderReceipt: Sendable, Equatable {
    private final class Storage: Sendable {
        let juice: Juice
        let count: Int
        /// The lines of an order of several juices; nil for one juice (most orders), whose
        /// line is `juice` and `count`: no array to build and free for every order.
        let several: [OrderLine]?
        let restocked: [StockDelta]
        let deltas: [StockDelta]
        let stock: Inventory

        init(
            juice: Juice, count: Int, several: [OrderLine]?, restocked: [StockDelta], deltas: [StockDelta],
            stock: Inventory
        ) {
            self.juice = juice
            self.count = count
            self.several = several
            self.restocked = restocked
            self.deltas = deltas
            self.stock = stock
        }
    }

    private let storage: Storage

    /// The juice made; the first of ``lines``.
    public var juice: Juice { storage.juice }
    /// The id of ``juice``, read without copying the juice (its names, recipe and aliases).
    public var juiceID: String { storage.juice.id }
    /// How many were made of ``juice``.
    public var count: Int { storage.count }
    /// Every juice made, with its count, in the order named; one line for an order of one juice.
    public var lines: [OrderLine] { storage.several ?? [OrderLine(juice: juice, count: count)] }
    /// How many juices the order named: 1 for most orders, without building ``lines``.
    public var lineCount: Int { storage.several?.count ?? 1 }
    /// Whether the order named one juice and added no fruit for it (most orders): the shape a
    /// transcript writes from a template. Asked without handing out either array.
    public var isOneJuiceAlone: Bool { (storage.several?.count ?? 1) == 1 && storage.restocked.isEmpty }
    /// The fruit added just before making the order, in the same change (the offer at the
    /// prompt after a refusal): each fruit's level before and after the addition; usually none.
    public var restocked: [StockDelta] { storage.restocked }
    /// What the order (with its additions) did to each fruit, in menu order.
    public var deltas: [StockDelta] { storage.deltas }
    /// The stock right after the order.
    public var stock: Inventory { storage.stock }
    /// What making the juices took, fruit by fruit in menu order: from each level after the
    /// fruit added for the order (``restocked``) to the level after the order. ``deltas`` when
    /// nothing was added; with an addition, a fruit the juices used exactly the amount added
    /// of is here too, though its level ends where it began.
    public var used: [StockDelta] {
        guard !storage.restocked.isEmpty else { return storage.deltas }
        var before: [Int: (fruit: String, level: Int)] = [:]
        for delta in storage.deltas { before[delta.position] = (delta.fruit, delta.old) }
        for addition in storage.restocked { before[addition.position] = (addition.fruit, addition.new) }
        return before.keys.sorted().compactMap { position in
            guard let first = before[position], let after = storage.stock[first.fruit], after != first.level else {
                return nil
            }
            return StockDelta(fruit: first.fruit, old: first.level, new: after, position: position)
        }
    }

    /// `count` of `juice`, which took `deltas` and left `stock`.
    public init(juice: Juice, count: Int, deltas: [StockDelta], stock: Inventory) {
        storage = Storage(juice: juice, count: count, several: nil, restocked: [], deltas: deltas, stock: stock)
    }

    /// What `commit`, an order of one juice or several, made and did.
    public init?(_ commit: StockCommit) {
        let lines = commit.orderLines
        guard let first = lines.first else { return nil }
        storage = Storage(
            juice: first.juice, count: first.count, several: lines.count == 1 ? nil : lines,
            restocked: commit.restocks, deltas: commit.deltas, stock: commit.stock)
    }

    /// Whether both made the same juices in the same counts, with the same effect on the stock.
    public static func == (left: OrderReceipt, right: OrderReceipt) -> Bool {
        left.storage === right.storage
            || (left.juice == right.juice && left.count == right.count
                && left.storage.several == right.storage.several && left.restocked == right.restocked
                && left.deltas == right.deltas && left.stock == right.stock)
    }
}

/// One fruit's level before and after `stock set`, `stock add` or `stock remove`.
public struct StockAdjustment: Sendable, Equatable {
    /// Which command it was.
    public let kind: StockChange.Kind
    /// The fruit adjusted.
    public let fruit: Fruit
    /// The level before; equal to `new` when the level did not move.
    public let old: Int
    /// The level after.
    public let new: Int
    /// The most the fruit's shelf holds.
    public let maximum: Int

    /// A `kind` adjustment of `fruit` from `old` to `new` on a shelf holding `maximum`.
    public init(kind: StockChange.Kind, fruit: Fruit, old: Int, new: Int, maximum: Int) {
        self.kind = kind
        self.fruit = fruit
        self.old = old
        self.new = new
        self.maximum = maximum
    }
}
