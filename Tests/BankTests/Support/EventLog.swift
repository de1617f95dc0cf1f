import KioskCore
import Synchronization

/// Every event the bank published, in order, taken from a mailbox of the bus.
///
/// Reading ``events`` drains the mailbox into the log, so a test reads it after the clock
/// has moved and the bank has settled; nothing is ever dropped (no event is droppable).
final class EventLog: Sendable {
    private let mailbox: EventMailbox<KioskEvent>
    private let storage = Mutex<[KioskEvent]>([])

    init(bus: EventBus<KioskEvent>) {
        mailbox = bus.subscribe()
    }

    /// Every event so far.
    var events: [KioskEvent] {
        storage.withLock { events in
            events.append(contentsOf: mailbox.drainEvents())
            return events
        }
    }

    /// How many events so far; `events.dropFirst(mark)` is what came after.
    var count: Int { events.count }

    /// Stops receiving.
    func cancel() {
        mailbox.cancel()
    }
}
