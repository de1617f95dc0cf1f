import Bank
import Foundation
import KioskCore
import Synchronization

/// Records this kiosk's bank sessions on PostgreSQL, as ``SQLiteBankSessionLog`` does in
/// SQLite; the server stamps the opened and idle times. `bank history` lists the sessions of
/// every kiosk sharing the database.
///
/// ```swift
/// let log = PostgresBankSessionLog(database: database)
/// log.record(.customerArrived(ticket: 1, task: "deposit"))
/// try log.latest(10)
/// ```
public final class PostgresBankSessionLog: BankSessionLog {
    private let database: PostgresDatabase
    private let state = Mutex(State())
    private struct State {
        var openSession: String?
        var lastError: PostgresError?
    }

    /// The first key of the advisory locks that mark bank sessions whose kiosk is alive (the
    /// second is the session's id): a kiosk holds its open session's lock on its connection,
    /// and the server lets go of it when that kiosk dies.
    static let liveSessionLock = 0x6B69_6F73

    /// - Parameter database: the shared database.
    public init(database: PostgresDatabase) {
        self.database = database
    }

    /// Closes as ``BankSessionEnd/interrupted`` every open session whose kiosk is gone: no
    /// connection holds its advisory lock any more (the kiosk was killed, or its machine or
    /// network went away).
    /// - Throws: ``PostgresError`` when the log cannot be read or written.
    public func closeInterruptedSessions() throws {
        try database.withConnection { connection in
            let open = try connection.execute("SELECT id FROM bank_session WHERE ended IS NULL")
            for row in 0..<open.rowCount {
                guard let id = open.text(row, 0) else { continue }
                let key = [String(Self.liveSessionLock), id]
                guard
                    try connection.execute("SELECT pg_try_advisory_lock($1::int, ($2::bigint % 2147483647)::int)", key)
                        .bool(0, 0)
                else { continue }
                try connection.execute(
                    "UPDATE bank_session SET ended = 'interrupted' WHERE id = $1 AND ended IS NULL", [id])
                try connection.execute("SELECT pg_advisory_unlock($1::int, ($2::bigint % 2147483647)::int)", key)
            }
        }
    }

    /// Opens a session at an arrival or an idle that finds none open, stores the tally at
    /// each idle and when the bank stops, ends the session at `bankReset`. A failed write is
    /// kept in ``lastError``.
    public func record(_ event: KioskEvent) {
        state.withLock { state in
            do {
                switch event {
                case .customerArrived:
                    _ = try openIfNeeded(&state)
                case .bankIdle(let tally):
                    try update(openIfNeeded(&state), with: tally, idle: true)
                case .bankStopped(let tally):
                    // Served so far, kept before the reset or quit that ends the session.
                    if let open = state.openSession { try update(open, with: tally, idle: false) }
                case .bankReset:
                    try close(&state, reason: .reset)
                default:
                    break
                }
            } catch {
                state.lastError = PostgresInventoryStore.storageError(error, server: database.target.description)
            }
        }
    }

    /// Ends the open session, if any, with `reason`.
    public func close(reason: BankSessionEnd) {
        state.withLock { state in
            do {
                try close(&state, reason: reason)
            } catch {
                state.lastError = PostgresInventoryStore.storageError(error, server: database.target.description)
            }
        }
    }

    /// The last write that failed, to be reported with the history.
    public var lastError: (any KioskError)? { state.withLock { $0.lastError } }

    /// The latest `count` sessions of every kiosk, newest first.
    /// - Throws: ``PostgresError`` when the log cannot be read.
    public func latest(_ count: Int) throws -> [BankSessionRecord] {
        try database.transaction { connection in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let sessions = try connection.execute(
                """
                SELECT id, extract(epoch FROM opened_at)::float8, extract(epoch FROM idle_at)::float8, ended, business_ms
                FROM bank_session ORDER BY id DESC LIMIT $1
                """, [String(max(count, 0))])
            var records: [BankSessionRecord] = []
            for row in 0..<sessions.rowCount {
                guard let id = sessions.text(row, 0) else { continue }
                let tasks = try connection.execute(
                    "SELECT task, served FROM bank_session_task WHERE session_id = $1 ORDER BY position", [id])
                records.append(
                    BankSessionRecord(
                        id: Int(id) ?? 0,
                        opened: Date(timeIntervalSince1970: sessions.double(row, 1) ?? 0),
                        idle: sessions.double(row, 2).map { Date(timeIntervalSince1970: $0) },
                        ended: sessions.text(row, 3),
                        servedByTask: (0..<tasks.rowCount).map {
                            TaskCount(task: tasks.text($0, 0) ?? "", count: tasks.integer($0, 1) ?? 0)
                        },
                        businessTime: .milliseconds(sessions.integer(row, 4) ?? 0)))
            }
            return records
        }
    }

    private func openIfNeeded(_ state: inout State) throws -> String {
        if let open = state.openSession { return open }
        let id = try database.transaction { connection in
            let id =
                try connection.execute("INSERT INTO bank_session (kiosk) VALUES ($1) RETURNING id", [database.kioskID])
                .text(0, 0) ?? ""
            // Held by this connection until the session ends, so the next kiosk to start can
            // tell an open session of a live kiosk from one whose kiosk was killed.
            try connection.execute(
                "SELECT pg_advisory_lock($1::int, ($2::bigint % 2147483647)::int)", [String(Self.liveSessionLock), id])
            return id
        }
        state.openSession = id
        return id
    }

    /// Stores `tally` in session `id`, and the server's time when the bank went `idle`.
    private func update(_ id: String, with tally: BankTally, idle: Bool) throws {
        try database.transaction { connection in
            try connection.execute(
                idle
                    ? "UPDATE bank_session SET idle_at = now(), served = $2, business_ms = $3 WHERE id = $1"
                    : "UPDATE bank_session SET served = $2, business_ms = $3 WHERE id = $1",
                [id, String(tally.served), String(tally.businessTime.wholeMilliseconds)])
            try connection.execute("DELETE FROM bank_session_task WHERE session_id = $1", [id])
            for (position, count) in tally.servedByTask.enumerated() {
                try connection.execute(
                    "INSERT INTO bank_session_task (session_id, position, task, served) VALUES ($1, $2, $3, $4)",
                    [id, String(position), count.task, String(count.count)])
            }
        }
    }

    /// Ends the open session; it counts as closed even when the write fails.
    private func close(_ state: inout State, reason: BankSessionEnd) throws {
        guard let id = state.openSession else { return }
        state.openSession = nil
        try database.transaction { connection in
            try connection.execute(
                "UPDATE bank_session SET ended = $2 WHERE id = $1 AND ended IS NULL", [id, reason.rawValue])
            try connection.execute(
                "SELECT pg_advisory_unlock($1::int, ($2::bigint % 2147483647)::int)",
                [String(Self.liveSessionLock), id])
        }
    }
}
