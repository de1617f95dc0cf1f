import Foundation
import KioskCore

/// Makes juice: turns orders into stock changes on a ``FruitStore``, reads sales from a
/// ``SalesLedger``, and offers the shop's commands (`menu`, `order`, `stock`, `sales`, ...).
///
/// ```swift
/// let maker = JuiceMaker(fruitStore: fruitStore, ledger: ledger)
/// try maker.make(banana, count: 2)          // takes 4 banana, publishes juiceServed
/// registry.register(contentsOf: maker.commands)
/// ```
public struct JuiceMaker: Sendable {
    /// The stock that orders take from.
    public let fruitStore: FruitStore
    /// Where the orders are recorded, for `sales`.
    public let ledger: any SalesLedger
    /// The current time, for `sales` (whose today starts at local midnight).
    let now: @Sendable () -> Date

    /// A juice maker that takes its fruit from `fruitStore` and reads sales from `ledger`.
    /// - Parameter now: the current time; tests pass a fixed one.
    public init(fruitStore: FruitStore, ledger: any SalesLedger, now: @escaping @Sendable () -> Date = Date.init) {
        self.fruitStore = fruitStore
        self.ledger = ledger
        self.now = now
    }

    /// The menu the fruit store serves.
    public var menu: Menu { fruitStore.menu }

    /// Makes `count` of `juice`, taking every ingredient for all of them, or nothing.
    /// - Returns: the committed change, with the stock after it.
    /// - Throws: ``JuiceError/outOfStock(_:)`` naming every short fruit,
    ///   ``JuiceError/invalidCount(_:)`` for a count outside ``Inventory/orderCounts``,
    ///   or a storage error.
    @discardableResult
    public func make(_ juice: Juice, count: Int = 1) throws -> StockCommit {
        try fruitStore.commit(.order(juice: juice, count: count))
    }

    /// Every juice with how many the current stock makes, in menu order.
    /// - Throws: a storage error when the stock cannot be read.
    public func availability() throws -> [MenuLine] {
        let stock = try fruitStore.stock()
        return menu.juices.map { MenuLine(juice: $0, available: stock.available($0.recipe)) }
    }

    /// Today's orders (since local midnight), or every order ever recorded when `all`.
    /// - Throws: a storage error when the ledger cannot be read.
    public func sales(all: Bool) throws -> SalesReport {
        let start = all ? nil : Calendar.current.startOfDay(for: now())
        return try ledger.salesReport(from: start, to: nil)
    }
}
