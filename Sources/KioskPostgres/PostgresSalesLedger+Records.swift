import Foundation
import JuiceMaker

extension PostgresSalesLedger {
    /// Every order line any kiosk took at or after `start` and before `end`, oldest first
    /// (then in the order written), each with the fruit it took and the kiosk that took it,
    /// read in one snapshot.
    /// - Throws: ``PostgresError`` when the ledger cannot be read.
    public func salesRecords(from start: Date?, to end: Date?) throws -> [SalesRecord] {
        let bounds = [start, end].map { $0.map { String($0.timeIntervalSince1970) } }
        let filter = """
            WHERE ($1::float8 IS NULL OR sale.at >= to_timestamp($1::float8))
              AND ($2::float8 IS NULL OR sale.at < to_timestamp($2::float8))
            """
        return try database.transaction { connection in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let used = try connection.execute(
                """
                SELECT sale_fruit.sale_id, sale_fruit.fruit, sale_fruit.amount
                FROM sale JOIN sale_fruit ON sale_fruit.sale_id = sale.id \(filter)
                """, bounds)
            var usedBySale: [Int: [String: Int]] = [:]
            // Every column read is NOT NULL in the schema.
            for row in 0..<used.rowCount {
                guard let sale = used.integer(row, 0), let fruit = used.text(row, 1), let amount = used.integer(row, 2)
                else { continue }
                usedBySale[sale, default: [:]][fruit] = amount
            }
            let sales = try connection.execute(
                """
                SELECT sale.id, extract(epoch FROM sale.at)::float8, sale.juice, sale.count, sale.kiosk
                FROM sale \(filter) ORDER BY sale.at, sale.id
                """, bounds)
            var records: [SalesRecord] = []
            records.reserveCapacity(sales.rowCount)
            for row in 0..<sales.rowCount {
                guard let id = sales.integer(row, 0), let seconds = sales.double(row, 1),
                    let juice = sales.text(row, 2), let count = sales.integer(row, 3)
                else { continue }
                let fruitUsed = (usedBySale[id] ?? [:]).sorted { lhs, rhs in
                    let left = fruitRank[lhs.key] ?? Int.max
                    let right = fruitRank[rhs.key] ?? Int.max
                    return left != right ? left < right : lhs.key < rhs.key
                }.map { SalesReport.FruitAmount(fruit: $0.key, amount: $0.value) }
                records.append(
                    SalesRecord(
                        at: Date(timeIntervalSince1970: seconds), juice: juice, count: count, fruitUsed: fruitUsed,
                        kiosk: sales.text(row, 4)))
            }
            return records
        }
    }
}
