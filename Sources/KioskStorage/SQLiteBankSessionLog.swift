import Bank
import Foundation
import GRDB
import KioskCore

/// Bank sessions in SQLite: the SQL of ``BankSessionLog``. The bank decides when a session
/// opens, takes a tally and ends (``BankSessionRecorder``); this stores it, stamped with
/// the wall clock, and with this process's id, so that the next kiosk to start can tell a
/// session whose kiosk was killed.
///
/// ```swift
/// let log = SQLiteBankSessionLog(database: database)
/// let session = try log.open()                       // 1
/// try log.update(session, with: tally, idle: true)   // served, business time, idle stamp
/// try log.close(session, reason: .quit)
/// try log.latest(10)                                 // newest first
/// ```
public final class SQLiteBankSessionLog: BankSessionLog {
    private let database: KioskDatabase
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - database: the database to record sessions in.
    ///   - now: the wall clock for the `opened` and `idle` stamps.
    public init(database: KioskDatabase, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    /// Closes as ``BankSessionEnd/interrupted`` every session still open whose kiosk is gone
    /// (killed, or the machine lost power): only a live kiosk process keeps its session open.
    /// - Parameter isAlive: whether a process id is a running kiosk.
    /// - Throws: ``StorageError`` when the log cannot be read or written.
    public func closeInterruptedSessions(isAlive: (Int32) -> Bool = SQLiteBankSessionLog.isRunningKiosk)
        throws(StorageError)
    {
        do {
            try database.immediateTransaction { db in
                let open = try Row.fetchAll(db, sql: "SELECT id, owner_pid FROM bank_session WHERE ended IS NULL")
                for row in open {
                    let id: Int64 = try row.decode(atIndex: 0)
                    let owner: Int64? = try row.decode(atIndex: 1)
                    if let owner, let pid = Int32(exactly: owner), isAlive(pid) { continue }
                    try db.execute(
                        sql: "UPDATE bank_session SET ended = ? WHERE id = ?",
                        arguments: [BankSessionEnd.interrupted.rawValue, id])
                }
            }
        } catch {
            throw StorageError(error, path: database.path)
        }
    }

    /// Whether `pid` is a running kiosk process (this one included).
    public static func isRunningKiosk(_ pid: Int32) -> Bool {
        if pid == getpid() { return true }
        guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
        // A process id the system reused for another program is not the kiosk that was.
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return true }
        return comm.trimmingCharacters(in: .whitespacesAndNewlines) == "kiosk"
    }

    /// Stores a new open session, stamped now and owned by this process.
    /// - Throws: ``StorageError`` when it cannot be written.
    public func open() throws(BankSessionLogFailure) -> Int {
        let opened = KioskDatabase.milliseconds(now())
        let id = try write { db in
            try db.execute(
                sql: "INSERT INTO bank_session (opened_at_ms, owner_pid) VALUES (?, ?)",
                arguments: [opened, Int(getpid())])
            return db.lastInsertedRowID
        }
        guard let session = Int(exactly: id) else {
            throw BankSessionLogFailure(
                StorageError.sqlite(path: database.path, message: "bank_session id \(id) is out of range"))
        }
        return session
    }

    /// Stores `tally` in `session`, and the idle stamp when the bank went `idle`.
    /// - Throws: ``StorageError`` when it cannot be written.
    public func update(_ session: Int, with tally: BankTally, idle: Bool) throws(BankSessionLogFailure) {
        let stamp = KioskDatabase.milliseconds(now())
        try write { db in
            if idle {
                try db.execute(
                    sql: "UPDATE bank_session SET idle_at_ms = ?, served = ?, business_ms = ? WHERE id = ?",
                    arguments: [stamp, tally.served, tally.businessTime.wholeMilliseconds, session])
            } else {
                try db.execute(
                    sql: "UPDATE bank_session SET served = ?, business_ms = ? WHERE id = ?",
                    arguments: [tally.served, tally.businessTime.wholeMilliseconds, session])
            }
            try db.execute(sql: "DELETE FROM bank_session_task WHERE session_id = ?", arguments: [session])
            for (position, count) in tally.servedByTask.enumerated() {
                try db.execute(
                    sql: "INSERT INTO bank_session_task (session_id, position, task, served) VALUES (?, ?, ?, ?)",
                    arguments: [session, position, count.task, count.count])
            }
        }
    }

    /// Ends `session` with `reason`, unless it has ended already.
    /// - Throws: ``StorageError`` when it cannot be written.
    public func close(_ session: Int, reason: BankSessionEnd) throws(BankSessionLogFailure) {
        try write { db in
            try db.execute(
                sql: "UPDATE bank_session SET ended = ? WHERE id = ? AND ended IS NULL",
                arguments: [reason.rawValue, session])
        }
    }

    /// The latest `count` sessions, newest first.
    /// - Throws: ``StorageError`` when the log cannot be read, or holds a row kiosk did not
    ///   write (a NULL or mistyped value).
    public func latest(_ count: Int) throws(BankSessionLogFailure) -> [BankSessionRecord] {
        do {
            return try database.read { db in
                let sessions = try Row.fetchAll(
                    db, sql: "SELECT * FROM bank_session ORDER BY id DESC LIMIT ?", arguments: [max(count, 0)])
                // Rows are decoded with `decode`, which throws on a value of the wrong type;
                // GRDB's subscripts trap instead, and the file may have been edited by hand.
                return try sessions.map { row in
                    let id: Int64 = try row.decode(forColumn: "id")
                    let tasks = try Row.fetchAll(
                        db, sql: "SELECT task, served FROM bank_session_task WHERE session_id = ? ORDER BY position",
                        arguments: [id])
                    let idle: Int? = try row.decode(forColumn: "idle_at_ms")
                    let businessMilliseconds: Int = try row.decode(forColumn: "business_ms")
                    let ended: String? = try row.decode(forColumn: "ended")
                    return BankSessionRecord(
                        id: Int(id),
                        opened: KioskDatabase.date(try row.decode(forColumn: "opened_at_ms")),
                        idle: idle.map(KioskDatabase.date),
                        ended: try ended.map { text in
                            guard let end = BankSessionEnd(rawValue: text) else {
                                throw StorageError.sqlite(
                                    path: database.path,
                                    message: "bank_session \(id) ended as '\(text)', which kiosk never writes")
                            }
                            return end
                        },
                        servedByTask: try tasks.map { task in
                            TaskCount(
                                task: try task.decode(forColumn: "task"), count: try task.decode(forColumn: "served"))
                        },
                        businessTime: .milliseconds(businessMilliseconds))
                }
            }
        } catch {
            throw BankSessionLogFailure(error)
        }
    }

    /// Runs `work` in an IMMEDIATE transaction, its failure as a ``StorageError``.
    private func write<T>(_ work: (Database) throws -> T) throws(BankSessionLogFailure) -> T {
        do {
            return try database.immediateTransaction(work)
        } catch {
            throw BankSessionLogFailure(StorageError(error, path: database.path))
        }
    }
}
