import Foundation
import Synchronization

/// kiosk's shared store on a PostgreSQL server: one connection for this kiosk's commands,
/// made at ``open(_:)`` and made again by the first command after it broke.
///
/// ```swift
/// let database = try PostgresDatabase.open(try PostgresTarget("postgresql:///kiosk"))
/// let store = try PostgresInventoryStore(database: database, menu: menu)
/// ```
public final class PostgresDatabase: Sendable {
    /// The server and database, for messages and the banner.
    public let target: PostgresTarget
    /// This kiosk process's name in the ledger and in its notifications; other kiosks skip
    /// the notifications it sends.
    public let kioskID: String
    // nil after the connection broke, until the next command connects again.
    private let connection: Mutex<PostgresConnection?>

    private init(target: PostgresTarget, connection: PostgresConnection) {
        self.target = target
        self.connection = Mutex(connection)
        kioskID = "\(getpid())-\(UInt32.random(in: .min ... .max))"
    }

    /// Connects and brings the schema up to date.
    /// - Throws: ``PostgresError/unreachable(server:reason:)`` when the server cannot be
    ///   reached, ``PostgresError/newerSchema(server:version:known:)`` for a database a newer
    ///   kiosk wrote, ``PostgresError/notKioskDatabase(server:)`` for one that holds other
    ///   tables (nothing is written into it), or another ``PostgresError``.
    public static func open(_ target: PostgresTarget) throws(PostgresError) -> PostgresDatabase {
        let connection = try PostgresConnection(target)
        try PostgresSchema.migrate(connection, server: target.description)
        return PostgresDatabase(target: target, connection: connection)
    }

    /// A new connection of its own, for a listener.
    func connect() throws(PostgresError) -> PostgresConnection {
        try PostgresConnection(target)
    }

    /// Runs `work` in a transaction (READ COMMITTED) on the command connection, connecting
    /// first if the last one broke.
    ///
    /// `afterCommit` runs once COMMIT succeeded, while the connection is still held, so what
    /// it does for each commit of this kiosk happens in commit order.
    /// - Throws: what `work` throws (after ROLLBACK), or ``PostgresError``; when the
    ///   connection broke, ``PostgresError/connectionLost(server:reason:)`` and the server
    ///   rolls the transaction back.
    @discardableResult
    func transaction<T>(
        _ work: (PostgresConnection) throws -> T, afterCommit: (T) -> Void = { _ in }
    ) throws -> T {
        try withConnection { connection in
            try connection.execute(prepared: "begin", "BEGIN", [])
            let result: T
            do {
                result = try work(connection)
                try connection.execute(prepared: "commit", "COMMIT", [])
            } catch {
                if !connection.isBroken, connection.isInTransaction {
                    _ = try? connection.execute(prepared: "rollback", "ROLLBACK", [])
                }
                throw error
            }
            afterCommit(result)
            return result
        }
    }

    /// Runs `work` on the command connection outside a transaction, connecting first if
    /// the last one broke; a connection that breaks meanwhile is dropped.
    func withConnection<T>(_ work: (PostgresConnection) throws -> T) throws -> T {
        try connection.withLock { slot in
            let current: PostgresConnection
            if let slot { current = slot } else { current = try PostgresConnection(target) }
            slot = current
            do {
                return try work(current)
            } catch {
                if current.isBroken { slot = nil }
                if case .connectionLost = error as? PostgresError {
                    slot = nil
                }
                throw error
            }
        }
    }
}
