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
    public struct Instant: InstantProtocol {
        /// Virtual time since the clock was created.
        public let offset: Duration

        /// The instant `offset` after the clock's creation.
        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
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

    /// A clock at instant zero.
    public init() {}

    public var now: Instant {
        state.withLock { $0.now }
    }

    public var minimumResolution: Duration { .zero }

    /// The earliest deadline a sleeper waits for, if any.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.map(\.deadline).min() }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let due = state.withLock { state -> Bool in
                    if deadline <= state.now { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if due { continuation.resume() }
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
