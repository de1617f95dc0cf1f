import Synchronization

/// A clock whose time moves only when told to: it jumps to the next deadline rather than
/// waiting for it. With it, the bank runs as a discrete-event simulation (`--speed max`):
/// no sleeping, times exact, and the same events on every run.
///
/// Sleepers registered with ``sleep(until:tolerance:)`` resume, in deadline order, when
/// ``advance(to:)`` moves time to or past their deadline.
///
/// ```swift
/// let clock = VirtualClock()
/// async let done: Void = clock.sleep(until: clock.now.advanced(by: .seconds(3)))
/// clock.advance(to: clock.now.advanced(by: .seconds(3)))   // resumes the sleeper at once
/// ```
public final class VirtualClock: Clock, Sendable {
    public typealias Duration = Swift.Duration

    /// A point in virtual time, measured from the clock's creation.
    public typealias Instant = OffsetInstant

    /// The steps of ``sleep(until:tolerance:)``, for a test that cancels the sleeper at each.
    package enum SleepStep: Sendable, CaseIterable {
        /// Cancellation was checked on entry; no cancellation handler is installed yet.
        case entered
        /// The cancellation handler is installed; the sleeper is not registered yet.
        case handlerInstalled
        /// About to take the lock that registers the sleeper.
        case registering
        /// The sleeper is registered, or was resumed at once (its deadline had come, or it
        /// was cancelled); the lock is released.
        case registered
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())
    private let onStep: (@Sendable (SleepStep) -> Void)?

    /// A clock at instant zero.
    public init() {
        onStep = nil
    }

    /// A clock at instant zero that calls `onStep` at each step of every sleep, on the
    /// sleeping task.
    package init(onStep: @escaping @Sendable (SleepStep) -> Void) {
        self.onStep = onStep
    }

    public var now: Instant {
        state.withLock { $0.now }
    }

    public var minimumResolution: Duration { .zero }

    /// The earliest deadline a sleeper waits for, if any.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.map(\.deadline).min() }
    }

    /// How many sleepers wait for their deadline.
    package var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        onStep?(.entered)
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            onStep?(.handlerInstalled)
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                onStep?(.registering)
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    // A cancel that came before this lock ran its handler when there was no
                    // sleeper to remove: seen here, under the lock the handler takes, it is
                    // either noticed now or finds the sleeper registered.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
                onStep?(.registered)
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time to `instant` (never back) and resumes every sleeper whose deadline has
    /// come, earliest deadline first.
    public func advance(to instant: Instant) {
        let due = state.withLock { state -> [Sleeper] in
            if instant > state.now { state.now = instant }
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }
}
