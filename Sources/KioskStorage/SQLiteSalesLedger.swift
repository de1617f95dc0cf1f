import Foundation
import GRDB
import JuiceMaker

/// The orders recorded in SQLite, summed per juice with the fruit they used: every sale row
/// that ``SQLiteInventoryStore`` wrote with its order.
///
/// ```swift
/// let ledger = SQLiteSalesLedger(database: database, fruitOrder: menu.fruits.map(\.id))
/// let today = try ledger.salesReport(from: Calendar.current.startOfDay(for: .now), to: nil)
/// today.total   // juices made since midnight
/// ```
public struct SQLiteSalesLedger: SalesLedger {
    private let database: KioskDatabase
    /// Fruit id → rank in the order the report lists fruit.
    private let fruitRank: [String: Int]

    /// - Parameters:
    ///   - database: the database the store records sales in.
    ///   - fruitOrder: fruit ids in the order to list them, usually the configuration's
    ///     (`menu.fruits.map(\.id)`); fruits it does not name follow, by id.
    public init(database: KioskDatabase, fruitOrder: [String] = []) {
        self.database = database
        fruitRank = Dictionary(fruitOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The orders taken at or after `start` and before `end`, per juice (most made first,
    /// then by id), with the fruit each juice used and the fruit used in all.
    /// - Parameters:
    ///   - start: the first instant counted; nil for no lower bound.
    ///   - end: the first instant no longer counted; nil for no upper bound.
    /// - Throws: ``StorageError`` when the ledger cannot be read, or holds a row kiosk did
    ///   not write (a NULL or mistyped value).
    public func salesReport(from start: Date?, to end: Date?) throws(StorageError) -> SalesReport {
        let (filter, arguments) = Self.filter(from: start, to: end)
        return try database.read { db in
            // Compiled once for the connection, not for every report: compiling them took
            // most of a report's time on a small ledger, and a script may ask line after line.
            let totals = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT juice, SUM(count) AS made, COUNT(*) AS orders FROM sale \(filter)
                        GROUP BY juice ORDER BY made DESC, juice
                        """),
                arguments: arguments)
            let fruitRows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT sale.juice, sale_fruit.fruit, SUM(sale_fruit.amount) AS used
                        FROM sale JOIN sale_fruit ON sale_fruit.sale_id = sale.id \(filter)
                        GROUP BY sale.juice, sale_fruit.fruit
                        """),
                arguments: arguments)
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
                    fruitUsed: ordered(usedByJuice[juice] ?? [:]))
            }
            return SalesReport(lines: lines, fruitUsed: ordered(usedOverall))
        }
    }

    /// Every order line taken at or after `start` and before `end`, oldest first (then in
    /// the order written), with the fruit each took; no kiosk is named, since one kiosk
    /// writes this database at a time.
    /// - Throws: ``StorageError`` when the ledger cannot be read, or holds a row kiosk did
    ///   not write (a NULL or mistyped value).
    public func salesRecords(from start: Date?, to end: Date?) throws(StorageError) -> [SalesRecord] {
        let (filter, arguments) = Self.filter(from: start, to: end)
        return try database.read { db in
            var usedBySale: [Int64: [String: Int]] = [:]
            let fruitRows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT sale_fruit.sale_id, sale_fruit.fruit, sale_fruit.amount
                    FROM sale JOIN sale_fruit ON sale_fruit.sale_id = sale.id \(filter)
                    """,
                arguments: arguments)
            while let row = try fruitRows.next() {
                let sale: Int64 = try row.decode(forColumn: "sale_id")
                let fruit: String = try row.decode(forColumn: "fruit")
                usedBySale[sale, default: [:]][fruit] = try row.decode(forColumn: "amount")
            }
            var records: [SalesRecord] = []
            let sales = try Row.fetchCursor(
                db, sql: "SELECT id, at_ms, juice, count FROM sale \(filter) ORDER BY at_ms, id", arguments: arguments)
            while let row = try sales.next() {
                let id: Int64 = try row.decode(forColumn: "id")
                let at: Int = try row.decode(forColumn: "at_ms")
                records.append(
                    SalesRecord(
                        at: KioskDatabase.date(at), juice: try row.decode(forColumn: "juice"),
                        count: try row.decode(forColumn: "count"), fruitUsed: ordered(usedBySale[id] ?? [:]), kiosk: nil
                    ))
            }
            return records
        }
    }

    /// The `WHERE` clause (empty for no bounds) and its arguments for sales at or after
    /// `start` and before `end`.
    private static func filter(from start: Date?, to end: Date?) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let start {
            conditions.append("sale.at_ms >= ?")
            arguments += [KioskDatabase.milliseconds(start)]
        }
        if let end {
            conditions.append("sale.at_ms < ?")
            arguments += [KioskDatabase.milliseconds(end)]
        }
        return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    /// `amounts` as a list in fruit order; fruits without a rank follow, by id.
    private func ordered(_ amounts: [String: Int]) -> [SalesReport.FruitAmount] {
        amounts.sorted { lhs, rhs in
            let left = fruitRank[lhs.key] ?? Int.max
            let right = fruitRank[rhs.key] ?? Int.max
            return left != right ? left < right : lhs.key < rhs.key
        }.map { SalesReport.FruitAmount(fruit: $0.key, amount: $0.value) }
    }
}
