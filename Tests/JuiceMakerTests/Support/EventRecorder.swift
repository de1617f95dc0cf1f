import KioskCore
import Synchronization

/// Every event the bus delivers, in delivery order.
final class EventRecorder: Sendable {
    private let log = Log()
    private let subscription: Subscription

    init(bus: EventBus<KioskEvent>) {
        subscription = bus.subscribe { [log] event in log.append(event) }
    }

    var events: [KioskEvent] { log.events }

    /// Forgets what was recorded so far.
    func clear() { log.clear() }

    private final class Log: Sendable {
        private let storage = Mutex<[KioskEvent]>([])
        func append(_ event: KioskEvent) { storage.withLock { $0.append(event) } }
        var events: [KioskEvent] { storage.withLock { $0 } }
        func clear() { storage.withLock { $0.removeAll() } }
    }
}
