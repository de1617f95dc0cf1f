import Bank
import Foundation
import KioskCore

/// Bank sessions on PostgreSQL: the SQL of ``BankSessionLog``, as ``SQLiteBankSessionLog``
/// is in SQLite; the server stamps the opened and idle times. `bank history` lists the
/// sessions of every kiosk sharing the database.
///
/// ```swift
/// let log = PostgresBankSessionLog(database: database)
/// let session = try log.open()
/// try log.close(session, reason: .quit)
/// try log.latest(10)
/// ```
public final class PostgresBankSessionLog: BankSessionLog {
    private let database: PostgresDatabase

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
        let read = database.takeStartingOpenSessions()
        try database.withConnection { connection in
            let open = try read ?? connection.execute(PostgresDatabase.openSessionsQuery, [])
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

    /// Stores a new open session, stamped with the server's time, and takes its advisory lock
    /// on this kiosk's connection (see ``liveSessionLock``).
    /// - Throws: ``PostgresError`` when it cannot be written.
    public func open() throws(BankSessionLogFailure) -> Int {
        try inTransaction { connection in
            let text = try connection.execute(
                "INSERT INTO bank_session (kiosk) VALUES ($1) RETURNING id", [database.kioskID]
            ).text(0, 0)
            guard let text, let id = Int(text) else {
                throw self.unexpected("bank_session.id", text, session: nil)
            }
            // Held by this connection until the session ends, so the next kiosk to start can
            // tell an open session of a live kiosk from one whose kiosk was killed.
            try connection.execute(
                "SELECT pg_advisory_lock($1::int, ($2::bigint % 2147483647)::int)",
                [String(Self.liveSessionLock), text])
            return id
        }
    }

    /// Stores `tally` in `session`, and the server's time when the bank went `idle`.
    /// - Throws: ``PostgresError`` when it cannot be written.
    public func update(_ session: Int, with tally: BankTally, idle: Bool) throws(BankSessionLogFailure) {
        let id = String(session)
        try inTransaction { connection in
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

    /// Ends `session` with `reason`, unless it has ended already, and lets go of its lock.
    /// - Throws: ``PostgresError`` when it cannot be written.
    public func close(_ session: Int, reason: BankSessionEnd) throws(BankSessionLogFailure) {
        let id = String(session)
        try inTransaction { connection in
            try connection.execute(
                "UPDATE bank_session SET ended = $2 WHERE id = $1 AND ended IS NULL", [id, reason.rawValue])
            try connection.execute(
                "SELECT pg_advisory_unlock($1::int, ($2::bigint % 2147483647)::int)",
                [String(Self.liveSessionLock), id])
        }
    }

    /// The latest `count` sessions of every kiosk, newest first.
    /// - Throws: ``PostgresError`` when the log cannot be read, or holds a value kiosk never
    ///   writes (a NULL where kiosk writes a value, text that is not a number, an end that is
    ///   not a ``BankSessionEnd``): refused as SQLite's adapter refuses it.
    public func latest(_ count: Int) throws(BankSessionLogFailure) -> [BankSessionRecord] {
        try inTransaction { connection in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let sessions = try connection.execute(
                """
                SELECT id, extract(epoch FROM opened_at)::float8, extract(epoch FROM idle_at)::float8, ended, business_ms
                FROM bank_session ORDER BY id DESC LIMIT $1
                """, [String(max(count, 0))])
            var records: [BankSessionRecord] = []
            for row in 0..<sessions.rowCount {
                let id = try self.integer(sessions, row, 0, "bank_session.id", session: nil)
                let tasks = try connection.execute(
                    "SELECT task, served FROM bank_session_task WHERE session_id = $1 ORDER BY position", [String(id)])
                let idle = sessions.text(row, 2)
                let ended = sessions.text(row, 3)
                records.append(
                    BankSessionRecord(
                        id: id,
                        opened: Date(
                            timeIntervalSince1970: try self.double(
                                sessions, row, 1, "bank_session.opened_at", session: id)),
                        idle: try idle.map { _ in
                            Date(
                                timeIntervalSince1970: try self.double(
                                    sessions, row, 2, "bank_session.idle_at", session: id))
                        },
                        ended: try ended.map { text in
                            guard let end = BankSessionEnd(rawValue: text) else {
                                throw self.unexpected("bank_session.ended", text, session: id)
                            }
                            return end
                        },
                        servedByTask: try (0..<tasks.rowCount).map { task in
                            guard let name = tasks.text(task, 0) else {
                                throw self.unexpected("bank_session_task.task", nil, session: id)
                            }
                            return TaskCount(
                                task: name,
                                count: try self.integer(tasks, task, 1, "bank_session_task.served", session: id))
                        },
                        businessTime: .milliseconds(
                            try self.integer(sessions, row, 4, "bank_session.business_ms", session: id))))
            }
            return records
        }
    }

    /// Runs `work` in a transaction, its failure as a ``PostgresError``.
    private func inTransaction<T>(_ work: (PostgresConnection) throws -> T) throws(BankSessionLogFailure) -> T {
        do {
            return try database.transaction(work)
        } catch {
            throw BankSessionLogFailure(PostgresInventoryStore.storageError(error, server: database.target.description))
        }
    }

    /// The whole number in `column` of `row`; a NULL or anything else is refused.
    private func integer(
        _ result: PostgresResult, _ row: Int, _ column: Int, _ name: String, session: Int?
    ) throws(PostgresError) -> Int {
        guard let value = result.integer(row, column) else {
            throw unexpected(name, result.text(row, column), session: session)
        }
        return value
    }

    /// The number in `column` of `row`; a NULL or anything else is refused.
    private func double(
        _ result: PostgresResult, _ row: Int, _ column: Int, _ name: String, session: Int?
    ) throws(PostgresError) -> Double {
        guard let value = result.double(row, column), value.isFinite else {
            throw unexpected(name, result.text(row, column), session: session)
        }
        return value
    }

    /// A value kiosk never writes, as a data exception (SQLSTATE class 22): 22004 for a NULL,
    /// 22P02 for text that is not what the column holds.
    private func unexpected(_ column: String, _ value: String?, session: Int?) -> PostgresError {
        let row = session.map { " in session \($0)" } ?? ""
        return .server(
            server: database.target.description, state: value == nil ? "22004" : "22P02",
            message: value.map { "\(column) holds '\($0)'\(row), which kiosk never writes" }
                ?? "\(column) is NULL\(row), which kiosk never writes")
    }
}
