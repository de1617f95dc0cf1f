import GRDB

@testable import KioskStorage

/// What the database holds, summed per fruit, read with plain SQL so the tests check the
/// store's rows rather than its own reading of them.
struct LedgerTotals: Equatable {
    /// `stock.quantity`, by fruit (every row, offered or not).
    var stock: [String: Int] = [:]
    /// Σ (new − old) of every stock adjustment, by fruit; a seed counts from 0.
    var adjusted: [String: Int] = [:]
    /// Σ `sale_fruit.amount`, by fruit.
    var sold: [String: Int] = [:]
    /// Rows in `sale`.
    var sales = 0
    /// Σ `sale.count`.
    var juices = 0

    init(_ database: KioskDatabase) throws {
        try database.read { db in
            for row in try Row.fetchAll(db, sql: "SELECT fruit, quantity FROM stock") {
                stock[row["fruit"]] = row["quantity"]
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT fruit, SUM(new - old) AS moved FROM stock_adjustment GROUP BY fruit")
            {
                adjusted[row["fruit"]] = row["moved"]
            }
            for row in try Row.fetchAll(db, sql: "SELECT fruit, SUM(amount) AS used FROM sale_fruit GROUP BY fruit") {
                sold[row["fruit"]] = row["used"]
            }
            sales = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sale") ?? -1
            juices = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(count), 0) FROM sale") ?? -1
        }
    }

    /// Fruits whose stock differs from Σ adjustments − Σ sales, with both sides.
    var imbalances: [String: (stock: Int, ledger: Int)] {
        var result: [String: (stock: Int, ledger: Int)] = [:]
        for fruit in Set(stock.keys).union(adjusted.keys).union(sold.keys) {
            let level = stock[fruit, default: 0]
            let ledger = adjusted[fruit, default: 0] - sold[fruit, default: 0]
            if level != ledger { result[fruit] = (level, ledger) }
        }
        return result
    }
}
