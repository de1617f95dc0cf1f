import Synchronization

/// A live subscription to an ``EventBus``. Cancel it, or let it go, to stop delivery.
public final class Subscription: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops delivery; calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        cancel()
    }
}
