import Foundation
import Testing

/// The throwaway PostgreSQL server `make test` starts with scripts/postgres and names in
/// `KIOSK_TEST_POSTGRES` (its socket) and `KIOSK_TEST_POSTGRES_TCP` (127.0.0.1). Without
/// them (a plain `swift test`) the tests that need it are disabled; with them, a server
/// that cannot be used fails those tests.
enum TestPostgres {
    private static let environment = ProcessInfo.processInfo.environment

    /// The conninfo of the server over its unix socket, without a database name.
    static let socket = environment["KIOSK_TEST_POSTGRES"] ?? ""
    /// The conninfo of the server over TCP on 127.0.0.1, without a database name.
    static let tcp = environment["KIOSK_TEST_POSTGRES_TCP"] ?? ""

    /// Whether a server was named: `make test` names one.
    static var isConfigured: Bool { !socket.isEmpty && !tcp.isEmpty }

    /// scripts/postgres, which restarts the server for the tests that need that.
    static var script: String { KioskBinary.packageRoot + "/scripts/postgres" }

    /// A new, empty database of its own for one test.
    struct Database {
        let name: String

        init() throws {
            name = "kiosk_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
            _ = try TestPostgres.psql("postgres", "CREATE DATABASE \(name)")
        }

        /// `--database` over the socket.
        var socket: String { "\(TestPostgres.socket) dbname=\(name)" }
        /// `--database` over TCP.
        var tcp: String { "\(TestPostgres.tcp) dbname=\(name)" }
        /// `--database` as a URL over TCP.
        var url: String {
            let port = TestPostgres.tcp.split(separator: " ").first { $0.hasPrefix("port=") }?.dropFirst(5) ?? "5432"
            return "postgresql://postgres@127.0.0.1:\(port)/\(name)"
        }

        /// The rows `sql` returns, one line each, fields separated by `|`.
        func query(_ sql: String) throws -> [String] {
            try TestPostgres.psql(name, sql).split(separator: "\n").map(String.init)
        }

        /// The first field of the first row, as an integer.
        func integer(_ sql: String) throws -> Int? {
            try query(sql).first.flatMap { Int($0) }
        }

        /// The fruits whose stock differs from what the ledger says it should be: every
        /// adjustment's change, less every sale's fruit.
        func imbalances() throws -> [String] {
            try query(
                """
                SELECT s.fruit FROM stock s
                LEFT JOIN (SELECT fruit, SUM(new - old) AS moved FROM stock_adjustment GROUP BY fruit) a USING (fruit)
                LEFT JOIN (SELECT fruit, SUM(amount) AS sold FROM sale_fruit GROUP BY fruit) f USING (fruit)
                WHERE s.quantity <> COALESCE(a.moved, 0) - COALESCE(f.sold, 0)
                """)
        }

        /// The stock levels, by fruit.
        func stock() throws -> [String: Int] {
            var levels: [String: Int] = [:]
            for row in try query("SELECT fruit, quantity FROM stock") {
                let fields = row.split(separator: "|")
                if fields.count == 2, let level = Int(fields[1]) { levels[String(fields[0])] = level }
            }
            return levels
        }
    }

    /// Runs `sql` with psql on `database`, failing the test loudly when no server is named.
    /// - Throws: ``PsqlError`` when psql fails.
    static func psql(_ database: String, _ sql: String) throws -> String {
        try #require(isConfigured, "KIOSK_TEST_POSTGRES is not set; run make test")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "\(socket) dbname=\(database)", "-XAtq", "-v", "ON_ERROR_STOP=1", "-c", sql]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PsqlError(message: String(decoding: errorText, as: UTF8.self))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// psql refused a statement.
    struct PsqlError: Error, CustomStringConvertible {
        let message: String
        var description: String { "psql failed: \(message)" }
    }
}
