import KioskCore
import Synchronization

/// The bank's session policy, in one place: what the ``Bank`` tells it happened becomes the
/// calls of a ``BankSessionLog``, made in order on a thread of their own (the log may block
/// on a database), so the bank never waits for a disk or a server.
///
/// A session opens when customers are admitted while none is open; it takes the bank's
/// tally each time the bank goes idle (stamped idle) and when the bank is stopped before
/// it did (a reset, quitting); it ends at a reset (``BankSessionEnd/reset``) or when kiosk
/// quits (``BankSessionEnd/quit``). Going idle does not end it: customers admitted later
/// are served in the same session, as the tally counts from the last reset.
///
/// A write that fails is kept as ``lastError`` rather than thrown, since no command waits
/// for it; the session counts as ended even when its end was not written, so the next
/// customers open a new one. A read (``recorded(_:)``) runs after every write asked for
/// before it, so `bank history` sees what the commands before it did.
///
/// ```swift
/// let recorder = BankSessionRecorder(log: InMemoryBankSessionLog())
/// recorder.admitted()                  // opens session 1
/// recorder.wentIdle(tally)             // stores the tally and the idle stamp
/// recorder.ended(.quit)
/// try await recorder.recorded(10)      // newest first
/// ```
public final class BankSessionRecorder: Sendable {
    /// What the recorded sessions look like, read after every write asked for before.
    struct Recorded: Sendable {
        /// The latest sessions, newest first.
        let sessions: [BankSessionRecord]
        /// The session open now, if its opening was written.
        let open: Int?
        /// The last write that failed, if any.
        let failure: (any KioskError)?
    }

    private let log: any BankSessionLog
    /// Where the writes run; internal for tests.
    let thread = RecordingThread()
    /// Whether the bank has a session open: changed at once by the bank's calls, in the
    /// bank's order, so that the policy never depends on how far the writes have got.
    private let isOpen = Mutex(false)
    /// The open session's id in the log and the last failure: changed only by the writes,
    /// on the recording thread; locked to read or set a field, never across a write.
    private let written = Mutex(Written())
    private struct Written {
        var session: Int?
        var lastError: (any KioskError)?
    }

    /// - Parameter log: where the sessions are stored.
    public init(log: any BankSessionLog) {
        self.log = log
    }

    /// Customers were admitted: a session opens, unless one is open.
    func admitted() {
        let opens = isOpen.withLock { isOpen in
            defer { isOpen = true }
            return !isOpen
        }
        if opens { record(.open) }
    }

    /// The bank went idle: the open session takes `tally` and the idle stamp.
    func wentIdle(_ tally: BankTally) {
        if isOpen.withLock({ $0 }) { record(.update(tally, idle: true)) }
    }

    /// The bank is being stopped before it went idle: the open session takes what was
    /// served up to now.
    func stopped(_ tally: BankTally) {
        if isOpen.withLock({ $0 }) { record(.update(tally, idle: false)) }
    }

    /// The open session, if any, ends with `reason`.
    func ended(_ reason: BankSessionEnd) {
        let closes = isOpen.withLock { isOpen in
            defer { isOpen = false }
            return isOpen
        }
        if closes { record(.close(reason)) }
    }

    /// The latest `count` sessions, read after every write asked for before this call.
    /// - Throws: the log's error when it cannot be read.
    func recorded(_ count: Int) async throws(BankSessionLogFailure) -> Recorded {
        let result = await thread.run { [self] () -> Result<Recorded, BankSessionLogFailure> in
            do throws(BankSessionLogFailure) {
                let sessions = try log.latest(count)
                let state = written.withLock { $0 }
                return .success(Recorded(sessions: sessions, open: state.session, failure: state.lastError))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The last write that failed, if any, as of the writes done so far.
    public var lastError: (any KioskError)? { written.withLock { $0.lastError } }

    /// Returns once every write asked for so far is done (or has failed).
    public func flush() async {
        await thread.flush()
    }

    /// One write to the log.
    private enum Write {
        case open
        case update(BankTally, idle: Bool)
        case close(BankSessionEnd)
    }

    /// Queues `write` on the recording thread; its failure becomes ``lastError``.
    private func record(_ write: Write) {
        thread.enqueue { [self] in
            do throws(BankSessionLogFailure) {
                try perform(write)
            } catch {
                written.withLock { $0.lastError = error.error }
            }
        }
    }

    /// Makes `write`, on the recording thread.
    private func perform(_ write: Write) throws(BankSessionLogFailure) {
        switch write {
        case .open:
            // Forgotten first: a session whose opening failed is not the last one's.
            written.withLock { $0.session = nil }
            let session = try log.open()
            written.withLock { $0.session = session }
        case .update(let tally, let idle):
            // The opening failed to be written: the session opens now, late rather than never.
            let session: Int
            if let open = written.withLock({ $0.session }) {
                session = open
            } else {
                session = try log.open()
                written.withLock { $0.session = session }
            }
            try log.update(session, with: tally, idle: idle)
        case .close(let reason):
            // It counts as closed even if the write fails, so the next customers open anew.
            let open = written.withLock { written in
                defer { written.session = nil }
                return written.session
            }
            guard let open else { return }
            try log.close(open, reason: reason)
        }
    }
}
