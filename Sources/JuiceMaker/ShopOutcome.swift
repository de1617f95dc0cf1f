import KioskCore

/// What a shop command returns: typed values, which the presenter words.
public enum ShopOutcome: CommandOutcome {
    /// `menu`: every juice with how many the stock makes now, in menu order.
    case menu([MenuLine])
    /// `order`: what was made and what it took. Boxed, so that handing the outcome on (every
    /// order of a script) copies one reference rather than the receipt's every array.
    indirect case order(OrderReceipt)
    /// `stock`: every fruit's level, in menu order.
    case stock(Inventory)
    /// `stock set|add|remove`: one fruit's level before and after.
    case adjusted(StockAdjustment)
    /// `stock set|add|remove` of several fruits in one commit (`stock add kiwi 5 mango 5`):
    /// each fruit named, once, in the order first named, and the stock after.
    case adjustedSeveral([StockAdjustment], stock: Inventory)
    /// `stock fill [fruit...]`: each fruit filled to its shelf's max, and the stock after.
    case filled([StockAdjustment], stock: Inventory)
    /// `stock reset`: the stock after every fruit went back to its initial level.
    case reset(Inventory)
    /// `sales [day] [--from <day>] [--to <day>] [--all]`: the orders of the period, and
    /// the period's days.
    case sales(SalesReport, period: SalesPeriod)
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
public struct OrderReceipt: Sendable, Equatable {
    /// The juice made; the first of ``lines``.
    public let juice: Juice
    /// How many were made of ``juice``.
    public let count: Int
    /// Every juice made, with its count, in the order named; one line for an order of one juice.
    public var lines: [OrderLine] { several ?? [OrderLine(juice: juice, count: count)] }
    /// How many juices the order named: 1 for most orders, without building ``lines``.
    public var lineCount: Int { several?.count ?? 1 }
    /// The lines of an order of several juices; nil for one juice (most orders), whose line
    /// is ``juice`` and ``count``: no array to build and free for every order of a script.
    private let several: [OrderLine]?
    /// The fruit added just before making the order, in the same change (the offer at the
    /// prompt after a refusal): each fruit's level before and after the addition; usually none.
    public let restocked: [StockDelta]
    /// What the order (with its additions) did to each fruit, in menu order.
    public let deltas: [StockDelta]
    /// The stock right after the order.
    public let stock: Inventory

    /// `count` of `juice`, which took `deltas` and left `stock`.
    public init(juice: Juice, count: Int, deltas: [StockDelta], stock: Inventory) {
        self.juice = juice
        self.count = count
        self.several = nil
        self.restocked = []
        self.deltas = deltas
        self.stock = stock
    }

    /// What `commit`, an order of one juice or several, made and did.
    public init?(_ commit: StockCommit) {
        let lines = commit.orderLines
        guard let first = lines.first else { return nil }
        juice = first.juice
        count = first.count
        several = lines.count == 1 ? nil : lines
        restocked = commit.restocks
        deltas = commit.deltas
        stock = commit.stock
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
