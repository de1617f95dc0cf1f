import Bank
import Foundation
import JuiceMaker
import KioskCore
import Testing

@testable import KioskStorage

/// Orders step their transactions on the calling thread, beside GRDB's queue: the one
/// connection must still be used by one thread at a time, whoever else reads or writes it.
@Suite struct ConnectionSharingTests {
    @Test("orders on one thread and reads and bank writes on others share the connection without a failure")
    func ordersBesideReadsAndWrites() async throws {
        let temporary = try TemporaryDirectory()
        let config = try KioskConfig.deepShelves(initial: 5_000)
        let database = try KioskDatabase.open(.directory(temporary.path))
        let menu = Menu(config: config)
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        let ledger = SQLiteSalesLedger(database: database, fruitOrder: menu.fruits.map(\.id))
        let sessions = SQLiteBankSessionLog(database: database)
        let juice = try #require(menu.juices.first)
        let orders = 600

        async let ordered = onThread {
            Result { try (0..<orders).map { _ in try store.commit(.order(juice: juice, count: 1)).stock } }
        }
        async let read = onThread {
            Result {
                var totals: [Int] = []
                for _ in 0..<200 { totals.append(try ledger.salesReport(from: nil, to: nil).total) }
                return totals
            }
        }
        async let logged = onThread {
            Result {
                let session = try sessions.open()
                try sessions.close(session, reason: .quit)
                return session
            }
        }
        let stocks = try await ordered.get()
        let totals = try await read.get()
        _ = try await logged.get()

        #expect(stocks.count == orders)
        // Each report saw a whole number of committed orders, never fewer than the one before.
        #expect(totals == totals.sorted())
        #expect(totals.allSatisfy { (0...orders).contains($0) })
        #expect(try ledger.salesReport(from: nil, to: nil).total == orders)
        #expect(try store.stock() == stocks.last)
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }

    @Test("a refused order rolls back on the calling thread and leaves the connection usable by GRDB")
    func refusalRollsBack() throws {
        let database = try KioskDatabase.open(.memory)
        let menu = try Menu(config: .standard())
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        let banana = try #require(menu.juice("banana"))
        #expect(throws: JuiceError.self) { try store.commit(.order(juice: banana, count: 50)) }
        // A transaction left open would make GRDB's next write fail.
        let session = try SQLiteBankSessionLog(database: database).open()
        #expect(session >= 1)
        #expect(try SQLiteSalesLedger(database: database).salesReport(from: nil, to: nil).total == 0)
        _ = try store.commit(.order(juice: banana, count: 1))
        #expect(try store.stock()["banana"] == (menu.initialStock["banana"] ?? 0) - 2)
    }
}
