import Foundation
import JuiceMaker
import Testing

@testable import KioskPostgres

/// kiosk's session settings (the server's lock and statement bounds) travel with the
/// connection's start-up packet, and a conninfo that sets `options` itself keeps them;
/// a start reads the schema's version, the stock and the open sessions in one round trip.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresSessionTests {
    @Test("the session settings hold without a statement of their own, and beside the user's own options")
    func sessionSettings() throws {
        let target = try TestServer.freshDatabase()
        let plain = try PostgresConnection(target)
        #expect(try plain.execute("SHOW lock_timeout").text(0, 0) == "5s")
        #expect(try plain.execute("SHOW statement_timeout").text(0, 0) == "5s")
        #expect(try plain.execute("SHOW default_transaction_isolation").text(0, 0) == "read committed")

        let own = try PostgresTarget(target.conninfo + " options='-c work_mem=8MB'")
        let connection = try PostgresConnection(own)
        #expect(try connection.execute("SHOW work_mem").text(0, 0) == "8MB")
        #expect(try connection.execute("SHOW lock_timeout").text(0, 0) == "5s")
    }

    @Test("a start on a database at the current schema takes the stock and the open sessions from its first read")
    func startingReads() throws {
        let target = try TestServer.freshDatabase()
        let menu = try TestServer.menu()
        _ = try PostgresInventoryStore(database: try PostgresDatabase.open(target), menu: menu)

        let database = try PostgresDatabase.open(target)
        #expect(database.takeStartingStock()?.rowCount == menu.fruits.count)
        #expect(database.takeStartingStock() == nil, "taken twice")
        #expect(database.takeStartingOpenSessions()?.rowCount == 0)
        // A new database has neither: the stores read them after the migration.
        let fresh = try PostgresDatabase.open(try TestServer.freshDatabase())
        #expect(fresh.takeStartingStock() == nil)
    }
}
