import KioskCore
import Synchronization

/// Every event the bus delivers to one mailbox, in publish order.
final class EventRecorder: Sendable {
    private let mailbox: EventMailbox<KioskEvent>
    private let seen = Mutex<[KioskEvent]>([])

    init(bus: EventBus<KioskEvent>) {
        mailbox = bus.subscribe()
    }

    /// Everything recorded so far (since the last ``clear()``).
    var events: [KioskEvent] {
        seen.withLock { seen in
            seen.append(contentsOf: mailbox.drainEvents())
            return seen
        }
    }

    /// The events published since the last call (or ``clear()``), without keeping them.
    func take() -> [KioskEvent] {
        seen.withLock { seen in
            defer { seen.removeAll() }
            return seen + mailbox.drainEvents()
        }
    }

    /// Forgets what was recorded so far.
    func clear() {
        _ = take()
    }
}
