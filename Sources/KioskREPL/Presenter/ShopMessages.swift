import JuiceMaker

/// The juice bar's sentences: orders, stock, the menu and sales.
protocol ShopMessages: Sendable {
    func orderMade(count: Int, juice: String) -> String
    /// An order of several juices, or one made after adding fruit: every juice with its count.
    func ordersMade(_ lines: [(count: Int, juice: String)]) -> String
    /// The fruit an order added before it was made, in the same change.
    func fruitAdded(_ additions: [(id: String, name: String, old: Int, new: Int)]) -> String
    /// At the prompt, after a refusal: whether to add what is missing and make the order.
    func restockQuestion(_ additions: [(id: String, name: String, amount: Int)], juices: Int) -> String
    /// Ctrl-C at that question, or a yes refused after all: nothing was added or made.
    var restockDeclined: String { get }
    /// A yes to that question when the shelves had come to hold the order: made, nothing added.
    var restockNotNeeded: String { get }
    func stockUsed(_ changes: [(fruit: String, old: Int, new: Int)]) -> String
    func stockStays(fruit: String, level: Int, maximum: Int) -> String
    func stockMoved(fruit: String, old: Int, new: Int, maximum: Int) -> String
    var stockResetDone: String { get }
    var menuColumns: (juice: String, name: String, recipe: String, canMake: String) { get }
    var stockColumns: (fruit: String, name: String, stock: String, maximum: String) { get }
    func amounts(_ pairs: [(name: String, amount: Int)]) -> String
    func salesHeading(_ period: SalesPeriod, juices: Int) -> String
    func noSales(_ period: SalesPeriod) -> String
    /// `sales export` wrote `orders` order lines (`juices` juices) of `period` to `path`.
    func salesExported(orders: Int, juices: Int, period: SalesPeriod, path: String, csv: Bool) -> String
    func describe(_ error: SalesExportError, path: String) -> String
    var salesColumns: (juice: String, made: String, orders: String, fruitUsed: String) { get }
    func fruitUsedInAll(_ amounts: String) -> String
    func soldOut(juice: String, lacking: [(fruit: String, have: Int, need: Int)]) -> String
    func availableAgain(juice: String) -> String
    /// Under `menu`: the other names each juice answers to.
    func menuAliases(_ juices: [(id: String, aliases: [String])]) -> String
    func stockFilled(_ fruits: Int) -> String
    var stockEditedTogether: String { get }
}
