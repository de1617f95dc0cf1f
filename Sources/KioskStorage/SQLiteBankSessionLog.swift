import Bank
import Foundation
import GRDB
import KioskCore
import Synchronization

/// Records bank sessions in SQLite from the bank's events: a session opens with its first
/// customer (or at an idle that finds none open), is updated each time the bank goes idle,
/// and ends at `bank reset` or when kiosk quits.
///
/// ```swift
/// let log = SQLiteBankSessionLog(database: database)
/// log.record(.customerArrived(ticket: 1, task: "deposit"))   // opens session 1
/// log.record(.bankIdle(tally))                              // served, business time, idle stamp
/// log.close(reason: .quit)
/// try log.latest(10)                                        // newest first
/// ```
public final class SQLiteBankSessionLog: BankSessionLog {
    private let database: KioskDatabase
    private let now: @Sendable () -> Date
    /// The open session and the last failure. Held across each write, so events recorded
    /// from several threads still open one session, not two.
    private let state = Mutex(State())
    private struct State {
        var openSession: Int64?
        var lastError: StorageError?
    }

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

    /// Records what a bank event means for the session log: `customerArrived` opens a
    /// session when none is open; `bankIdle` opens one if needed and stores its tally and
    /// the idle stamp; `bankReset` ends the open session as `reset`. Other events are ignored.
    /// A failed write is kept in ``lastError``.
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
                state.lastError = StorageError(error, path: database.path)
            }
        }
    }

    /// Ends the open session, if any, with `reason`. A failed write is kept in ``lastError``.
    public func close(reason: BankSessionEnd) {
        state.withLock { state in
            do {
                try close(&state, reason: reason)
            } catch {
                state.lastError = StorageError(error, path: database.path)
            }
        }
    }

    /// The last write that failed (a ``StorageError``), to be reported with the history.
    public var lastError: (any KioskError)? { state.withLock { $0.lastError } }

    /// The latest `count` sessions, newest first.
    /// - Throws: ``StorageError`` when the log cannot be read, or holds a row kiosk did not
    ///   write (a NULL or mistyped value).
    public func latest(_ count: Int) throws(StorageError) -> [BankSessionRecord] {
        try database.read { db in
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
                return BankSessionRecord(
                    id: Int(id),
                    opened: KioskDatabase.date(try row.decode(forColumn: "opened_at_ms")),
                    idle: idle.map(KioskDatabase.date),
                    ended: try row.decode(forColumn: "ended"),
                    servedByTask: try tasks.map { task in
                        TaskCount(task: try task.decode(forColumn: "task"), count: try task.decode(forColumn: "served"))
                    },
                    businessTime: .milliseconds(businessMilliseconds))
            }
        }
    }

    /// The open session's id, opening one first when none is.
    private func openIfNeeded(_ state: inout State) throws -> Int64 {
        if let open = state.openSession { return open }
        let opened = KioskDatabase.milliseconds(now())
        let id = try database.immediateTransaction { db in
            try db.execute(
                sql: "INSERT INTO bank_session (opened_at_ms, owner_pid) VALUES (?, ?)",
                arguments: [opened, Int(getpid())])
            return db.lastInsertedRowID
        }
        state.openSession = id
        return id
    }

    /// Stores `tally` in session `id`, and the idle stamp when the bank went `idle`.
    private func update(_ id: Int64, with tally: BankTally, idle: Bool) throws {
        let stamp = KioskDatabase.milliseconds(now())
        try database.immediateTransaction { db in
            if idle {
                try db.execute(
                    sql: "UPDATE bank_session SET idle_at_ms = ?, served = ?, business_ms = ? WHERE id = ?",
                    arguments: [stamp, tally.served, tally.businessTime.wholeMilliseconds, id])
            } else {
                try db.execute(
                    sql: "UPDATE bank_session SET served = ?, business_ms = ? WHERE id = ?",
                    arguments: [tally.served, tally.businessTime.wholeMilliseconds, id])
            }
            try db.execute(sql: "DELETE FROM bank_session_task WHERE session_id = ?", arguments: [id])
            for (position, count) in tally.servedByTask.enumerated() {
                try db.execute(
                    sql: "INSERT INTO bank_session_task (session_id, position, task, served) VALUES (?, ?, ?, ?)",
                    arguments: [id, position, count.task, count.count])
            }
        }
    }

    /// Ends the open session, if any. It counts as closed even when the write fails, so the
    /// next customer opens a new session rather than extending one that ended.
    private func close(_ state: inout State, reason: BankSessionEnd) throws {
        guard let id = state.openSession else { return }
        state.openSession = nil
        try database.immediateTransaction { db in
            try db.execute(
                sql: "UPDATE bank_session SET ended = ? WHERE id = ? AND ended IS NULL",
                arguments: [reason.rawValue, id])
        }
    }
}
