import Synchronization

/// A typed, thread-safe publish/subscribe channel.
///
/// Every subscriber sees every event in one global order, one at a time: a publish
/// enqueues the event, and whichever publisher finds the bus idle delivers the queue
/// to the subscribers synchronously. A handler may publish (the event is delivered
/// after the current one) and may cancel any subscription, its own included.
///
/// ```swift
/// let bus = EventBus<KioskEvent>()
/// let token = bus.subscribe { event in print(event) }
/// bus.publish(.bankReset)
/// token.cancel()
/// ```
public final class EventBus<Event: Sendable>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var subscribers: [Subscriber] = []
        /// Events published while a delivery was running; empty whenever the bus is idle.
        @usableFromInline var queue: [Event] = []
        @usableFromInline var queueHead = 0
        @usableFromInline var isDelivering = false

        @usableFromInline init() {}

        /// Claims the bus for delivering `event` now (returning whom to deliver it to),
        /// or queues it behind the delivery already running.
        @inlinable
        mutating func claimOrEnqueue(_ event: Event) -> [Subscriber]? {
            if isDelivering {
                queue.append(event)
                return nil
            }
            isDelivering = true
            return subscribers
        }

        /// The next queued event and whom to deliver it to, or nil after releasing the bus.
        @inlinable
        mutating func next() -> (Event, [Subscriber])? {
            guard queueHead < queue.count else {
                if !queue.isEmpty {
                    queue.removeAll(keepingCapacity: true)
                    queueHead = 0
                }
                isDelivering = false
                return nil
            }
            let event = queue[queueHead]
            queueHead += 1
            return (event, subscribers)
        }
    }

    @usableFromInline
    let state = Mutex(State())

    /// A bus without subscribers.
    public init() {}

    /// Registers `handler` for every event published from now on.
    /// - Returns: a token; cancelling it (or releasing it) stops delivery.
    public func subscribe(_ handler: @escaping @Sendable (Event) -> Void) -> Subscription {
        let subscriber = Subscriber(handler: handler)
        state.withLock { $0.subscribers.append(subscriber) }
        return Subscription { [weak self] in
            subscriber.deactivate()
            self?.state.withLock { state in
                state.subscribers.removeAll { $0 === subscriber }
            }
        }
    }

    /// Delivers `event` to every active subscriber, in publication order.
    ///
    /// On an idle bus the event is delivered before `publish` returns; while another
    /// delivery runs (a handler publishing, or another thread), it is queued and the
    /// running delivery hands it on after the current event.
    @inlinable
    public func publish(_ event: Event) {
        // Inlinable so that each client specialises it for its event type: unspecialised
        // generic code spends most of a publish on witness-table calls.
        // An idle bus skips the queue: the event goes straight to the subscribers.
        guard let subscribers = state.withLock({ $0.claimOrEnqueue(event) }) else { return }
        for subscriber in subscribers {
            subscriber.deliver(event)
        }
        while let (next, subscribers) = state.withLock({ $0.next() }) {
            for subscriber in subscribers {
                subscriber.deliver(next)
            }
        }
    }

    /// Delivers `events` in order as one run: what handlers publish while these are being
    /// delivered comes after all of them, so one change's events stay together.
    @inlinable
    public func publish(contentsOf events: some Collection<Event>) {
        guard let first = events.first else { return }
        let subscribers = state.withLock { state -> [Subscriber]? in
            guard let subscribers = state.claimOrEnqueue(first) else {
                state.queue.append(contentsOf: events.dropFirst())
                return nil
            }
            // Queued before the first delivery, so re-entrant publishes line up behind them.
            state.queue.append(contentsOf: events.dropFirst())
            return subscribers
        }
        guard let subscribers else { return }
        for subscriber in subscribers {
            subscriber.deliver(first)
        }
        while let (next, subscribers) = state.withLock({ $0.next() }) {
            for subscriber in subscribers {
                subscriber.deliver(next)
            }
        }
    }

    /// The number of active subscriptions.
    public var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }

    /// Events as an async sequence; the subscription ends when the stream is dropped.
    public func events(
        bufferingPolicy: AsyncStream<Event>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: bufferingPolicy)
        let subscription = subscribe { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    @usableFromInline
    final class Subscriber: Sendable {
        @usableFromInline let handler: @Sendable (Event) -> Void
        @usableFromInline let isActive = Atomic(true)

        init(handler: @escaping @Sendable (Event) -> Void) {
            self.handler = handler
        }

        @inlinable
        func deliver(_ event: Event) {
            // Re-checked per event so a cancellation made during delivery takes effect at once.
            if isActive.load(ordering: .acquiring) { handler(event) }
        }

        func deactivate() {
            isActive.store(false, ordering: .releasing)
        }
    }
}
