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
    // The publishing paths are inlinable so that a module publishing a concrete event type
    // gets them specialised: unspecialised, every publish looked up generic metadata for
    // the lock, the array and the mailbox, which cost more than the delivery itself.

    /// The subscribers' queues, held strongly: a mailbox takes its queue off the bus when it
    /// is cancelled or released, so publishing never loads a weak reference.
    @usableFromInline let queues = Mutex<[MailboxQueue<Event>]>([])
    /// How many queues are subscribed, readable without the lock (see ``hasSubscribers``).
    @usableFromInline let subscribers = Atomic<Int>(0)

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
        let queue = MailboxQueue(capacity: capacity, accepts: accepts, droppable: droppable)
        queues.withLock { queues in
            queues.append(queue)
            subscribers.store(queues.count, ordering: .releasing)
        }
        return EventMailbox(queue: queue, bus: self)
    }

    /// Whether any mailbox is subscribed: a publisher may skip building events nobody
    /// receives. A mailbox that subscribes afterwards receives only what is published after.
    @inlinable public var hasSubscribers: Bool {
        subscribers.load(ordering: .acquiring) > 0
    }

    /// Appends `event` to every mailbox, after every event published before it.
    @inlinable public func publish(_ event: Event) {
        guard hasSubscribers else { return }
        let woken = queues.withLock { queues in
            var woken: [CheckedContinuation<Bool, Never>] = []
            for queue in queues {
                if let waiter = queue.post(event) { woken.append(waiter) }
            }
            return woken
        }
        for waiter in woken { waiter.resume(returning: true) }
    }

    /// Appends `events` to every mailbox as one run: no other publisher's event comes between them.
    @inlinable public func publish(contentsOf events: some Collection<Event>) {
        guard !events.isEmpty, hasSubscribers else { return }
        let woken = queues.withLock { queues in
            var woken: [CheckedContinuation<Bool, Never>] = []
            for queue in queues {
                if let waiter = queue.post(contentsOf: events) { woken.append(waiter) }
            }
            return woken
        }
        for waiter in woken { waiter.resume(returning: true) }
    }

    /// The number of active mailboxes.
    public var subscriberCount: Int {
        queues.withLock { $0.count }
    }

    func remove(_ queue: MailboxQueue<Event>) {
        queues.withLock { queues in
            queues.removeAll { $0 === queue }
            subscribers.store(queues.count, ordering: .releasing)
        }
    }
}
