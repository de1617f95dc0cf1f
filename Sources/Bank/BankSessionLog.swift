import Foundation
import KioskCore

/// Where bank sessions are stored: the port a storage adapter implements
/// (``InMemoryBankSessionLog`` here; SQLite in KioskStorage, PostgreSQL in KioskPostgres).
///
/// It only stores what it is told: the Bank decides when a session opens, takes a tally and
/// ends (see ``BankSessionRecorder``), and calls it from a thread of the recorder's own, one
/// call at a time, so an adapter may block on its database.
///
/// ```swift
/// let session = try log.open()                         // stamped now; its id
/// try log.update(session, with: tally, idle: true)     // served, business time, idle stamp
/// try log.close(session, reason: .quit)
/// let latest = try log.latest(10)                      // newest first
/// ```
public protocol BankSessionLog: Sendable {
    /// Stores a new open session, stamped with the time it opened.
    /// - Returns: the session's id, from 1, in the order sessions opened.
    /// - Throws: the adapter's error when it cannot be written.
    func open() throws(BankSessionLogFailure) -> Int
    /// Stores `tally` as what `session` has served so far, and stamps it idle when the bank
    /// went `idle` (rather than being stopped before it did).
    /// - Throws: the adapter's error when it cannot be written.
    func update(_ session: Int, with tally: BankTally, idle: Bool) throws(BankSessionLogFailure)
    /// Ends `session` with `reason`; a session that has already ended keeps its reason.
    /// - Throws: the adapter's error when it cannot be written.
    func close(_ session: Int, reason: BankSessionEnd) throws(BankSessionLogFailure)
    /// The latest `count` sessions, newest first.
    /// - Throws: the adapter's error when the log cannot be read, or holds a value kiosk never
    ///   writes (a NULL, a number that is not one, an end that is not a ``BankSessionEnd``).
    func latest(_ count: Int) throws(BankSessionLogFailure) -> [BankSessionRecord]
}

/// Why a ``BankSessionLog`` could not read or write: the adapter's own error (a
/// `StorageError`, a `PostgresError`), which the presenter words.
public struct BankSessionLogFailure: Error {
    /// The adapter's error.
    public let error: any KioskError

    /// A failure that `error` explains.
    public init(_ error: any KioskError) {
        self.error = error
    }
}

/// Why a session ended.
public enum BankSessionEnd: String, Sendable, CaseIterable {
    /// `bank reset` cancelled it.
    case reset
    /// kiosk quit while it was open.
    case quit
    /// kiosk was killed while it was open (SIGKILL, a power cut); the next kiosk to start
    /// on the database closes it so.
    case interrupted
}

/// One recorded bank session.
public struct BankSessionRecord: Sendable, Equatable {
    /// The session's number, from 1, in the order sessions opened.
    public let id: Int
    /// When the session opened (wall clock).
    public let opened: Date
    /// When the bank last went idle in it; nil while it has not, and while customers are at
    /// the bank in the session `bank history` shows live.
    public let idle: Date?
    /// How it ended, or nil while open.
    public let ended: BankSessionEnd?
    /// Customers served per task, in desk order, as of the last idle (or stop).
    public let servedByTask: [TaskCount]
    /// Business time as of the last idle (or stop).
    public let businessTime: Duration

    /// A session `id` opened at `opened`, last idle at `idle`, ended as `ended`, that served
    /// `servedByTask` in `businessTime`.
    public init(
        id: Int, opened: Date, idle: Date?, ended: BankSessionEnd?, servedByTask: [TaskCount],
        businessTime: Duration
    ) {
        self.id = id
        self.opened = opened
        self.idle = idle
        self.ended = ended
        self.servedByTask = servedByTask
        self.businessTime = businessTime
    }

    /// Customers served in all.
    public var served: Int { servedByTask.reduce(0) { $0 + $1.count } }

    /// This session as the bank sees it now: serving (no idle stamp) or idle, with `tally`.
    func live(_ tally: BankTally, isServing: Bool) -> BankSessionRecord {
        BankSessionRecord(
            id: id, opened: opened, idle: isServing ? nil : idle, ended: ended, servedByTask: tally.servedByTask,
            businessTime: tally.businessTime)
    }
}

/// What `bank history` found: the latest sessions, and a recording failure to mention.
public struct BankHistory: Sendable {
    /// The latest sessions, newest first.
    public let sessions: [BankSessionRecord]
    /// The last write of the log that failed, if any: the sessions may be incomplete.
    public let recordingFailure: (any KioskError)?

    /// `sessions`, newest first, and the log's last write failure, if any.
    public init(sessions: [BankSessionRecord], recordingFailure: (any KioskError)?) {
        self.sessions = sessions
        self.recordingFailure = recordingFailure
    }
}
