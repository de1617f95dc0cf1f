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
        try sales(all ? .all : .today).report
    }

    /// The orders of the days `request` names, each day running from midnight to midnight
    /// in the kiosk's local time zone (`TZ`), with the days it covered.
    /// - Throws: ``JuiceError/invalidPeriod(first:last:)`` when the first day comes after
    ///   the last, or a storage error when the ledger cannot be read.
    public func sales(_ request: SalesRequest) throws -> (report: SalesReport, period: SalesPeriod) {
        let (period, start, end) = try dated(request)
        return (try ledger.salesReport(from: start, to: end), period)
    }

    /// Every order line of the days `request` names, oldest first, with the days it covered:
    /// what `sales export` writes.
    /// - Throws: ``JuiceError/invalidPeriod(first:last:)`` when the first day comes after
    ///   the last, or a storage error when the ledger cannot be read.
    public func salesRecords(_ request: SalesRequest) throws -> (records: [SalesRecord], period: SalesPeriod) {
        let (period, start, end) = try dated(request)
        return (try ledger.salesRecords(from: start, to: end), period)
    }

    /// The days `request` names, and the instants between which the ledger counts them.
    private func dated(_ request: SalesRequest) throws -> (period: SalesPeriod, start: Date?, end: Date?) {
        let days = SalesCalendar(calendar: Calendar.current, now: now())
        let today = days.day(.daysAgo(0))
        let period: SalesPeriod
        switch request {
        case .today:
            period = SalesPeriod(span: .today, first: today, last: today)
        case .day(let argument):
            let day = days.day(argument)
            period = SalesPeriod(span: .day, first: day, last: day)
        case .range(let from, let to):
            period = SalesPeriod(span: .range, first: from.flatMap(days.day), last: to.flatMap(days.day))
        case .all:
            period = SalesPeriod(span: .all, first: nil, last: nil)
        }
        if let first = period.first, let last = period.last, last < first {
            throw JuiceError.invalidPeriod(first: first, last: last)
        }
        return (period, period.first.flatMap(days.start(of:)), period.last.flatMap(days.end(of:)))
    }
}
