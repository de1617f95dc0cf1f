import Foundation
import JuiceMaker
import KioskCore
import Synchronization
import Testing

@testable import KioskPostgres

/// A change at the prompt is one call of `kiosk_change` whose commit follows the session's
/// `synchronous_commit` (no barrier behind it); a script's commits skip the wait for the disk
/// and wait for one barrier (schema 4). A database of schema 3 is brought to 4 and keeps its
/// ledger.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresDurabilityTests {
    @Test("a change at the prompt commits durably in its one call: seen at once elsewhere, no barrier")
    func promptChangeCommitsItself() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        #expect(!database.defersDurability)
        let banana = try #require(menu.juice("banana"))

        _ = try store.commit(.order(juice: banana, count: 1), announce: { _ in })
        // Read on a connection of its own as soon as the commit returned.
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 1)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'banana'", on: target) == 8)
        #expect(database.unsettled.withLock { $0.isEmpty }, "a change at the prompt waits for no barrier")
        #expect(barrierCommits(on: target) == 0)
        // Nothing for a later settle to cover.
        try database.settle()
        #expect(barrierCommits(on: target) == 0)
    }

    @Test("an order made by the prompt's one statement is found by kiosk_change when sent again, not made twice")
    func orderCallThenReplay() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        _ = try PostgresInventoryStore(database: database, menu: menu)
        let juice = try #require(menu.juice("strawberry-banana"))
        let plan = try #require(
            PostgresChangePlan(.order(juice: juice, count: 1), menu: menu, positions: positions(menu)))
        let id = UUID()
        let fruits = menu.fruits.map(\.id)
        let order = try #require(plan.orderParameters(id: id, kiosk: "test", menu: fruits))
        let connection = try database.connect()

        let call = PostgresSchema.orderCall(deferred: false)
        let first = try connection.execute(prepared: call.name, call.sql, order)
        let again = try connection.execute(
            prepared: "change", PostgresSchema.changeCall,
            plan.parameters(id: id, kiosk: "test", kind: .order, menu: fruits, deferred: false))
        #expect(first.text(0, 4) == "applied")
        #expect(again.text(0, 4) == "replayed")
        #expect(PostgresDatabase.moves(in: first) == "banana 10 9\nstrawberry 10 0")
        #expect(PostgresDatabase.moves(in: again) == PostgresDatabase.moves(in: first))
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 1)
        #expect(TestServer.integer("SELECT sum(amount) FROM sale_fruit", on: target) == 11)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'strawberry'", on: target) == 0)
    }

    @Test("the prompt's one statement refuses what would leave a shelf, writing nothing")
    func orderCallRefuses() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        _ = try PostgresInventoryStore(database: database, menu: menu)
        let kiwi = try #require(menu.juice("kiwi"))
        let plan = try #require(
            PostgresChangePlan(.order(juice: kiwi, count: 4), menu: menu, positions: positions(menu)))
        let order = try #require(
            plan.orderParameters(id: UUID(), kiosk: "test", menu: menu.fruits.map(\.id)))
        let connection = try database.connect()

        let call = PostgresSchema.orderCall(deferred: false)
        let answer = try connection.execute(prepared: call.name, call.sql, order)
        #expect(answer.text(0, 4) == "refused")
        #expect(answer.rowCount == menu.fruits.count)
        #expect(PostgresDatabase.moves(in: answer).isEmpty)
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 0)
        #expect(TestServer.integer("SELECT sum(quantity) FROM stock", on: target) == 50)
    }

    @Test(
        "kiosk_change and the one-statement order turn synchronous_commit off for their transaction only when a barrier follows",
        arguments: [true, false], [(false, "on"), (true, "off")])
    func synchronousCommitFollowsTheCaller(oneStatement: Bool, durability: (deferred: Bool, expected: String)) throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        _ = try PostgresInventoryStore(database: database, menu: menu)
        let fruits = menu.fruits.map(\.id)
        let deferred = durability.deferred
        let call: (name: String, sql: String, parameters: [String?])
        if oneStatement {
            let banana = try #require(menu.juice("banana"))
            let plan = try #require(
                PostgresChangePlan(.order(juice: banana, count: 1), menu: menu, positions: positions(menu)))
            let order = try #require(plan.orderParameters(id: UUID(), kiosk: "test", menu: fruits))
            let statement = PostgresSchema.orderCall(deferred: deferred)
            call = (statement.name, statement.sql, order)
        } else {
            let kiwi = try #require(menu.fruit("kiwi"))
            let plan = try #require(
                PostgresChangePlan(.add(fruit: kiwi, amount: 1), menu: menu, positions: positions(menu)))
            call = (
                "change", PostgresSchema.changeCall,
                plan.parameters(id: UUID(), kiosk: "test", kind: .add, menu: fruits, deferred: deferred)
            )
        }
        let connection = try database.connect()
        try connection.execute("SET synchronous_commit = on")

        try connection.execute("BEGIN")
        let outcome = try connection.execute(prepared: call.name, call.sql, call.parameters).text(0, 4)
        let setting = try connection.execute("SHOW synchronous_commit").text(0, 0)
        try connection.execute("COMMIT")
        #expect(outcome == "applied")
        #expect(setting == durability.expected)
        #expect(try connection.execute("SHOW synchronous_commit").text(0, 0) == "on", "the session's own is kept")
    }

    @Test("a script's change waits for the barrier settle sends, which commits with the session's setting")
    func scriptChangeWaitsForTheBarrier() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        database.defersDurability = true
        let banana = try #require(menu.juice("banana"))

        _ = try store.commit(.order(juice: banana, count: 1), announce: { _ in })
        #expect(database.unsettled.withLock { $0.map { $0.parameters.last } } == ["t"])
        #expect(barrierCommits(on: target) == 0)
        try database.settle()
        #expect(database.unsettled.withLock { $0.isEmpty })
        #expect(barrierCommits(on: target) == 1)
    }

    @Test("a database at schema 3 is brought to 4: its ledger is kept and an order made before is found by its id")
    func upgradeFromThree() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        for version in 1...3 {
            try TestServer.admin(try #require(PostgresSchema.migrations[version]), on: target)
        }
        try TestServer.admin("UPDATE kiosk_meta SET value = '3' WHERE key = 'schema_version'", on: target)
        try TestServer.admin(
            "INSERT INTO stock (fruit, quantity, maximum) SELECT unnest($1::text[]), 10, 100", on: target,
            [PostgresArray.text(menu.fruits.map(\.id))])
        // An order as a kiosk of schema 3 made it: the call without `p_deferred`.
        let banana = try #require(menu.juice("banana"))
        let plan = try #require(
            PostgresChangePlan(.order(juice: banana, count: 1), menu: menu, positions: positions(menu)))
        let parameters = plan.parameters(
            id: UUID(), kiosk: "three", kind: .order, menu: menu.fruits.map(\.id), deferred: false)
        let before = try TestServer.admin(
            """
            SELECT r_outcome FROM kiosk_change($1::uuid, $2, $3, $4::text[], $5::text[], $6::text[], $7::bigint[],
                $8::bigint[], $9::text[], $10::bigint[], $11::integer[], $12::text[], $13::bigint[], $14::text[],
                $15::bigint[])
            """, on: target, Array(parameters.dropLast()))
        #expect(before.text(0, 0) == "applied")

        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        #expect(
            TestServer.integer("SELECT value::bigint FROM kiosk_meta WHERE key = 'schema_version'", on: target) == 4)
        let again = try database.withConnection { connection in
            try connection.execute(prepared: "change", PostgresSchema.changeCall, parameters).text(0, 4)
        }
        #expect(again == "replayed")
        let commit = try store.commit(.order(juice: banana, count: 1), announce: { _ in })
        #expect(commit.deltas.map(\.new) == [6])
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 2)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'banana'", on: target) == 6)
    }

    private func positions(_ menu: Menu) -> [String: Int] {
        Dictionary(menu.fruits.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// How many barriers all kiosks sent to `target`.
    private func barrierCommits(on target: PostgresTarget) -> Int {
        TestServer.integer("SELECT coalesce(sum(commits), 0) FROM kiosk_commit_barrier", on: target) ?? -1
    }
}
