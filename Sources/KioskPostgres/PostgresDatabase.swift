import Foundation
import Synchronization

/// kiosk's shared store on a PostgreSQL server: one connection for this kiosk's commands,
/// made at ``open(_:)`` and made again by the first command after it broke.
///
/// The connection's work runs one piece at a time, in order (``ConnectionThread``): on the
/// caller's thread when that is the command thread or the main thread and the connection is
/// free, otherwise on a thread of the connection's own while the caller waits. No lock is
/// held while the server answers, and no libpq call runs on Swift's cooperative pool.
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
    private let commands: ConnectionThread
    private let reconnects = Mutex<(@Sendable (PostgresReconnect) -> Void)?>(nil)
    /// Changes committed without waiting for the disk that no barrier has covered yet, oldest
    /// first (see ``settle()``); touched only by the work that has the connection.
    let unsettled = Mutex<[UnsettledChange]>([])
    /// Why the last changes could not be settled, for the next ``settle()`` to report.
    let unsettledFailure = Mutex<PostgresError?>(nil)
    let startingReads = Mutex(StartingReads())
    /// Whether changes wait for ``settle()`` rather than each committing durably itself.
    private let deferring = Atomic<Bool>(false)
    /// Whether a command gave a lost server up while changes waited for their barrier, and
    /// failed saying their outcome is unknown (see ``outcomeReported``).
    let lossReported = Atomic<Bool>(false)

    private init(target: PostgresTarget, connection: PostgresConnection) {
        self.target = target
        commands = ConnectionThread(connection: connection)
        kioskID = "\(getpid())-\(UInt32.random(in: .min ... .max))"
    }

    /// Connects and brings the schema up to date.
    /// - Throws: ``PostgresError/unreachable(server:reason:)`` when the server cannot be
    ///   reached, ``PostgresError/newerSchema(server:version:known:)`` for a database a newer
    ///   kiosk wrote, ``PostgresError/notKioskDatabase(server:)`` for one that holds other
    ///   tables (nothing is written into it), or another ``PostgresError``.
    public static func open(_ target: PostgresTarget) throws(PostgresError) -> PostgresDatabase {
        let connection = try PostgresConnection(target)
        // What every start reads, in one round trip: the schema's version, the stock and the
        // bank sessions left open (the last two fail harmlessly on a new database).
        let answers = try connection.execute(pipelined: [
            ("", PostgresSchema.metaQuery, []), ("", PostgresDatabase.stockQuery, []),
            ("", PostgresDatabase.openSessionsQuery, []),
        ])
        let current = try PostgresSchema.migrate(connection, server: target.description, checked: answers[0])
        let database = PostgresDatabase(target: target, connection: connection)
        if current, case .success(let stock) = answers[1], case .success(let sessions) = answers[2] {
            database.startingReads.withLock { $0 = StartingReads(stock: stock, openSessions: sessions) }
        }
        return database
    }

    /// Every stock row, as a start reads it.
    static let stockQuery = "SELECT fruit, quantity, maximum, revision FROM stock"
    /// The bank sessions no kiosk closed.
    static let openSessionsQuery = "SELECT id FROM bank_session WHERE ended IS NULL"

    /// What ``open(_:)`` read of a database at the current schema, for the stores to take
    /// rather than read again.
    struct StartingReads: Sendable {
        var stock: PostgresResult?
        var openSessions: PostgresResult?
    }

    /// The stock rows ``open(_:)`` read, once; nil after the first call or when it did not.
    func takeStartingStock() -> PostgresResult? {
        startingReads.withLock { reads in
            defer { reads.stock = nil }
            return reads.stock
        }
    }

    /// The open bank sessions ``open(_:)`` read, once; nil after the first call or when it did not.
    func takeStartingOpenSessions() -> PostgresResult? {
        startingReads.withLock { reads in
            defer { reads.openSessions = nil }
            return reads.openSessions
        }
    }

    /// A new connection of its own, for a listener.
    func connect() throws(PostgresError) -> PostgresConnection {
        try PostgresConnection(target)
    }

    /// Sets what hears that the command connection was lost and is being made again, and
    /// that it stands again: the presenter's note at the prompt.
    public func observeReconnects(with handler: @escaping @Sendable (PostgresReconnect) -> Void) {
        reconnects.withLock { $0 = handler }
    }

    /// Runs `work` in a transaction (READ COMMITTED) on the command connection, connecting
    /// first if the last one broke.
    ///
    /// `afterCommit` runs once COMMIT succeeded, before the connection goes to the next work,
    /// so what it does for each commit of this kiosk happens in commit order.
    /// A connection found lost at BEGIN (a server restarted since the last command) is made
    /// again within the reconnect window; one lost later is not, since the transaction may
    /// have committed.
    /// - Throws: what `work` throws (after ROLLBACK), or ``PostgresError``; when the
    ///   connection broke, ``PostgresError/connectionLost(server:reason:)`` and the server
    ///   rolls the transaction back; when COMMIT went unanswered,
    ///   ``PostgresError/outcomeUnknown(server:reason:)``.
    @discardableResult
    func transaction<T>(
        _ work: (PostgresConnection) throws -> T, afterCommit: (T) -> Void = { _ in }
    ) throws -> T {
        try withConnection { connection in
            do {
                try connection.execute(prepared: "begin", "BEGIN", [])
            } catch {
                throw LostBeforeSending(error: error)
            }
            let result: T
            do {
                result = try work(connection)
                do {
                    try connection.execute(prepared: "commit", "COMMIT", [])
                } catch PostgresError.unanswered(_, let waited) {
                    // COMMIT sent, then no answer: the server may commit it yet.
                    throw outcomeUnknown(unanswered: waited)
                }
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
    /// the last one broke; a connection that breaks meanwhile is dropped. The caller waits
    /// for it (see ``ConnectionThread/run(_:)`` for the thread it runs on).
    ///
    /// A server that cannot be reached, or a connection lost, is tried again (backing off
    /// from 100 ms to 1 s between attempts) until the
    /// target's ``PostgresTarget/reconnectWindow`` has passed since it was first found lost:
    /// `work` runs again on the new connection when `retrying` (it is safe to send twice, as
    /// a read or a change under its own id is), and only when it failed before sending
    /// anything otherwise. An interrupt ends the wait.
    func withConnection<T>(retrying: Bool = false, _ work: (PostgresConnection) throws -> T) throws -> T {
        let target = target
        return try commands.run { slot in
            let interruptions = PostgresConnection.interruptions.load(ordering: .relaxed)
            var lostSince: ContinuousClock.Instant?
            var delay = Self.firstRetryDelay
            while true {
                var connected = false
                do {
                    let current: PostgresConnection
                    if let slot {
                        current = slot
                    } else {
                        current = try PostgresConnection(target)
                        // Changes sent before the connection was lost first, in their order.
                        try resolveUnsettled(on: current)
                    }
                    slot = current
                    connected = true
                    do {
                        let result = try work(current)
                        lossReported.store(false, ordering: .relaxed)
                        if lostSince != nil { report(.reconnected(server: target.description)) }
                        return result
                    } catch {
                        if current.isBroken { slot = nil }
                        if case .connectionLost = error as? PostgresError {
                            slot = nil
                        } else if lostSince != nil, !current.isBroken, !(error is LostBeforeSending) {
                            // The connection stands again and the server answered (a refused
                            // order, say): the wait's note is followed by its end.
                            report(.reconnected(server: target.description))
                        }
                        throw error
                    }
                } catch {
                    let unwrapped = (error as? LostBeforeSending)?.error ?? error
                    guard let failure = unwrapped as? PostgresError, Self.isLoss(failure),
                        retrying || !connected || error is LostBeforeSending,
                        PostgresConnection.interruptions.load(ordering: .relaxed) == interruptions
                    else { throw unwrapped }
                    let now = ContinuousClock.now
                    if lostSince == nil {
                        lostSince = now
                        if target.reconnectWindow > .zero {
                            report(.waiting(server: target.description, window: target.reconnectWindow))
                        }
                    }
                    guard let since = lostSince, now - since < target.reconnectWindow else { throw givenUp(failure) }
                    Self.pause(delay, unlessInterrupted: interruptions)
                    // Backing off: a server that is shutting down waits for every connection
                    // it turned away, and a shop's worth of kiosks must not keep it from ending.
                    delay = min(delay * 2, Self.longestRetryDelay)
                }
            }
        }
    }

    /// Whether a change commits without waiting for the disk and waits for ``settle()`` for its
    /// durability (a script whose output is written in batches) rather than committing
    /// durably itself, in the same round trip (a terminal).
    public var defersDurability: Bool {
        get { deferring.load(ordering: .relaxed) }
        set { deferring.store(newValue, ordering: .relaxed) }
    }

    /// Whether the last command's error already said that the changes waiting for their
    /// barrier have an unknown outcome (it gave the lost server up): ``settle()`` then fails
    /// at once, and its failure needs no line of its own.
    public var outcomeReported: Bool { lossReported.load(ordering: .relaxed) }

    /// The failure of a command that gave a lost server up: `failure`, or, when changes of a
    /// script wait for their barrier, their unknown outcome (one error, where the script stops).
    private func givenUp(_ failure: PostgresError) -> PostgresError {
        guard defersDurability, !unsettled.withLock({ $0.isEmpty }) else { return failure }
        lossReported.store(true, ordering: .relaxed)
        return .outcomeUnknown(server: target.description, reason: PostgresConnection.reason(of: failure))
    }

    private func report(_ event: PostgresReconnect) {
        reconnects.withLock { $0 }?(event)
    }

    /// How long a command waits before its second attempt to connect; each later wait is
    /// twice the one before, up to ``longestRetryDelay``.
    static let firstRetryDelay: Duration = .milliseconds(100)
    /// The longest wait between two attempts to connect.
    static let longestRetryDelay: Duration = .seconds(1)

    /// Whether `error` says the server is gone or the connection to it was lost (rather than
    /// that it answered, or froze).
    private static func isLoss(_ error: PostgresError) -> Bool {
        switch error {
        case .unreachable: true
        case .connectionLost: true
        default: false
        }
    }

    /// Sleeps `delay`, a slice at a time, ending early when the user interrupts.
    private static func pause(_ delay: Duration, unlessInterrupted interruptions: Int) {
        var left = delay
        while left > .zero, PostgresConnection.interruptions.load(ordering: .relaxed) == interruptions {
            Thread.sleep(forTimeInterval: 0.05)
            left -= .milliseconds(50)
        }
    }
}

/// A connection found lost at a transaction's BEGIN: nothing of the transaction was sent, so
/// it may run again on a new connection.
private struct LostBeforeSending: Error {
    let error: any Error
}

/// What a command's wait for a lost server says, for the note at the prompt.
public enum PostgresReconnect: Sendable, Equatable {
    /// The connection to `server` was lost; kiosk tries to connect again for up to `window`.
    case waiting(server: String, window: Duration)
    /// A connection to `server` stands again, and the command went on.
    case reconnected(server: String)
}
