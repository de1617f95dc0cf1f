import Foundation
import KioskCore

/// Where bank sessions are recorded: the port a storage adapter implements
/// (``InMemoryBankSessionLog`` here; SQLite in KioskStorage). `bank history` reads it.
///
/// A session opens at the first `customerArrived` while none is open, or at a `bankIdle`
/// that finds none open (a consumer that skips events may miss the arrivals); each
/// `bankIdle` stores the tally (served per task, business time) and the idle stamp;
/// `bankReset` ends it as ``BankSessionEnd/reset``, and quitting as ``BankSessionEnd/quit``.
///
/// ```swift
/// log.record(.customerArrived(ticket: 1, task: "deposit"))   // opens session 1
/// log.record(.bankIdle(tally))                              // served, business time, idle stamp
/// log.close(reason: .quit)
/// let latest = try log.latest(10)                           // newest first
/// ```
public protocol BankSessionLog: Sendable {
    /// Records what a bank event means for the sessions; other events are ignored. A write
    /// that fails is kept in ``lastError`` rather than thrown, since no command is waiting.
    func record(_ event: KioskEvent)
    /// Ends the open session, if any, with `reason`.
    func close(reason: BankSessionEnd)
    /// The latest `count` sessions, newest first.
    /// - Throws: a storage error when the log cannot be read.
    func latest(_ count: Int) throws -> [BankSessionRecord]
    /// The last write that failed, to be reported with the history; nil when none did.
    var lastError: (any KioskError)? { get }
}

/// Why a session ended.
public enum BankSessionEnd: String, Sendable {
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
    /// When the bank last went idle in it, if it did.
    public let idle: Date?
    /// How it ended (a ``BankSessionEnd`` raw value: `"reset"`, `"quit"`), or nil while
    /// open or when it ended idle.
    public let ended: String?
    /// Customers served per task, in desk order, as of the last idle.
    public let servedByTask: [TaskCount]
    /// Business time as of the last idle.
    public let businessTime: Duration

    /// A session `id` opened at `opened`, last idle at `idle`, ended as `ended`, that served
    /// `servedByTask` in `businessTime`.
    public init(
        id: Int, opened: Date, idle: Date?, ended: String?, servedByTask: [TaskCount], businessTime: Duration
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
