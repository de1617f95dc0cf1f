import Synchronization

/// One consumer's queue of events from an ``EventBus``: bounded, in publish order, emptied
/// by the consumer itself.
///
/// When the mailbox holds `capacity` items, a new event that the subscription calls
/// droppable is not queued; a ``Item/skipped(_:)`` item counts such events where they were
/// missed. Other events are always queued, so a consumer never loses a result-bearing event.
/// Cancelling the mailbox, or releasing it, takes it off the bus.
public final class EventMailbox<Event: Sendable>: Sendable {
    /// What a consumer takes from the mailbox.
    public enum Item: Sendable {
        /// An event, in publish order.
        case event(Event)
        /// This many droppable events were published here while the mailbox was full.
        case skipped(Int)
    }

    // Draining is inlinable for the same reason as publishing (see ``EventBus``): a consumer
    // of a concrete event type gets it specialised.

    /// Enough for every event of a large command, small enough to bound a stalled terminal.
    public static var defaultCapacity: Int { 65_536 }

    @usableFromInline let queue: MailboxQueue<Event>
    private weak let bus: EventBus<Event>?

    init(queue: MailboxQueue<Event>, bus: EventBus<Event>) {
        self.queue = queue
        self.bus = bus
    }

    deinit {
        // The bus holds the queue, not this handle: a consumer that lets go stops receiving.
        bus?.remove(queue)
    }

    /// Removes and returns every queued item, oldest first; empty when none is queued.
    @inlinable public func drain() -> [Item] {
        queue.state.withLock { state in
            var taken: [Item] = []
            swap(&taken, &state.items)
            return taken
        }
    }

    /// The queued events, oldest first, leaving out the counts of skipped ones.
    @inlinable public func drainEvents() -> [Event] {
        // Moved out back to front rather than copied: copying an event retains its fields,
        // and the drained items would then be destroyed, releasing them again.
        var items = drain()
        items.reverse()
        var events: [Event] = []
        events.reserveCapacity(items.count)
        while let item = items.popLast() {
            if case .event(let event) = consume item { events.append(event) }
        }
        return events
    }

    /// How many items are queued.
    @inlinable public var count: Int {
        queue.state.withLock { $0.items.count }
    }

    /// Suspends until an item is queued; returns at once if one already is.
    /// - Returns: false when the mailbox was cancelled or the waiting task was cancelled.
    public func wait() async -> Bool {
        let queue = self.queue
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let outcome: Bool? = queue.state.withLock { state in
                    if state.isCancelled || Task.isCancelled { return false }
                    if !state.items.isEmpty { return true }
                    // One consumer waits at a time; a second waiter replaces the first, which returns.
                    let previous = state.waiter
                    state.waiter = continuation
                    previous?.resume(returning: true)
                    return nil
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        } onCancel: {
            let waiter = queue.state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: false)
        }
    }

    /// Stops receiving: wakes a waiting consumer, and drops what is queued.
    public func cancel() {
        let waiter = queue.state.withLock { state -> CheckedContinuation<Bool, Never>? in
            state.isCancelled = true
            state.items.removeAll()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: false)
        bus?.remove(queue)
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        queue.state.withLock { $0.isCancelled }
    }
}

/// The bounded queue behind an ``EventMailbox``, which the bus appends to under its lock.
///
/// Its posting paths are inlinable so that they are specialised for the event type with
/// the bus's (see ``EventBus``).
@usableFromInline
final class MailboxQueue<Event: Sendable>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var items: [EventMailbox<Event>.Item] = []
        @usableFromInline var waiter: CheckedContinuation<Bool, Never>?
        @usableFromInline var isCancelled = false

        init() {}
    }

    @usableFromInline let state = Mutex(State())
    @usableFromInline let capacity: Int
    @usableFromInline let accepts: @Sendable (Event) -> Bool
    @usableFromInline let droppable: @Sendable (Event) -> Bool

    init(capacity: Int, accepts: @escaping @Sendable (Event) -> Bool, droppable: @escaping @Sendable (Event) -> Bool) {
        self.capacity = max(1, capacity)
        self.accepts = accepts
        self.droppable = droppable
    }

    /// Queues `event` (the bus calls it under its lock); returns a waiting consumer to wake.
    @inlinable func post(_ event: Event) -> CheckedContinuation<Bool, Never>? {
        guard accepts(event) else { return nil }
        return state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.isCancelled else { return nil }
            append(event, to: &state.items)
            defer { state.waiter = nil }
            return state.waiter
        }
    }

    /// Queues `events` in order under one lock (the bus calls it under its own).
    @inlinable func post(contentsOf events: some Collection<Event>) -> CheckedContinuation<Bool, Never>? {
        state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.isCancelled else { return nil }
            var queued = false
            if state.items.count + events.count <= capacity {
                // Room for the whole run: nothing can be dropped, so skip the per-event check.
                for event in events where accepts(event) {
                    state.items.append(.event(event))
                    queued = true
                }
            } else {
                for event in events where accepts(event) {
                    append(event, to: &state.items)
                    queued = true
                }
            }
            guard queued else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
    }

    @inlinable func append(_ event: Event, to items: inout [EventMailbox<Event>.Item]) {
        if items.count >= capacity, droppable(event) {
            if case .skipped(let count) = items.last {
                items[items.count - 1] = .skipped(count + 1)
            } else {
                items.append(.skipped(1))
            }
        } else {
            items.append(.event(event))
        }
    }
}
