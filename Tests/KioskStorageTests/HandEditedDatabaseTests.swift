import Bank
import GRDB
import JuiceMaker
import KioskCore
import Testing

@testable import KioskStorage

/// A database whose tables were rebuilt by hand without their NOT NULL constraints, so a
/// row can hold NULL where kiosk expects a number: reading it is an error, never a crash.
@Suite struct HandEditedDatabaseTests {
    /// Rebuilds `table` with the same columns but no constraints, then runs `rows`.
    static func loosen(_ table: String, columns: String, rows: String, in database: KioskDatabase) throws {
        try database.immediateTransaction { db in
            try db.execute(
                sql: """
                    DROP TABLE \(table);
                    CREATE TABLE \(table) (\(columns));
                    \(rows)
                    """)
        }
    }

    @Test("a stock row without a fruit is reported as a storage error")
    func nullFruit() throws {
        let database = try KioskDatabase.open(.memory)
        try Self.loosen(
            "stock", columns: "fruit TEXT, quantity INTEGER, max INTEGER",
            rows: "INSERT INTO stock VALUES (NULL, 5, 100);", in: database)
        let store = try SQLiteInventoryStore(database: database, menu: try Menu(config: .standard()))
        #expect(throws: StorageError.self) { try store.stock() }
    }

    @Test("a NULL count in a bank session is reported as a storage error")
    func nullSessionCount() throws {
        let database = try KioskDatabase.open(.memory)
        let log = SQLiteBankSessionLog(database: database)
        _ = try log.open()
        try Self.loosen(
            "bank_session_task", columns: "session_id INTEGER, position INTEGER, task TEXT, served INTEGER",
            rows: "INSERT INTO bank_session_task SELECT id, 0, 'deposit', NULL FROM bank_session;", in: database)
        #expect { try log.latest(10) } throws: { ($0 as? BankSessionLogFailure)?.error is StorageError }
    }

    @Test("a NULL amount of fruit in a sale is reported as a storage error")
    func nullSaleAmount() throws {
        let database = try KioskDatabase.open(.memory)
        try Self.loosen(
            "sale_fruit", columns: "sale_id INTEGER, fruit TEXT, amount INTEGER",
            rows: """
                INSERT INTO sale (at_ms, juice, count) VALUES (1, 'banana', 1);
                INSERT INTO sale_fruit SELECT id, 'banana', NULL FROM sale;
                """,
            in: database)
        let ledger = SQLiteSalesLedger(database: database, fruitOrder: ["banana"])
        #expect(throws: StorageError.self) { try ledger.salesReport(from: nil, to: nil) }
    }
}
