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
    // The publishing path is inlinable so that callers in other modules get it specialized
    // for their event type; unspecialized, most of a publish is spent looking up generic
    // metadata.
    @usableFromInline
    struct State {
        @usableFromInline var subscribers: [Subscriber] = []
        @usableFromInline var queue: [Event] = []
        @usableFromInline var queueHead = 0
        @usableFromInline var isDelivering = false

        @usableFromInline init() {}
    }

    @usableFromInline let state = Mutex(State())

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
    @inlinable
    public func publish(_ event: Event) {
        publish(contentsOf: CollectionOfOne(event))
    }

    /// Delivers `events` in order as one run: what handlers publish while these are being
    /// delivered comes after all of them (a change's own events stay together).
    @inlinable
    public func publish(contentsOf events: some Collection<Event>) {
        guard !events.isEmpty else { return }
        let mustDeliver = state.withLock { state in
            state.queue.append(contentsOf: events)
            if state.isDelivering { return false }
            state.isDelivering = true
            return true
        }
        guard mustDeliver else { return }
        while let (next, subscribers) = takeNext() {
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

    @inlinable
    func takeNext() -> (Event, [Subscriber])? {
        state.withLock { state in
            guard state.queueHead < state.queue.count else {
                state.queue.removeAll(keepingCapacity: true)
                state.queueHead = 0
                state.isDelivering = false
                return nil
            }
            let event = state.queue[state.queueHead]
            state.queueHead += 1
            return (event, state.subscribers)
        }
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

/// A live subscription to an ``EventBus``. Cancel it, or let it go, to stop delivery.
public final class Subscription: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops delivery; calling it again does nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        cancel()
    }
}
