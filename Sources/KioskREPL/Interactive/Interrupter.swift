import Synchronization

/// The way to cancel the command that is running, reachable from the terminal thread.
final class Interrupter: Sendable {
    private let action = Mutex<(@Sendable () -> Void)?>(nil)

    /// Makes `cancel` what ``fire()`` calls until ``disarm()``.
    func arm(_ cancel: @escaping @Sendable () -> Void) {
        action.withLock { $0 = cancel }
    }

    func disarm() {
        action.withLock { $0 = nil }
    }

    /// Cancels the running command, if there is one.
    func fire() {
        // Called outside the lock: cancelling runs the command's cancellation handlers.
        let cancel = action.withLock { $0 }
        cancel?()
    }
}
