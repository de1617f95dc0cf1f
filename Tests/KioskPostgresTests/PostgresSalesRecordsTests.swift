import Foundation
import JuiceMaker
import KioskCore
import Testing

@testable import KioskPostgres

/// The order lines PostgreSQL returns for `sales export`, with the kiosk that took each.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresSalesRecordsTests {
    @Test("every order line of the period, oldest first, with its fruit in menu order and this kiosk's name")
    func records() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        let before = Date()
        for juice in ["mango-kiwi", "banana"] {
            _ = try store.commit(.order(juice: try #require(menu.juice(juice)), count: 1))
        }
        let ledger = PostgresSalesLedger(database: database, fruitOrder: menu.fruits.map(\.id))
        let records = try ledger.salesRecords(from: nil, to: nil)
        #expect(records.map(\.juice) == ["mango-kiwi", "banana"])
        #expect(
            records.first?.fruitUsed.map(\.fruit) == menu.fruits.map(\.id).filter { ["kiwi", "mango"].contains($0) })
        #expect(records.allSatisfy { $0.kiosk == database.kioskID })
        // Stamped by the server, whose clock is this machine's here.
        #expect(records.allSatisfy { abs($0.at.timeIntervalSince(before)) < 60 })
        #expect(try ledger.salesRecords(from: before.addingTimeInterval(3_600), to: nil).isEmpty)
        #expect(try ledger.salesRecords(from: nil, to: before.addingTimeInterval(-3_600)).isEmpty)
        #expect(records.reduce(0) { $0 + $1.count } == (try ledger.salesReport(from: nil, to: nil).total))
    }
}
