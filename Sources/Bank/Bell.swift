import Synchronization

/// Wakes one parked task: the bank rings it, and cancelling the parked task also
/// wakes it. Safe to ring from the actor and to cancel from any thread.
///
/// A ring that comes before the wait is kept, so ringing never races with parking.
final class Bell: Sendable {
    private enum State {
        case silent
        case waiting(CheckedContinuation<Bool, Never>)
        case rung
        case cancelled
    }

    private let state = Mutex(State.silent)

    /// Suspends until ``ring()``.
    /// - Returns: true when rung; false when the waiting task was cancelled (from then
    ///   on every wait returns false at once).
    func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer: Bool? = state.withLock { state in
                    switch state {
                    case .silent:
                        state = .waiting(continuation)
                        return nil
                    case .rung:
                        state = .silent
                        return true
                    case .cancelled:
                        return false
                    case .waiting:
                        // One waiter per bell; a second one is turned away rather than lost.
                        return false
                    }
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                defer { state = .cancelled }
                if case .waiting(let continuation) = state { return continuation }
                return nil
            }
            continuation?.resume(returning: false)
        }
    }

    /// Wakes the waiter, or the next one to wait.
    func ring() {
        let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            switch state {
            case .silent:
                state = .rung
                return nil
            case .waiting(let continuation):
                state = .silent
                return continuation
            case .rung, .cancelled:
                return nil
            }
        }
        continuation?.resume(returning: true)
    }
}
