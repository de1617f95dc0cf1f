import Foundation
import JuiceMaker
import KioskCore
import Testing

@testable import KioskPostgres

/// The throwaway server `make test` starts (scripts/postgres) and names in
/// `KIOSK_TEST_POSTGRES`; the suites that need it are disabled without it, and fail when it
/// is named but cannot be used.
enum TestServer {
    /// The server's conninfo over its unix socket, without a database.
    static let conninfo = ProcessInfo.processInfo.environment["KIOSK_TEST_POSTGRES"] ?? ""

    static var isConfigured: Bool { !conninfo.isEmpty }

    /// A new, empty database for one test: its target.
    static func freshDatabase() throws -> PostgresTarget {
        let name = "kiosk_unit_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        try admin("CREATE DATABASE \(name)")
        return try PostgresTarget("\(conninfo) dbname=\(name)")
    }

    /// Runs `sql` on `target` (or the server's `postgres` database) on a connection of its own.
    @discardableResult
    static func admin(_ sql: String, on target: PostgresTarget? = nil) throws -> PostgresResult {
        let connection = try PostgresConnection(target ?? PostgresTarget("\(conninfo) dbname=postgres"))
        return try connection.execute(sql)
    }

    /// Runs `sql` with `parameters` on `target` on a connection of its own.
    @discardableResult
    static func admin(_ sql: String, on target: PostgresTarget, _ parameters: [String?]) throws -> PostgresResult {
        try PostgresConnection(target).execute(sql, parameters)
    }

    /// The built-in menu, its fruits' max replaced by `maximum` when given.
    static func menu(maximum: Int? = nil) throws -> Menu {
        let standard = KioskConfig.builtIn
        guard let maximum else { return Menu(config: standard) }
        return Menu(
            config: KioskConfig(
                fruits: standard.fruits.map {
                    KioskConfig.Fruit(id: $0.id, name: $0.name, initial: min($0.initial, maximum), maximum: maximum)
                },
                juices: standard.juices, bank: standard.bank))
    }
}
