import Synchronization

/// A typed, thread-safe publish/subscribe channel whose events are delivered by their
/// consumers.
///
/// Publishing only appends the event to each subscriber's ``EventMailbox``, under one lock,
/// so every mailbox holds the events in the one global publish order; it never runs a
/// handler, so a slow consumer never delays a publisher. Each consumer takes its events
/// when it is ready: ``EventMailbox/drain()`` at once, or ``EventMailbox/wait()`` first.
/// Each subscription states what its mailbox does when the consumer falls behind (a
/// ``MailboxPolicy``), so no mailbox grows without bound.
///
/// ```swift
/// let bus = EventBus<KioskEvent>()
/// let mailbox = bus.subscribe(
///     policy: .dropping(capacity: 1_024, droppable: { if case .serviceStarted = $0 { true } else { false } }))
/// bus.publish(.bankReset)
/// for item in mailbox.drain() { print(item) }
/// mailbox.cancel()
/// ```
public final class EventBus<Event: Sendable>: Sendable {
    // The publishing paths are inlinable so that a module publishing a concrete event type
    // gets them specialised: unspecialised, every publish looked up generic metadata for
    // the lock, the array and the mailbox, which cost more than the delivery itself.

    /// The subscribers and the one lock that guards them and their queued items.
    @usableFromInline let roster = MailboxRoster<Event>()

    /// A bus without subscribers.
    public init() {}

    /// Starts a mailbox that receives every event published from now on that `accepts`,
    /// bounded by `policy`.
    /// - Parameters:
    ///   - policy: what the mailbox does when its consumer falls behind: drop droppable
    ///     events with a count, or make publishers wait between watermarks.
    ///   - accepts: which events the consumer wants at all; runs on the publisher's thread,
    ///     so it must be quick and must not publish.
    ///   - takesRuns: whether the consumer takes a run of events as the one event that stands
    ///     for them (see ``publish(run:weight:expanded:)``); otherwise it receives them one by one.
    /// - Returns: the mailbox; cancel it, or let it go, to stop receiving.
    public func subscribe(
        policy: MailboxPolicy<Event>, accepts: @escaping @Sendable (Event) -> Bool = { _ in true },
        takesRuns: Bool = false
    ) -> EventMailbox<Event> {
        let queue = MailboxQueue(roster: roster, policy: policy, accepts: accepts, takesRuns: takesRuns)
        roster.add(queue)
        return EventMailbox(queue: queue)
    }

    /// Starts a mailbox under ``MailboxPolicy/dropping(capacity:droppable:)``.
    /// - Parameters:
    ///   - capacity: how many items the mailbox holds before it counts droppable events
    ///     instead of queuing them (and, at twice as many, every event); at least 1.
    ///   - accepts: which events the consumer wants at all (see ``subscribe(policy:accepts:)``).
    ///   - droppable: which events are counted first when the mailbox is full.
    /// - Returns: the mailbox; cancel it, or let it go, to stop receiving.
    public func subscribe(
        capacity: Int = EventMailbox<Event>.defaultCapacity,
        accepts: @escaping @Sendable (Event) -> Bool = { _ in true },
        droppable: @escaping @Sendable (Event) -> Bool = { _ in false }
    ) -> EventMailbox<Event> {
        subscribe(policy: .dropping(capacity: capacity, droppable: droppable), accepts: accepts)
    }

    /// Whether any mailbox is subscribed: a publisher may skip building events nobody
    /// receives. A mailbox that subscribes afterwards receives only what is published after.
    @inlinable public var hasSubscribers: Bool {
        roster.count.load(ordering: .acquiring) > 0
    }

    /// How many mailboxes have subscribed since the bus began, cancelled ones included: a
    /// publisher that found no mailbox taking some kind of event may trust that answer while
    /// this number stays the same (what a mailbox accepts never changes, and one leaving
    /// takes nothing new).
    @inlinable public var subscriptions: Int {
        roster.added.load(ordering: .acquiring)
    }

    /// Whether every mailbox takes runs (and there is one): a publisher may then gather its
    /// events into runs without building each (see ``publish(run:weight:expanded:)``).
    @inlinable public var everySubscriberTakesRuns: Bool {
        let count = roster.count.load(ordering: .acquiring)
        return count > 0 && roster.runTakers.load(ordering: .acquiring) == count
    }

    /// Appends `run`, one event standing for the `weight` events `expanded` gives, to every
    /// mailbox that takes runs, and those events one by one to every other mailbox: as one
    /// run either way, after every event published before it. `expanded` is called at most
    /// once, and only if some mailbox does not take runs.
    ///
    /// A mailbox that paces its publishers counts the run as `weight` items.
    @inlinable public func publish(run: Event, weight: Int, expanded: () -> [Event]) {
        guard hasSubscribers else { return }
        let wake = roster.queues.withLock { queues in
            var wake = false
            var events: [Event]?
            for queue in queues {
                if queue.takesRuns {
                    if queue.postLocked(run: run, weight: weight) { wake = true }
                } else {
                    let one = events ?? expanded()
                    events = one
                    if queue.postLocked(contentsOf: one) { wake = true }
                }
            }
            return wake
        }
        if wake { roster.wakeWaiters() }
    }

    /// Appends `event` to every mailbox, after every event published before it.
    @inlinable public func publish(_ event: Event) {
        guard hasSubscribers else { return }
        let wake = roster.queues.withLock { queues in
            var wake = false
            for queue in queues where queue.postLocked(event) { wake = true }
            return wake
        }
        if wake { roster.wakeWaiters() }
    }

    /// Appends `events` to every mailbox as one run: no other publisher's event comes between them.
    @inlinable public func publish(contentsOf events: some Collection<Event>) {
        guard !events.isEmpty, hasSubscribers else { return }
        let wake = roster.queues.withLock { queues in
            var wake = false
            for queue in queues where queue.postLocked(contentsOf: events) { wake = true }
            return wake
        }
        if wake { roster.wakeWaiters() }
    }

    /// Whether some mailbox would take `event` now, by what it accepts: a publisher may skip
    /// gathering a kind of event nobody takes.
    @inlinable public func accepts(_ event: Event) -> Bool {
        roster.queues.withLock { queues in queues.contains { !$0.isCancelled && $0.accepts(event) } }
    }

    /// Whether some mailbox would take `first` or `second` now, asked under one lock: a
    /// publisher of two kinds of event (an order's stock changes and served juice) may skip
    /// building either when no mailbox takes them. False at once without a mailbox.
    @inlinable public func accepts(_ first: Event, or second: Event) -> Bool {
        guard hasSubscribers else { return false }
        return roster.queues.withLock { queues in
            queues.contains { !$0.isCancelled && ($0.accepts(first) || $0.accepts(second)) }
        }
    }

    /// The number of active mailboxes.
    public var subscriberCount: Int {
        roster.queues.withLock { $0.count }
    }
}
