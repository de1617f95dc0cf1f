import Foundation
import JuiceMaker
import KioskCore
import Synchronization
import Testing

@testable import KioskPostgres

/// A change is one call of the server's `kiosk_change` under an id kiosk made: sent again
/// (its answer lost), it is found, not made twice; a refusal is the rule's own; a connection
/// lost between two commands is made again and the command goes on.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresOneCallTests {
    @Test("an order sent twice under one id is made once, and the second answer says what the first did")
    func replayedOrder() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        _ = try PostgresInventoryStore(database: database, menu: menu)
        let juice = try #require(menu.juice("strawberry-banana"))
        let plan = try #require(
            PostgresChangePlan(.order(juice: juice, count: 1), menu: menu, positions: positions(menu)))
        let parameters = plan.parameters(
            id: UUID(), kiosk: "test", kind: .order, menu: menu.fruits.map(\.id), deferred: false)
        let connection = try database.connect()

        var answers: [[String: String]] = []
        for _ in 0..<2 {
            let result = try connection.execute(prepared: "change", PostgresSchema.changeCall, parameters)
            var moved: [String: String] = ["outcome": result.text(0, 4) ?? ""]
            for row in 0..<result.rowCount {
                guard let fruit = result.text(row, 0), let old = result.text(row, 5), let new = result.text(row, 6)
                else { continue }
                moved[fruit] = "\(old)->\(new)"
            }
            answers.append(moved)
        }
        #expect(answers[0] == ["outcome": "applied", "strawberry": "10->0", "banana": "10->9"])
        #expect(answers[1] == ["outcome": "replayed", "strawberry": "10->0", "banana": "10->9"])
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 1)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'banana'", on: target) == 9)
    }

    @Test("a stock edit sent twice under one id is made once")
    func replayedEdit() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        _ = try PostgresInventoryStore(database: database, menu: menu)
        let kiwi = try #require(menu.fruit("kiwi"))
        let plan = try #require(
            PostgresChangePlan(.add(fruit: kiwi, amount: 5), menu: menu, positions: positions(menu)))
        let parameters = plan.parameters(
            id: UUID(), kiosk: "test", kind: .add, menu: menu.fruits.map(\.id), deferred: false)
        let connection = try database.connect()
        let outcomes = try (0..<2).map { _ in
            try connection.execute(prepared: "change", PostgresSchema.changeCall, parameters).text(0, 4)
        }
        #expect(outcomes == ["applied", "replayed"])
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'kiwi'", on: target) == 15)
        #expect(TestServer.integer("SELECT count(*) FROM stock_adjustment WHERE reason = 'add'", on: target) == 1)
    }

    /// Changes refused on the classic stock (10 of each, max 100), each as the rule words it.
    static let refusals: [(String, @Sendable (Menu) -> StockChange?)] = [
        ("an order short of kiwi", { menu in menu.juice("kiwi").map { .order(juice: $0, count: 4) } }),
        ("an add above the max", { menu in menu.fruit("kiwi").map { .add(fruit: $0, amount: 91) } }),
        ("a remove below zero", { menu in menu.fruit("kiwi").map { .remove(fruit: $0, amount: 11) } }),
        ("a set above the max", { menu in menu.fruit("kiwi").map { .set(fruit: $0, amount: 101) } }),
        (
            "two adds that only together pass the max",
            { menu in
                menu.fruit("kiwi").map {
                    .several(.add, [FruitEdit(fruit: $0, amount: 60), FruitEdit(fruit: $0, amount: 60)])
                }
            }
        ),
        (
            "a set above the max, then a fill",
            { menu in
                menu.fruit("kiwi").map { .several(.set, [FruitEdit(fruit: $0, amount: 101), .toMaximum($0)]) }
            }
        ),
        ("an order of 0", { menu in menu.juice("kiwi").map { .order(juice: $0, count: 0) } }),
        ("a negative add", { menu in menu.fruit("kiwi").map { .add(fruit: $0, amount: -1) } }),
    ]

    @Test(
        "a refused change is refused with the rule's own error, and nothing is written", arguments: 0..<refusals.count)
    func refusedAsTheRuleRefuses(index: Int) throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let store = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        let change = try #require(Self.refusals[index].1(menu))
        var expected: JuiceError?
        do { _ = try menu.initialStock.applying(change) } catch { expected = error }
        #expect(expected != nil, "\(Self.refusals[index].0)")

        #expect {
            try store.commit(change)
        } throws: { error in
            (error as? JuiceError) == expected
        }
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 0)
        #expect(TestServer.integer("SELECT count(*) FROM stock_adjustment WHERE reason <> 'seed'", on: target) == 0)
    }

    @Test("a connection the server ends is made again within the window: the order goes on, with a note")
    func reconnectedWithinTheWindow() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        let heard = Mutex<[PostgresReconnect]>([])
        database.observeReconnects { event in heard.withLock { $0.append(event) } }
        let banana = try #require(menu.juice("banana"))
        try terminateOthers(on: target)

        #expect(try store.commit(.order(juice: banana, count: 1)).stock["banana"] == 8)
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 1)
        #expect(
            heard.withLock { $0 } == [
                .waiting(server: target.description, window: target.reconnectWindow),
                .reconnected(server: target.description),
            ])
    }

    @Test("a refused order that connected again says so too: the wait's note, then its end")
    func reconnectedThenRefused() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        let heard = Mutex<[PostgresReconnect]>([])
        database.observeReconnects { event in heard.withLock { $0.append(event) } }
        let banana = try #require(menu.juice("banana"))
        try terminateOthers(on: target)

        #expect(throws: JuiceError.self) { try store.commit(.order(juice: banana, count: 60)) }
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 0)
        #expect(
            heard.withLock { $0 } == [
                .waiting(server: target.description, window: target.reconnectWindow),
                .reconnected(server: target.description),
            ])
    }

    @Test("with no reconnect window, a lost connection fails the command, and the next one connects again")
    func noWindow() throws {
        var target = try TestServer.freshDatabase()
        target.reconnectWindow = .zero
        let menu = try TestServer.menu()
        let store = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        let banana = try #require(menu.juice("banana"))
        try terminateOthers(on: target)

        #expect {
            try store.commit(.order(juice: banana, count: 1))
        } throws: { error in
            guard case PostgresError.connectionLost = error else { return false }
            return (error as? PostgresError)?.endsScript == true
        }
        #expect(try store.commit(.order(juice: banana, count: 1)).stock["banana"] == 8)
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 1)
    }

    private func positions(_ menu: Menu) -> [String: Int] {
        Dictionary(menu.fruits.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func terminateOthers(on target: PostgresTarget) throws {
        try TestServer.admin(
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """, on: target)
    }
}
