import Foundation
import JuiceMaker

/// The orders recorded on PostgreSQL by every kiosk sharing the database, summed per juice
/// with the fruit they used. Sales are stamped by the server (`now()`), so kiosks whose
/// machines' clocks differ agree on which day a sale belongs to.
///
/// ```swift
/// let ledger = PostgresSalesLedger(database: database, fruitOrder: menu.fruits.map(\.id))
/// try ledger.salesReport(from: Calendar.current.startOfDay(for: .now), to: nil).total
/// ```
public struct PostgresSalesLedger: SalesLedger {
    let database: PostgresDatabase
    /// Fruit id → rank in the order fruit is listed.
    let fruitRank: [String: Int]

    /// - Parameters:
    ///   - database: the shared database.
    ///   - fruitOrder: fruit ids in the order to list them; others follow, by id.
    public init(database: PostgresDatabase, fruitOrder: [String] = []) {
        self.database = database
        fruitRank = Dictionary(fruitOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The orders taken at or after `start` and before `end`, per juice (most made first,
    /// then by id), read in one snapshot.
    /// - Throws: ``PostgresError`` when the ledger cannot be read.
    public func salesReport(from start: Date?, to end: Date?) throws -> SalesReport {
        let bounds = [start, end].map { $0.map { String($0.timeIntervalSince1970) } }
        let filter = """
            WHERE ($1::float8 IS NULL OR sale.at >= to_timestamp($1::float8))
              AND ($2::float8 IS NULL OR sale.at < to_timestamp($2::float8))
            """
        return try database.transaction { connection in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let totals = try connection.execute(
                """
                SELECT juice, SUM(count), COUNT(*) FROM sale \(filter)
                GROUP BY juice ORDER BY 2 DESC, juice
                """, bounds)
            let used = try connection.execute(
                """
                SELECT sale.juice, sale_fruit.fruit, SUM(sale_fruit.amount)
                FROM sale JOIN sale_fruit ON sale_fruit.sale_id = sale.id \(filter)
                GROUP BY sale.juice, sale_fruit.fruit
                """, bounds)
            var usedByJuice: [String: [String: Int]] = [:]
            var usedOverall: [String: Int] = [:]
            for row in 0..<used.rowCount {
                guard let juice = used.text(row, 0), let fruit = used.text(row, 1), let amount = used.integer(row, 2)
                else { continue }
                usedByJuice[juice, default: [:]][fruit] = amount
                usedOverall[fruit, default: 0] += amount
            }
            var lines: [SalesReport.Line] = []
            for row in 0..<totals.rowCount {
                guard let juice = totals.text(row, 0) else { continue }
                lines.append(
                    SalesReport.Line(
                        juice: juice, count: totals.integer(row, 1) ?? 0, orders: totals.integer(row, 2) ?? 0,
                        fruitUsed: ordered(usedByJuice[juice] ?? [:])))
            }
            return SalesReport(lines: lines, fruitUsed: ordered(usedOverall))
        }
    }

    private func ordered(_ amounts: [String: Int]) -> [SalesReport.FruitAmount] {
        amounts.sorted { lhs, rhs in
            let left = fruitRank[lhs.key] ?? Int.max
            let right = fruitRank[rhs.key] ?? Int.max
            return left != right ? left < right : lhs.key < rhs.key
        }.map { SalesReport.FruitAmount(fruit: $0.key, amount: $0.value) }
    }
}
