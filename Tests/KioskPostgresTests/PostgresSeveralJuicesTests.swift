import Foundation
import JuiceMaker
import KioskCore
import Testing

@testable import KioskPostgres

/// An order of several juices, and one with the prompt's restock, is one call of
/// `kiosk_change` under its id, as a one-juice order is: all its juices or none, one sale per
/// juice under the order's id, the additions recorded, a notification, and found (not made
/// twice) when sent again.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresSeveralJuicesTests {
    @Test("an order of two juices is one call: both sales under the order's id, and one notification")
    func twoJuicesInOneCall() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        let listener = try database.connect()
        try listener.execute("LISTEN \(PostgresInventoryStore.channel)")
        let banana = try #require(menu.juice("banana"))
        let kiwi = try #require(menu.juice("kiwi"))

        let commit = try store.commit(
            .orders([OrderLine(juice: banana, count: 1), OrderLine(juice: kiwi, count: 2)], restock: []))
        #expect(commit.deltas.map { "\($0.fruit) \($0.old)->\($0.new)" } == ["banana 10->8", "kiwi 10->4"])
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 2)
        // The function wrote them: the transaction of several statements records no order id.
        #expect(TestServer.integer("SELECT count(DISTINCT order_id) FROM sale", on: target) == 1)
        #expect(TestServer.integer("SELECT count(*) FROM sale_fruit", on: target) == 2)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'kiwi'", on: target) == 4)

        let payload = try notification(on: listener) ?? ""
        let moves = payload.split(separator: "\n").dropFirst().map { line in
            line.split(separator: " ").prefix(3).joined(separator: " ")
        }
        #expect(moves == ["banana 10 8", "kiwi 10 4"])
    }

    @Test("one juice short refuses the whole order with the rule's refusal, and nothing is written")
    func oneShortRefusesAll() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let store = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        let banana = try #require(menu.juice("banana"))
        let kiwi = try #require(menu.juice("kiwi"))
        let change = StockChange.orders(
            [OrderLine(juice: banana, count: 1), OrderLine(juice: kiwi, count: 4)], restock: [])
        var expected: JuiceError?
        do { _ = try menu.initialStock.applying(change) } catch { expected = error }
        #expect(expected != nil)

        #expect {
            try store.commit(change)
        } throws: { error in
            (error as? JuiceError) == expected
        }
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 0)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'banana'", on: target) == 10)
    }

    @Test("the prompt's restock and the order are one call: an add adjustment under the order's id, then the sale")
    func restockThenOrder() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let store = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        let kiwiJuice = try #require(menu.juice("kiwi"))
        let kiwi = try #require(menu.fruit("kiwi"))

        let commit = try store.commit(
            .orders([OrderLine(juice: kiwiJuice, count: 4)], restock: [FruitEdit(fruit: kiwi, amount: 2)]))
        #expect(commit.stock["kiwi"] == 0)
        #expect(commit.restocks.map { "\($0.old)->\($0.new)" } == ["10->12"])
        #expect(
            TestServer.integer(
                """
                SELECT count(*) FROM stock_adjustment a JOIN sale s ON s.order_id = a.change_id
                WHERE a.reason = 'add' AND a.fruit = 'kiwi' AND a.old = 10 AND a.new = 12
                """, on: target) == 1)
        #expect(TestServer.integer("SELECT sum(amount) FROM sale_fruit", on: target) == 12)
    }

    @Test(
        "a restock that would lift a shelf above its max is refused as the rule refuses it, though the order takes it back"
    )
    func restockAboveTheMax() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let store = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        let kiwiJuice = try #require(menu.juice("kiwi"))
        let kiwi = try #require(menu.fruit("kiwi"))
        let change = StockChange.orders(
            [OrderLine(juice: kiwiJuice, count: 30)], restock: [FruitEdit(fruit: kiwi, amount: 91)])
        var expected: JuiceError?
        do { _ = try menu.initialStock.applying(change) } catch { expected = error }
        #expect(expected != nil)

        #expect {
            try store.commit(change)
        } throws: { error in
            (error as? JuiceError) == expected
        }
        #expect(TestServer.integer("SELECT count(*) FROM stock_adjustment WHERE reason = 'add'", on: target) == 0)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'kiwi'", on: target) == 10)
    }

    @Test("an order of several juices sent again under its id (its answer lost) is found, not made twice")
    func replayedSeveral() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        _ = try PostgresInventoryStore(database: database, menu: menu)
        let banana = try #require(menu.juice("banana"))
        let kiwiJuice = try #require(menu.juice("kiwi"))
        let kiwi = try #require(menu.fruit("kiwi"))
        let change = StockChange.orders(
            [OrderLine(juice: banana, count: 1), OrderLine(juice: kiwiJuice, count: 4)],
            restock: [FruitEdit(fruit: kiwi, amount: 2)])
        let positions = Dictionary(
            menu.fruits.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let plan = try #require(PostgresChangePlan(change, menu: menu, positions: positions))
        let parameters = plan.parameters(
            id: UUID(), kiosk: "test", kind: .order, menu: menu.fruits.map(\.id), deferred: false)
        let connection = try database.connect()

        var answers: [String] = []
        for _ in 0..<2 {
            let result = try connection.execute(prepared: "change", PostgresSchema.changeCall, parameters)
            answers.append((result.text(0, 4) ?? "") + " " + PostgresDatabase.moves(in: result))
        }
        #expect(answers[0] == "applied banana 10 8\nkiwi 10 0")
        #expect(answers[1] == "replayed banana 10 8\nkiwi 10 0")
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 2)
        #expect(TestServer.integer("SELECT count(*) FROM stock_adjustment WHERE reason = 'add'", on: target) == 1)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'kiwi'", on: target) == 0)
    }

    /// The payload of the next notification `connection` receives, waiting up to 5 s.
    private func notification(on connection: PostgresConnection) throws -> String? {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            try connection.consumeInput()
            if let notification = connection.nextNotification() { return notification.payload }
            var descriptor = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 100)
        }
        return nil
    }
}
