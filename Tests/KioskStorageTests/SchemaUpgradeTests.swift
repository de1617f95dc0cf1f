import Bank
import Foundation
import GRDB
import JuiceMaker
import KioskCore
import Testing

@testable import KioskStorage

/// A database an earlier kiosk wrote (schema v1) opens under today's schema with its data.
@Suite struct SchemaUpgradeTests {
    @Test("a v1 database keeps its stock, its bank sessions and their tasks, and gains stored shelf limits")
    func upgradesFromV1() throws {
        let temporary = try TemporaryDirectory()
        let queue = try DatabaseQueue(path: temporary.path + "/kiosk.sqlite")
        try KioskDatabase.migrator.migrate(queue, upTo: "v1-stock-sales-bank")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO stock (fruit, quantity) VALUES ('mango', 7);
                    INSERT INTO stock_adjustment (at_ms, fruit, reason, old, new) VALUES (1, 'mango', 'seed', 0, 7);
                    INSERT INTO bank_session (opened_at_ms, idle_at_ms, ended, served, business_ms)
                        VALUES (1, 2, NULL, 3, 1100);
                    INSERT INTO bank_session_task VALUES (1, 0, 'deposit', 2), (1, 1, 'loan', 1);
                    """)
        }
        try queue.close()

        let database = try KioskDatabase.open(.directory(temporary.path))
        let menu = Menu(config: KioskConfig.builtIn)
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        #expect(store.shelfLimitChanges.isEmpty)
        #expect(try store.stock()["mango"] == 7)
        let log = SQLiteBankSessionLog(database: database)
        try log.closeInterruptedSessions(isAlive: { _ in false })
        let session = try #require(try log.latest(1).first)
        #expect(session.servedByTask == [TaskCount(task: "deposit", count: 2), TaskCount(task: "loan", count: 1)])
        #expect(session.ended == .interrupted)
        let limits = try database.read { db in try Int.fetchAll(db, sql: "SELECT max FROM stock ORDER BY fruit") }
        #expect(limits.allSatisfy { $0 == 100 })
    }
}
