import KioskCore
import Synchronization

/// Every event the bank published, in order.
final class EventLog: Sendable {
    private let storage = Mutex<[KioskEvent]>([])

    func append(_ event: KioskEvent) {
        storage.withLock { $0.append(event) }
    }

    var events: [KioskEvent] { storage.withLock { $0 } }

    /// How many events so far; `events.dropFirst(mark)` is what came after.
    var count: Int { storage.withLock { $0.count } }
}
