import Foundation
import GRDB

extension KioskDatabase {
    /// Orders per juice, with the fruit they used, since `start` (all time when nil).
    /// - Parameter fruitOrder: fruit ids in the order to list them (config order); others follow.
    func salesReport(since start: Date?, fruitOrder: [String]) throws(StorageError) -> SalesReport {
        let startMilliseconds = start.map(Self.milliseconds) ?? Int.min
        return try read { db in
            let totals = try Row.fetchAll(
                db,
                sql: """
                    SELECT juice, SUM(count) AS made, COUNT(*) AS orders FROM sale
                    WHERE at_ms >= ? GROUP BY juice ORDER BY made DESC, juice
                    """,
                arguments: [startMilliseconds])
            let fruitRows = try Row.fetchAll(
                db,
                sql: """
                    SELECT sale.juice, sale_fruit.fruit, SUM(sale_fruit.amount) AS used
                    FROM sale JOIN sale_fruit ON sale_fruit.sale_id = sale.id
                    WHERE sale.at_ms >= ? GROUP BY sale.juice, sale_fruit.fruit
                    """,
                arguments: [startMilliseconds])
            var usedByJuice: [String: [String: Int]] = [:]
            var usedOverall: [String: Int] = [:]
            // `decode` throws on a NULL or mistyped value where a subscript would trap.
            for row in fruitRows {
                let juice: String = try row.decode(forColumn: "juice")
                let fruit: String = try row.decode(forColumn: "fruit")
                let used: Int = try row.decode(forColumn: "used")
                usedByJuice[juice, default: [:]][fruit] = used
                usedOverall[fruit, default: 0] += used
            }
            let lines = try totals.map { row in
                let juice: String = try row.decode(forColumn: "juice")
                return SalesReport.Line(
                    juice: juice, count: try row.decode(forColumn: "made"), orders: try row.decode(forColumn: "orders"),
                    fruitUsed: Self.ordered(usedByJuice[juice] ?? [:], fruitOrder))
            }
            return SalesReport(lines: lines, fruitUsed: Self.ordered(usedOverall, fruitOrder))
        }
    }

    private static func ordered(_ amounts: [String: Int], _ fruitOrder: [String]) -> [SalesReport.FruitAmount] {
        let rank = Dictionary(fruitOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return amounts.sorted { lhs, rhs in
            let left = rank[lhs.key] ?? Int.max
            let right = rank[rhs.key] ?? Int.max
            return left != right ? left < right : lhs.key < rhs.key
        }.map { SalesReport.FruitAmount(fruit: $0.key, amount: $0.value) }
    }

    static func milliseconds(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1_000).rounded(.down))
    }
}
