import JuiceMaker
import KioskCore
import Testing

@testable import KioskPostgres

/// Stock rows edited behind kiosk's back are refused as the SQLite store refuses them: one
/// error naming the fruit, the column and the value, and nothing written.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresTamperedStockTests {
    /// What a hand edit does to the table before the next order, and what kiosk must name.
    struct Tampering: Sendable, CustomTestStringConvertible {
        let sql: [String]
        let column: String
        let value: String
        var testDescription: String { "\(column) \(value)" }
    }

    static let tamperings = [
        Tampering(sql: ["DELETE FROM stock WHERE fruit = 'kiwi'"], column: "quantity", value: "no row"),
        Tampering(sql: ["UPDATE stock SET quantity = 150 WHERE fruit = 'kiwi'"], column: "quantity", value: "150"),
        Tampering(
            sql: [
                "ALTER TABLE stock DROP CONSTRAINT stock_quantity_check",
                "UPDATE stock SET quantity = -3 WHERE fruit = 'kiwi'",
            ], column: "quantity", value: "-3"),
        Tampering(
            sql: [
                "ALTER TABLE stock ALTER COLUMN quantity DROP NOT NULL",
                "UPDATE stock SET quantity = NULL WHERE fruit = 'kiwi'",
            ], column: "quantity", value: "NULL"),
        Tampering(
            sql: [
                "ALTER TABLE stock ALTER COLUMN maximum DROP NOT NULL",
                "UPDATE stock SET maximum = NULL WHERE fruit = 'kiwi'",
            ], column: "maximum", value: "NULL"),
        Tampering(
            sql: ["UPDATE stock SET maximum = 0, quantity = 0 WHERE fruit = 'kiwi'"], column: "maximum", value: "0"),
    ]

    @Test("a tampered kiwi row refuses the order and the stock read, and nothing is written", arguments: tamperings)
    func refused(tampering: Tampering) throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        let store = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        let kiwi = try #require(menu.juice("kiwi"))
        for statement in tampering.sql { try TestServer.admin(statement, on: target) }

        for attempt in [{ _ = try store.commit(.order(juice: kiwi, count: 1)) }, { _ = try store.stock() }] {
            #expect {
                try attempt()
            } throws: { error in
                guard case PostgresError.tamperedStock(_, let fruit, let column, let value, _) = error else {
                    return false
                }
                return fruit == "kiwi" && column == tampering.column && value == tampering.value
            }
        }
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 0)
        #expect(TestServer.integer("SELECT count(*) FROM stock_adjustment WHERE reason <> 'seed'", on: target) == 0)
    }

    @Test("a kiosk starting on a tampered row refuses to open the stock")
    func refusedAtStart() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        _ = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        try TestServer.admin("UPDATE stock SET quantity = 150 WHERE fruit = 'mango'", on: target)
        #expect {
            _ = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)
        } throws: { error in
            guard case PostgresError.tamperedStock(_, "mango", "quantity", "150", 100) = error else { return false }
            return true
        }
    }
}
