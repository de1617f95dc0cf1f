import GRDB
import Testing

@testable import KioskStorage

@Suite struct DurabilityTests {
    @Test(
        "the durability setting is the connection's synchronous mode (NORMAL 1, FULL 2)",
        arguments: [(KioskDatabase.Durability.normal, 1), (.full, 2)])
    func synchronousMode(_ durability: KioskDatabase.Durability, _ expected: Int) throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path), durability: durability)
        let mode = try database.onConnection { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(mode == expected)
        let journal = try database.onConnection { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
    }

    @Test("SQLite writes a database's files through kiosk's pwrite, which no thread cancellation waits on")
    func writesWithoutCancellation() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        #expect(KioskDatabase.writesWithoutCancellation)
        try database.immediateTransaction { db in
            try db.execute(sql: "INSERT INTO stock (fruit, quantity, max) VALUES ('fig', 3, 10)")
        }
        let reopened = try KioskDatabase.open(.directory(temporary.path))
        let quantity = try reopened.read { db in
            try Int.fetchOne(db, sql: "SELECT quantity FROM stock WHERE fruit = 'fig'")
        }
        #expect(quantity == 3)
    }
}
