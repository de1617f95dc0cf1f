import Synchronization

/// A typed, thread-safe publish/subscribe channel whose events are delivered by their
/// consumers.
///
/// Publishing only appends the event to each subscriber's ``EventMailbox``, under one lock,
/// so every mailbox holds the events in the one global publish order; it never runs a
/// handler, so a slow consumer never delays a publisher. Each consumer takes its events
/// when it is ready: ``EventMailbox/drain()`` at once, or ``EventMailbox/wait()`` first.
///
/// ```swift
/// let bus = EventBus<KioskEvent>()
/// let mailbox = bus.subscribe(capacity: 1_024, droppable: { if case .serviceStarted = $0 { true } else { false } })
/// bus.publish(.bankReset)
/// for item in mailbox.drain() { print(item) }
/// mailbox.cancel()
/// ```
public final class EventBus<Event: Sendable>: Sendable {
    /// Weak, so a mailbox its consumer let go of stops receiving; purged at the next subscribe.
    private struct Entry {
        weak var mailbox: EventMailbox<Event>?
    }

    private let mailboxes = Mutex<[Entry]>([])

    /// A bus without subscribers.
    public init() {}

    /// Starts a mailbox that receives every event published from now on that `accepts`.
    /// - Parameters:
    ///   - capacity: how many items the mailbox holds before it drops events; at least 1.
    ///   - accepts: which events the consumer wants at all; runs on the publisher's thread,
    ///     so it must be quick and must not publish.
    ///   - droppable: which events may be dropped when the mailbox is full (counted as a
    ///     ``EventMailbox/Item/skipped(_:)`` item); the others are always kept.
    /// - Returns: the mailbox; cancel it, or let it go, to stop receiving.
    public func subscribe(
        capacity: Int = EventMailbox<Event>.defaultCapacity,
        accepts: @escaping @Sendable (Event) -> Bool = { _ in true },
        droppable: @escaping @Sendable (Event) -> Bool = { _ in false }
    ) -> EventMailbox<Event> {
        let mailbox = EventMailbox(capacity: capacity, accepts: accepts, droppable: droppable, bus: self)
        mailboxes.withLock { entries in
            entries.removeAll { $0.mailbox == nil }
            entries.append(Entry(mailbox: mailbox))
        }
        return mailbox
    }

    /// Appends `event` to every mailbox, after every event published before it.
    public func publish(_ event: Event) {
        let woken = mailboxes.withLock { mailboxes in
            var woken: [CheckedContinuation<Bool, Never>] = []
            for entry in mailboxes {
                if let waiter = entry.mailbox?.post(event) { woken.append(waiter) }
            }
            return woken
        }
        for waiter in woken { waiter.resume(returning: true) }
    }

    /// Appends `events` to every mailbox as one run: no other publisher's event comes between them.
    public func publish(contentsOf events: some Collection<Event>) {
        guard !events.isEmpty else { return }
        let woken = mailboxes.withLock { mailboxes in
            var woken: [CheckedContinuation<Bool, Never>] = []
            for entry in mailboxes {
                if let waiter = entry.mailbox?.post(contentsOf: events) { woken.append(waiter) }
            }
            return woken
        }
        for waiter in woken { waiter.resume(returning: true) }
    }

    /// The number of active mailboxes.
    public var subscriberCount: Int {
        mailboxes.withLock { entries in entries.reduce(0) { $0 + ($1.mailbox == nil ? 0 : 1) } }
    }

    func remove(_ mailbox: EventMailbox<Event>) {
        mailboxes.withLock { entries in entries.removeAll { $0.mailbox == nil || $0.mailbox === mailbox } }
    }
}
