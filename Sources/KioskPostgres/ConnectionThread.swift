import Foundation
import KioskCore
import Synchronization

/// The owner of one connection (nil after it broke, until work connects again), which runs
/// the work it is given one piece at a time, in the order given, on a thread of its own.
///
/// A caller on a thread whose blocking holds up only its own work (``BlockingThread``: the
/// command thread, the main thread) runs its work there itself when the connection is free
/// and no work waits for it: its thread would wait for the answer anyway, and handing the
/// work over and back costs two thread wake-ups per call. Any other caller (Swift's
/// cooperative pool) hands its work to the connection's thread and waits for the result.
/// Either way no lock is held while the server answers: the connection is taken out, marked
/// busy, and put back.
final class ConnectionThread: Sendable {
    /// One piece of work; it may replace or drop the connection.
    typealias Job = @Sendable (inout PostgresConnection?) -> Void

    private let slot: ConnectionSlot
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread, which owns `connection` from now on.
    init(connection: PostgresConnection) {
        let slot = ConnectionSlot(connection)
        let finished = finished
        self.slot = slot
        let thread = Thread {
            // Named from the thread itself: on Linux a name given before `start()` names only
            // the `Thread` object.
            Thread.current.name = "kiosk-postgres"
            // The connection while a job has it; the slot's own reference is moved here and
            // back, so that nil here closes it.
            var connection: PostgresConnection?
            while true {
                switch slot.next(taking: &connection) {
                case .none:
                    continue
                case .run(let job):
                    job(&connection)
                    slot.giveBack(&connection)
                case .stop:
                    // Closed here, on its own thread, before the owner's deinit returns.
                    connection = nil
                    finished.signal()
                    return
                }
            }
        }
        thread.start()
    }

    deinit {
        slot.stop()
        finished.wait()
    }

    /// How many pieces of work wait for the connection.
    var waitingWork: Int { slot.waitingCount }

    /// Runs `work` with the connection and returns what it returns: on the calling thread when
    /// that may block and the connection is free, otherwise on the connection's thread while
    /// the caller waits, holding no lock.
    /// - Throws: what `work` throws.
    func run<T>(_ work: (inout PostgresConnection?) throws -> T) throws -> T {
        if BlockingThread.isCurrent, var taken = slot.takeIfFree() {
            defer { slot.giveBack(&taken.connection) }
            return try work(&taken.connection)
        }
        return try withoutActuallyEscaping(work) { work in
            let call = BlockingCall(work)
            slot.append { connection in call.perform(&connection) }
            return try call.result()
        }
    }
}

/// The connection and the work waiting for it, under one lock that is never held while the
/// server answers.
private final class ConnectionSlot: Sendable {
    /// What the connection's thread does next.
    enum Next {
        /// Nothing now: the work queued is behind a caller that has the connection.
        case none
        /// Runs the job with the connection it was handed, then gives it back.
        case run(ConnectionThread.Job)
        /// Ends the thread, closing the connection it was handed.
        case stop
    }

    /// The connection taken by a caller that runs its work itself.
    struct Taken {
        var connection: PostgresConnection?
    }

    private struct State {
        var connection: PostgresConnection?
        /// Whether a job or a caller has the connection now.
        var busy = false
        /// The work waiting, oldest first; nil asks the thread to stop.
        var jobs: [ConnectionThread.Job?] = []
    }

    private let state: Mutex<State>
    /// Signalled once for each job queued, and when the connection comes back with jobs
    /// waiting; a wake-up that finds nothing to do waits again.
    private let waiting = DispatchSemaphore(value: 0)

    init(_ connection: PostgresConnection) {
        state = Mutex(State(connection: connection))
    }

    func append(_ job: @escaping ConnectionThread.Job) {
        state.withLock { $0.jobs.append(job) }
        waiting.signal()
    }

    /// How many jobs wait.
    var waitingCount: Int { state.withLock { $0.jobs.count } }

    /// Asks the thread to stop once it has run the jobs before.
    func stop() {
        state.withLock { $0.jobs.append(nil) }
        waiting.signal()
    }

    /// The connection, marked busy, when no one has it and no job waits for it; nil otherwise.
    func takeIfFree() -> Taken? {
        state.withLock { state -> Taken? in
            guard !state.busy, state.jobs.isEmpty else { return nil }
            state.busy = true
            defer { state.connection = nil }
            return Taken(connection: state.connection)
        }
    }

    /// Moves the connection back (nil: it broke), leaving nil in `connection`, and wakes the
    /// thread for the jobs that came meanwhile.
    func giveBack(_ connection: inout PostgresConnection?) {
        let waited = state.withLock { state -> Bool in
            swap(&state.connection, &connection)
            state.busy = false
            return !state.jobs.isEmpty
        }
        if waited { waiting.signal() }
    }

    /// Waits for a wake-up, then takes the next job, moving the connection into `connection`
    /// (nil before) for it or for the stop; on the thread.
    func next(taking connection: inout PostgresConnection?) -> Next {
        waiting.wait()
        return state.withLock { state -> Next in
            guard !state.busy, !state.jobs.isEmpty else { return .none }
            swap(&connection, &state.connection)
            guard let job = state.jobs.removeFirst() else { return .stop }
            state.busy = true
            return .run(job)
        }
    }
}

/// One call of ``ConnectionThread/run(_:)`` handed to the thread: the work, run there, and its
/// result, which the waiting caller takes.
// @unchecked Sendable: the caller blocks in `result()` from handing the call over until the
// thread has run `perform`, and the semaphore orders the thread's writes before the caller's
// reads, so the work, which need not be Sendable, and the result are never touched by two
// threads at once.
private final class BlockingCall<T>: @unchecked Sendable {
    // Dropped before the caller is told it ran: the caller's `withoutActuallyEscaping`
    // checks that nothing holds the work once it returns.
    private var work: ((inout PostgresConnection?) throws -> T)?
    private var outcome: Result<T, any Error>?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping (inout PostgresConnection?) throws -> T) {
        self.work = work
    }

    /// Runs the work; on the connection's thread.
    func perform(_ connection: inout PostgresConnection?) {
        if let work {
            self.work = nil
            outcome = Result { try work(&connection) }
        }
        done.signal()
    }

    /// Waits for the work to run, then returns its result.
    /// - Throws: what the work threw.
    func result() throws -> T {
        done.wait()
        // Never nil: `perform` sets it before it signals.
        guard let outcome else { throw CancellationError() }
        return try outcome.get()
    }
}
