import Synchronization

/// One consumer's queue of events from an ``EventBus``: in publish order, emptied by the
/// consumer itself, and bounded by the ``MailboxPolicy`` it was subscribed with.
///
/// Under ``MailboxPolicy/dropping(capacity:droppable:)``, events the mailbox has no room for
/// are not queued; a ``Item/skipped(_:)`` item counts them where they were missed. Under
/// ``MailboxPolicy/waiting(_:)``, every event is queued and a publisher paces itself with
/// ``waitForRoom()``. Cancelling the mailbox, or releasing it, takes it off the bus.
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

    init(queue: MailboxQueue<Event>) {
        self.queue = queue
    }

    deinit {
        // The bus holds the queue, not this handle: a consumer that lets go stops receiving.
        queue.roster.remove(queue)
    }

    /// Removes and returns every queued item, oldest first; empty when none is queued.
    /// Publishers waiting in ``waitForRoom()`` resume.
    @inlinable public func drain() -> [Item] {
        let queue = self.queue
        var publishers: [CheckedContinuation<Void, Never>] = []
        let taken = queue.roster.queues.withLock { _ in
            var taken: [Item] = []
            swap(&taken, &queue.items)
            queue.runWeight = 0
            if queue.hasWaitingPublishers { publishers = queue.resumablePublishersLocked() }
            return taken
        }
        for publisher in publishers { publisher.resume() }
        return taken
    }

    /// Moves every queued item into `items`, oldest first, as ``drain()`` does; `items`'
    /// storage, emptied, goes to the queue for what is published next. A consumer that
    /// drains after every few events (a `--json` script: two per order) and keeps its array
    /// so allocates none for each drain.
    @inlinable public func drain(into items: inout [Item]) {
        let queue = self.queue
        var publishers: [CheckedContinuation<Void, Never>] = []
        items.removeAll(keepingCapacity: true)
        queue.roster.queues.withLock { _ in
            swap(&items, &queue.items)
            queue.runWeight = 0
            if queue.hasWaitingPublishers { publishers = queue.resumablePublishersLocked() }
        }
        for publisher in publishers { publisher.resume() }
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
        let queue = self.queue
        return queue.roster.queues.withLock { _ in queue.items.count }
    }

    /// Suspends until an item is queued; returns at once if one already is.
    /// - Returns: false when the mailbox was cancelled or the waiting task was cancelled.
    public func wait() async -> Bool {
        let queue = self.queue
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let (outcome, replaced) = queue.roster.queues.withLock {
                    _ -> (Bool?, CheckedContinuation<Bool, Never>?) in
                    if queue.isCancelled || Task.isCancelled { return (false, nil) }
                    if !queue.items.isEmpty { return (true, nil) }
                    // One consumer waits at a time; a second waiter replaces the first, which returns.
                    return (nil, queue.setWaiterLocked(continuation))
                }
                replaced?.resume(returning: true)
                if let outcome { continuation.resume(returning: outcome) }
            }
        } onCancel: {
            let waiter = queue.roster.queues.withLock { _ in queue.takeWaiterLocked() }
            waiter?.resume(returning: false)
        }
    }

    /// Suspends the calling publisher while the mailbox is too full, by its policy's
    /// ``MailboxPolicy/watermarks``: from when `high` items are queued until the consumer has
    /// taken them down to `low`. Returns at once under a policy without watermarks, and when
    /// the mailbox is (or gets) cancelled.
    public func waitForRoom() async {
        let queue = self.queue
        guard queue.pacesPublishers else { return }
        // Asked first without suspending: most calls find room.
        guard queue.roster.queues.withLock({ _ in queue.publisherMustWaitLocked() }) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Asked again under the lock that the consumer's drain takes: either the drain
            // is seen here, or the drain resumes this publisher.
            let parked = queue.roster.queues.withLock { _ in queue.parkPublisherLocked(continuation) }
            if !parked { continuation.resume() }
        }
    }

    /// How many publishers wait in ``waitForRoom()``.
    public var waitingPublishers: Int {
        let queue = self.queue
        return queue.roster.queues.withLock { _ in queue.backPressure?.waitingProducers ?? 0 }
    }

    /// Stops receiving: wakes a waiting consumer and waiting publishers, and drops what is
    /// queued.
    public func cancel() {
        let queue = self.queue
        var dropped: [Item] = []
        let (waiter, publishers) = queue.roster.queues.withLock {
            queues -> (CheckedContinuation<Bool, Never>?, [CheckedContinuation<Void, Never>]) in
            queue.isCancelled = true
            // Destroyed after the lock is released: the bus's publishers wait on it.
            swap(&dropped, &queue.items)
            queue.runWeight = 0
            queue.roster.removeLocked(queue, from: &queues)
            return (queue.takeWaiterLocked(), queue.releasePublishersLocked())
        }
        dropped.removeAll()
        waiter?.resume(returning: false)
        for publisher in publishers { publisher.resume() }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        let queue = self.queue
        return queue.roster.queues.withLock { _ in queue.isCancelled }
    }
}

/// A bus's mailboxes, behind the one lock that also guards every mailbox's queued items:
/// a publish takes one lock however many mailboxes it reaches.
@usableFromInline
final class MailboxRoster<Event: Sendable>: Sendable {
    /// The subscribers' queues, held strongly: a mailbox takes its queue off the roster when it
    /// is cancelled or released, so publishing never loads a weak reference.
    @usableFromInline let queues = Mutex<[MailboxQueue<Event>]>([])
    /// How many queues are subscribed, readable without the lock (see ``EventBus/hasSubscribers``).
    @usableFromInline let count = Atomic<Int>(0)
    /// How many of them take runs (see ``EventBus/everySubscriberTakesRuns``).
    @usableFromInline let runTakers = Atomic<Int>(0)
    /// How many queues have ever been added (see ``EventBus/subscriptions``).
    @usableFromInline let added = Atomic<Int>(0)

    init() {}

    func add(_ queue: MailboxQueue<Event>) {
        queues.withLock { queues in
            queues.append(queue)
            added.add(1, ordering: .releasing)
            count.store(queues.count, ordering: .releasing)
            runTakers.store(queues.count { $0.takesRuns }, ordering: .releasing)
        }
    }

    func remove(_ queue: MailboxQueue<Event>) {
        queues.withLock { queues in removeLocked(queue, from: &queues) }
    }

    /// Wakes the consumers that wait on a mailbox holding items: a publish that queued into
    /// such a mailbox calls it once it has released the lock.
    @usableFromInline func wakeWaiters() {
        let woken = queues.withLock { queues in
            var woken: [CheckedContinuation<Bool, Never>] = []
            for queue in queues where queue.hasWaiter && !queue.items.isEmpty {
                if let waiter = queue.takeWaiterLocked() { woken.append(waiter) }
            }
            return woken
        }
        for waiter in woken { waiter.resume(returning: true) }
    }

    /// Takes `queue` off `queues`, the roster's list, which the caller holds locked.
    func removeLocked(_ queue: MailboxQueue<Event>, from queues: inout [MailboxQueue<Event>]) {
        queues.removeAll { $0 === queue }
        count.store(queues.count, ordering: .releasing)
        runTakers.store(queues.count { $0.takesRuns }, ordering: .releasing)
    }
}

/// The bounded queue behind an ``EventMailbox``, which the bus appends to.
///
/// Its posting paths are inlinable so that they are specialised for the event type with
/// the bus's (see ``EventBus``).
// @unchecked Sendable: `items`, `waiter`, `hasWaiter`, `isCancelled`, `backPressure` and
// `hasWaitingPublishers` are read and written only while the roster's lock is held (the
// bus's publishers and the mailbox's consumer both take it), so no two threads ever touch
// them at once.
@usableFromInline
final class MailboxQueue<Event: Sendable>: @unchecked Sendable {
    // Guarded by the roster's lock; exclusivity holds by that lock, so the per-access
    // dynamic check would only cost time on every publish.
    @exclusivity(unchecked) @usableFromInline var items: [EventMailbox<Event>.Item] = []
    /// The consumer suspended in ``EventMailbox/wait()``; set and taken only through
    /// ``setWaiterLocked(_:)`` and ``takeWaiterLocked()``, which keep `hasWaiter` true to it.
    @exclusivity(unchecked) var waiter: CheckedContinuation<Bool, Never>?
    /// Whether `waiter` is set. The publishing path reads this flag rather than the
    /// continuation, whose layout is resilient: every look at an optional continuation
    /// went through its value witnesses.
    @exclusivity(unchecked) @usableFromInline var hasWaiter = false
    @exclusivity(unchecked) @usableFromInline var isCancelled = false
    /// The publishers waiting for room, under a policy with watermarks.
    @exclusivity(unchecked) var backPressure: BackPressure?
    /// Whether a publisher waits in ``EventMailbox/waitForRoom()``: a drain looks at this
    /// flag alone unless one does.
    @exclusivity(unchecked) @usableFromInline var hasWaitingPublishers = false
    /// What the queued runs weigh beyond one item each: pacing counts a run as its events.
    @exclusivity(unchecked) @usableFromInline var runWeight = 0

    /// The roster whose lock guards this queue; held strongly so that a mailbox can leave
    /// it after its bus is gone.
    @usableFromInline let roster: MailboxRoster<Event>
    /// How many items are queued before droppable events are counted instead.
    @usableFromInline let capacity: Int
    /// How many items are queued before every event is counted instead.
    @usableFromInline let limit: Int
    @usableFromInline let accepts: @Sendable (Event) -> Bool
    @usableFromInline let droppable: @Sendable (Event) -> Bool
    /// Whether the policy has watermarks for publishers that wait.
    let pacesPublishers: Bool
    /// Whether the consumer takes runs as one event (see ``EventBus/publish(run:weight:expanded:)``).
    @usableFromInline let takesRuns: Bool

    init(
        roster: MailboxRoster<Event>, policy: MailboxPolicy<Event>, accepts: @escaping @Sendable (Event) -> Bool,
        takesRuns: Bool
    ) {
        self.roster = roster
        self.takesRuns = takesRuns
        capacity = policy.capacity
        limit = max(policy.capacity, policy.limit)
        self.accepts = accepts
        droppable = policy.droppable
        backPressure = policy.watermarks.map(BackPressure.init)
        pacesPublishers = policy.watermarks != nil
    }

    /// Queues `event`; the caller holds the roster's lock.
    /// - Returns: whether a consumer waits for what was queued (see ``MailboxRoster/wakeWaiters()``).
    @inlinable func postLocked(_ event: Event) -> Bool {
        guard !isCancelled, accepts(event) else { return false }
        append(event)
        return hasWaiter
    }

    /// Queues `events` in order; the caller holds the roster's lock.
    /// - Returns: whether a consumer waits for what was queued.
    @inlinable func postLocked(contentsOf events: some Collection<Event>) -> Bool {
        guard !isCancelled else { return false }
        var queued = false
        if items.count + events.count <= capacity {
            // Room for the whole run: nothing can be dropped, so skip the per-event check.
            for event in events where accepts(event) {
                items.append(.event(event))
                queued = true
            }
        } else {
            for event in events where accepts(event) {
                append(event)
                queued = true
            }
        }
        return queued && hasWaiter
    }

    /// Queues `run`, which stands for `weight` events; the caller holds the roster's lock.
    /// - Returns: whether a consumer waits for what was queued.
    @inlinable func postLocked(run: Event, weight: Int) -> Bool {
        guard !isCancelled, accepts(run) else { return false }
        append(run)
        runWeight += max(0, weight - 1)
        return hasWaiter
    }

    /// Makes `continuation` the consumer to wake; returns the one it replaces. Under the lock.
    func setWaiterLocked(_ continuation: CheckedContinuation<Bool, Never>) -> CheckedContinuation<Bool, Never>? {
        defer {
            waiter = continuation
            hasWaiter = true
        }
        return waiter
    }

    /// Takes the waiting consumer, if any. Under the lock.
    func takeWaiterLocked() -> CheckedContinuation<Bool, Never>? {
        defer {
            waiter = nil
            hasWaiter = false
        }
        return waiter
    }

    /// Whether a publisher must wait for room now. Under the lock.
    func publisherMustWaitLocked() -> Bool {
        guard !isCancelled else { return false }
        return backPressure?.mustWait(queued: items.count + runWeight) ?? false
    }

    /// Keeps `publisher` until there is room, if it must wait. Under the lock.
    /// - Returns: whether it was kept; if not, the caller resumes it.
    func parkPublisherLocked(_ publisher: CheckedContinuation<Void, Never>) -> Bool {
        guard publisherMustWaitLocked() else { return false }
        backPressure?.park(publisher)
        hasWaitingPublishers = true
        return true
    }

    /// The waiting publishers that may go on now. Under the lock.
    @usableFromInline func resumablePublishersLocked() -> [CheckedContinuation<Void, Never>] {
        let resumable = backPressure?.resumable(queued: items.count + runWeight) ?? []
        hasWaitingPublishers = (backPressure?.waitingProducers ?? 0) > 0
        return resumable
    }

    /// Every waiting publisher, the mailbox being cancelled. Under the lock.
    func releasePublishersLocked() -> [CheckedContinuation<Void, Never>] {
        hasWaitingPublishers = false
        return backPressure?.releaseAll() ?? []
    }

    @inlinable func append(_ event: Event) {
        if items.count < capacity {
            items.append(.event(event))
        } else {
            appendPastCapacity(event)
        }
    }

    /// Queues or counts `event` when `capacity` items are queued (see ``MailboxPolicy``).
    @inlinable func appendPastCapacity(_ event: Event) {
        if items.count >= limit || droppable(event) {
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
