import Foundation
import JuiceMaker
import KioskCore
import Synchronization
import Testing

@testable import KioskPostgres

/// The PostgreSQL stores against a real server: the shared stock rule, shelf limits kept
/// in the database, notifications from other kiosks, a lost connection and a bounded lock wait.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresInventoryStoreTests {
    @Test("an order takes its fruit and writes one sale; a refused one writes nothing")
    func orderAndRefusal() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        let banana = try #require(menu.juice("banana"))

        let commit = try store.commit(.order(juice: banana, count: 2))
        #expect(commit.deltas.map(\.new) == [6])
        #expect(throws: JuiceError.self) { try store.commit(.order(juice: banana, count: 4)) }
        #expect(try store.stock()["banana"] == 6)
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 1)

        let report = try PostgresSalesLedger(database: database).salesReport(from: nil, to: nil)
        #expect(report.total == 2)
    }

    @Test("checks use the shelf limits stored in the database, which the last kiosk to start set")
    func storedShelfLimits() throws {
        let target = try TestServer.freshDatabase()
        let wide = try TestServer.menu()
        let first = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: wide)
        let kiwi = try #require(wide.fruit("kiwi"))
        _ = try first.commit(.set(fruit: kiwi, amount: 90))

        // A second kiosk starts with shelves of 50: the stock is set down to it.
        let narrow = try TestServer.menu(maximum: 50)
        let second = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: narrow)
        #expect(try second.stock()["kiwi"] == 50)

        // The first kiosk's config still says 100, but the stored limit is what counts.
        #expect {
            try first.commit(.add(fruit: kiwi, amount: 10))
        } throws: { error in
            guard case JuiceError.aboveMaximum(_, _, _, let have, let maximum) = error else { return false }
            return have == 50 && maximum == 50
        }
        #expect(TestServer.integer("SELECT count(*) FROM stock_adjustment WHERE reason = 'set'", on: target) == 2)
    }

    @Test("another kiosk's notification is announced once; this kiosk's own and stale ones are not")
    func notifications() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        let heard = Mutex<[StockCommit]>([])
        store.announceChangesElsewhere { commit in heard.withLock { $0.append(commit) } }

        store.receive("other\nmango 10 1 1")
        store.receive("other\nmango 10 1 1")
        store.receive("\(database.kioskID)\nkiwi 10 0 1")
        let commits = heard.withLock { $0 }
        #expect(commits.count == 1)
        #expect(commits.first?.deltas.map { [$0.fruit, "\($0.old)", "\($0.new)"] } == [["mango", "10", "1"]])
        #expect(commits.first?.stock["mango"] == 1)
    }

    @Test("a row another transaction keeps locked ends the wait with busy, and nothing is written")
    func boundedLockWait() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let store = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        let banana = try #require(menu.juice("banana"))
        let holder = try PostgresConnection(target)
        try holder.execute("BEGIN; SELECT * FROM stock WHERE fruit = 'banana' FOR UPDATE")

        #expect {
            try store.commit(.order(juice: banana, count: 1))
        } throws: { error in
            // A script stops there, as it does on SQLite.
            if case PostgresError.busy(_, let waited) = error {
                return waited == .seconds(5) && (error as? PostgresError)?.endsScript == true
            }
            return false
        }
        try holder.execute("ROLLBACK")
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 0)
    }

    @Test("a database holding other tables is refused and left untouched; a newer schema is refused")
    func refusedDatabases() throws {
        let foreign = try TestServer.freshDatabase()
        try TestServer.admin("CREATE TABLE orders (id integer)", on: foreign)
        #expect(throws: PostgresError.notKioskDatabase(server: foreign.description)) {
            try PostgresDatabase.open(foreign)
        }
        #expect(TestServer.integer("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", on: foreign) == 1)

        let newer = try TestServer.freshDatabase()
        _ = try PostgresDatabase.open(newer)
        try TestServer.admin("UPDATE kiosk_meta SET value = '7' WHERE key = 'schema_version'", on: newer)
        #expect(throws: PostgresError.newerSchema(server: newer.description, version: 7, known: PostgresSchema.version))
        {
            try PostgresDatabase.open(newer)
        }
    }
}

extension TestServer {
    /// The integer `sql` returns first on `target`; nil when it cannot be read.
    static func integer(_ sql: String, on target: PostgresTarget) -> Int? {
        (try? admin(sql, on: target))?.integer(0, 0)
    }
}

extension PostgresInventoryStoreTests {
    @Test("edits of several fruits commit together; a fill sets each shelf to the max stored in the database")
    func severalEditsAndFill() throws {
        let target = try TestServer.freshDatabase()
        let wide = try TestServer.menu()
        let first = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: wide)
        let kiwi = try #require(wide.fruit("kiwi"))
        let mango = try #require(wide.fruit("mango"))

        let commit = try first.commit(
            .several(.add, [FruitEdit(fruit: kiwi, amount: 5), FruitEdit(fruit: mango, amount: 7)]))
        #expect(commit.deltas.map { "\($0.fruit) \($0.new)" } == ["kiwi 15", "mango 17"])
        #expect(TestServer.integer("SELECT count(*) FROM stock_adjustment WHERE reason = 'add'", on: target) == 2)
        #expect(throws: JuiceError.self) {
            try first.commit(.several(.add, [FruitEdit(fruit: kiwi, amount: 5), FruitEdit(fruit: mango, amount: 95)]))
        }
        #expect(try first.stock()["kiwi"] == 15, "the refused edit changed kiwi")

        // Another kiosk stores shelves of 50; the first one's fill follows them, not its config.
        _ = try PostgresInventoryStore(
            database: try PostgresDatabase.open(target), menu: try TestServer.menu(maximum: 50))
        let filled = try first.commit(.several(.set, [FruitEdit.toMaximum(kiwi), FruitEdit.toMaximum(mango)]))
        #expect(filled.stock["kiwi"] == 50)
        #expect(filled.stock["mango"] == 50)
    }
}
