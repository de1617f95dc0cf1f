import Foundation
import GRDB
import KioskCore
import Synchronization

/// Records bank sessions from the bus: a session opens with its first customer,
/// is updated each time the bank goes idle, and ends at `bank reset` or when kiosk quits.
public final class BankSessionLog: Sendable {
    /// One recorded session.
    struct Entry: Sendable, Equatable {
        let id: Int
        let opened: Date
        /// When the bank last went idle, if it did.
        let idle: Date?
        /// `"reset"`, `"quit"`, or nil while open or when it ended idle.
        let ended: String?
        let servedByTask: [TaskCount]
        let businessTime: Duration

        var served: Int { servedByTask.reduce(0) { $0 + $1.count } }
    }

    private let database: KioskDatabase
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    private struct State {
        var openSession: Int64?
        var lastError: StorageError?
    }

    /// - Parameter now: the wall clock for the `opened`/`idle` stamps.
    public init(database: KioskDatabase, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.now = now
    }

    /// Records what a bank event means for the session log.
    public func record(_ event: KioskEvent) {
        do {
            switch event {
            case .customerArrived:
                try openIfNeeded()
            case .bankIdle(let tally):
                try update(with: tally)
            case .bankReset:
                try close(reason: "reset")
            default:
                break
            }
        } catch {
            state.withLock { $0.lastError = StorageError(error, path: database.path) }
        }
    }

    /// Marks an unfinished session as ended by quitting.
    public func closeForQuit() {
        try? close(reason: "quit")
    }

    /// A write that failed in the background, to be reported by `bank history`.
    var lastError: StorageError? { state.withLock { $0.lastError } }

    /// The latest sessions, newest first.
    func latest(_ limit: Int) throws(StorageError) -> [Entry] {
        try database.read { db in
            let sessions = try Row.fetchAll(
                db, sql: "SELECT * FROM bank_session ORDER BY id DESC LIMIT ?", arguments: [limit])
            // Rows are decoded with `decode`, which throws on a value of the wrong type;
            // GRDB's subscripts trap instead, and the file may have been edited by hand.
            return try sessions.map { row in
                let id: Int64 = try row.decode(forColumn: "id")
                let tasks = try Row.fetchAll(
                    db, sql: "SELECT task, served FROM bank_session_task WHERE session_id = ? ORDER BY position",
                    arguments: [id])
                let idle: Int? = try row.decode(forColumn: "idle_at_ms")
                let businessMilliseconds: Int = try row.decode(forColumn: "business_ms")
                return Entry(
                    id: Int(id),
                    opened: Self.date(try row.decode(forColumn: "opened_at_ms")),
                    idle: idle.map(Self.date),
                    ended: try row.decode(forColumn: "ended"),
                    servedByTask: try tasks.map { task in
                        TaskCount(task: try task.decode(forColumn: "task"), count: try task.decode(forColumn: "served"))
                    },
                    businessTime: .milliseconds(businessMilliseconds))
            }
        }
    }

    private func openIfNeeded() throws {
        guard state.withLock({ $0.openSession }) == nil else { return }
        let opened = KioskDatabase.milliseconds(now())
        let id = try database.immediateTransaction { db in
            try db.execute(sql: "INSERT INTO bank_session (opened_at_ms) VALUES (?)", arguments: [opened])
            return db.lastInsertedRowID
        }
        state.withLock { $0.openSession = id }
    }

    private func update(with tally: BankTally) throws {
        if state.withLock({ $0.openSession }) == nil { try openIfNeeded() }
        guard let id = state.withLock({ $0.openSession }) else { return }
        let idle = KioskDatabase.milliseconds(now())
        try database.immediateTransaction { db in
            try db.execute(
                sql: "UPDATE bank_session SET idle_at_ms = ?, served = ?, business_ms = ? WHERE id = ?",
                arguments: [idle, tally.served, tally.businessTime.wholeMilliseconds, id])
            try db.execute(sql: "DELETE FROM bank_session_task WHERE session_id = ?", arguments: [id])
            for (position, count) in tally.servedByTask.enumerated() {
                try db.execute(
                    sql: "INSERT INTO bank_session_task (session_id, position, task, served) VALUES (?, ?, ?, ?)",
                    arguments: [id, position, count.task, count.count])
            }
        }
    }

    private func close(reason: String) throws {
        guard
            let id = state.withLock({ state -> Int64? in
                defer { state.openSession = nil }
                return state.openSession
            })
        else { return }
        try database.immediateTransaction { db in
            try db.execute(
                sql: "UPDATE bank_session SET ended = ? WHERE id = ? AND ended IS NULL",
                arguments: [reason, id])
        }
    }

    private static func date(_ milliseconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }
}
