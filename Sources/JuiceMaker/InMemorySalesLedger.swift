import Foundation
import Synchronization

/// Orders recorded in memory: the ``SalesLedger`` for tests, fed by an
/// ``InMemoryInventoryStore`` that was given it.
///
/// ```swift
/// let ledger = InMemorySalesLedger(now: { testNow })
/// let store = InMemoryInventoryStore(menu.initialStock, ledger: ledger)
/// let maker = JuiceMaker(fruitStore: try FruitStore(menu: menu, store: store, bus: bus), ledger: ledger)
/// ```
public final class InMemorySalesLedger: SalesLedger {
    /// One order, as the store committed it.
    private struct Sale {
        let at: Date
        let juice: String
        let count: Int
        /// What the order took, per fruit, in menu order.
        let used: [Recipe.Ingredient]
    }

    private let sales = Mutex<[Sale]>([])
    private let now: @Sendable () -> Date

    /// An empty ledger that stamps each order with `now()`.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// Records each juice `commit` sold, one sale a line; other changes are not sales.
    func record(_ commit: StockCommit) {
        let lines = commit.orderLines
        guard !lines.isEmpty else { return }
        let at = now()
        // From the recipe, not the deltas: an order that added fruit first moved its
        // shelves by less than it used.
        let sold = lines.map { line in
            Sale(
                at: at, juice: line.juice.id, count: line.count,
                used: line.juice.recipe.ingredients.map {
                    Recipe.Ingredient(fruit: $0.fruit, amount: $0.amount * line.count, position: $0.position)
                })
        }
        sales.withLock { $0.append(contentsOf: sold) }
    }

    /// The orders recorded from `start` (inclusive) until `end` (exclusive), per juice.
    public func salesReport(from start: Date?, to end: Date?) -> SalesReport {
        let selected = sales(from: start, to: end)

        var byJuice: [String: Tally] = [:]
        var overall = Tally()
        for sale in selected {
            byJuice[sale.juice, default: Tally()].add(sale)
            overall.add(sale)
        }
        let lines = byJuice.map { juice, tally in
            SalesReport.Line(juice: juice, count: tally.count, orders: tally.orders, fruitUsed: tally.fruitUsed)
        }
        .sorted { $0.count != $1.count ? $0.count > $1.count : $0.juice < $1.juice }
        return SalesReport(lines: lines, fruitUsed: overall.fruitUsed)
    }

    /// The orders recorded from `start` (inclusive) until `end` (exclusive), in the order
    /// recorded; no kiosk is named, since one store feeds this ledger.
    public func salesRecords(from start: Date?, to end: Date?) -> [SalesRecord] {
        sales(from: start, to: end).map { sale in
            var tally = Tally()
            tally.add(sale)
            return SalesRecord(
                at: sale.at, juice: sale.juice, count: sale.count, fruitUsed: tally.fruitUsed, kiosk: nil)
        }
    }

    private func sales(from start: Date?, to end: Date?) -> [Sale] {
        sales.withLock { sales in
            sales.filter { sale in
                if let start, sale.at < start { return false }
                if let end, sale.at >= end { return false }
                return true
            }
        }
    }

    /// What a set of orders made and took.
    private struct Tally {
        var count = 0
        var orders = 0
        /// Fruit taken, by the fruit's menu position.
        var used: [Int: (fruit: String, amount: Int)] = [:]

        mutating func add(_ sale: Sale) {
            count += sale.count
            orders += 1
            for ingredient in sale.used {
                used[ingredient.position, default: (ingredient.fruit, 0)].amount += ingredient.amount
            }
        }

        /// The fruit taken, in menu order.
        var fruitUsed: [SalesReport.FruitAmount] {
            used.sorted { $0.key < $1.key }.map {
                SalesReport.FruitAmount(fruit: $0.value.fruit, amount: $0.value.amount)
            }
        }
    }
}
