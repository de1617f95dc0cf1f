import KioskCore
import Synchronization
import Testing

@Suite("EventBus")
struct EventBusTests {
    @Test("a subscriber receives events in publication order, synchronously when the bus is idle")
    func inOrderDelivery() {
        let bus = EventBus<Int>()
        let log = Log<Int>()
        let token = bus.subscribe { log.append($0) }
        bus.publish(1)
        #expect(log.entries == [1])
        bus.publish(2)
        bus.publish(3)
        #expect(log.entries == [1, 2, 3])
        token.cancel()
    }

    @Test("every subscriber sees the same events in the same order, in subscription order")
    func sameOrderForEverySubscriber() {
        let bus = EventBus<KioskEvent>()
        let log = Log<String>()
        let first = bus.subscribe { log.append("first \($0)") }
        let second = bus.subscribe { log.append("second \($0)") }
        let events: [KioskEvent] = [
            .stockChanged(fruit: "banana", old: 10, new: 8),
            .juiceServed(juice: "banana", count: 1),
            .bankReset,
        ]
        for event in events { bus.publish(event) }
        #expect(log.entries == events.flatMap { ["first \($0)", "second \($0)"] })
        first.cancel()
        second.cancel()
    }

    @Test("cancelling the token stops delivery and removes the subscriber; cancelling twice is harmless")
    func cancelUnsubscribes() {
        let bus = EventBus<Int>()
        let log = Log<Int>()
        let token = bus.subscribe { log.append($0) }
        #expect(bus.subscriberCount == 1)
        bus.publish(1)
        token.cancel()
        token.cancel()
        bus.publish(2)
        #expect(log.entries == [1])
        #expect(bus.subscriberCount == 0)
    }

    @Test("releasing the token unsubscribes")
    func releasingTokenUnsubscribes() {
        let bus = EventBus<Int>()
        let log = Log<Int>()
        do {
            let token = bus.subscribe { log.append($0) }
            bus.publish(1)
            #expect(bus.subscriberCount == 1)
            withExtendedLifetime(token) {}
        }
        #expect(bus.subscriberCount == 0)
        bus.publish(2)
        #expect(log.entries == [1])
    }

    @Test("a token does not keep its bus alive, and can be cancelled after the bus is gone")
    func tokenOutlivesBus() {
        var bus: EventBus<Int>? = EventBus<Int>()
        weak let weakBus = bus
        let token = bus?.subscribe { _ in }
        bus = nil
        #expect(weakBus == nil)
        token?.cancel()
    }

    @Test("a handler that cancels its own subscription gets no further events, not even queued ones")
    func handlerCancelsItself() {
        let bus = EventBus<Int>()
        let log = Log<String>()
        let own = TokenBox()
        own.token = bus.subscribe { event in
            log.append("self \(event)")
            if event == 1 {
                // Queued behind the current event: must not reach this handler.
                bus.publish(2)
                own.token?.cancel()
            }
        }
        let other = bus.subscribe { log.append("other \($0)") }
        bus.publish(1)
        bus.publish(3)
        #expect(log.entries == ["self 1", "other 1", "other 2", "other 3"])
        #expect(bus.subscriberCount == 1)
        other.cancel()
    }

    @Test("a handler that cancels a later subscriber stops that subscriber's delivery of the current event")
    func handlerCancelsLaterSubscriber() {
        let bus = EventBus<Int>()
        let log = Log<String>()
        let victim = TokenBox()
        let canceller = bus.subscribe { event in
            log.append("canceller \(event)")
            if event == 2 { victim.token?.cancel() }
        }
        victim.token = bus.subscribe { log.append("victim \($0)") }
        bus.publish(1)
        bus.publish(2)
        bus.publish(3)
        #expect(log.entries == ["canceller 1", "victim 1", "canceller 2", "canceller 3"])
        canceller.cancel()
    }

    @Test("a handler that cancels an earlier subscriber stops its delivery from the next event on")
    func handlerCancelsEarlierSubscriber() {
        let bus = EventBus<Int>()
        let log = Log<String>()
        let victim = TokenBox()
        victim.token = bus.subscribe { log.append("victim \($0)") }
        let canceller = bus.subscribe { event in
            log.append("canceller \(event)")
            if event == 1 {
                bus.publish(2)
                victim.token?.cancel()
            }
        }
        bus.publish(1)
        #expect(log.entries == ["victim 1", "canceller 1", "canceller 2"])
        canceller.cancel()
    }

    @Test("a subscriber added by a handler receives the events after the current one")
    func subscribeDuringDelivery() {
        let bus = EventBus<Int>()
        let log = Log<String>()
        let late = TokenBox()
        let early = bus.subscribe { event in
            log.append("early \(event)")
            if event == 1 {
                late.token = bus.subscribe { log.append("late \($0)") }
            }
        }
        bus.publish(1)
        bus.publish(2)
        #expect(log.entries == ["early 1", "early 2", "late 2"])
        early.cancel()
        late.token?.cancel()
    }

    @Test("a handler may publish: the new event is delivered after the current one, without deadlock")
    func reentrantPublish() {
        let bus = EventBus<Int>()
        let log = Log<String>()
        let first = bus.subscribe { event in
            log.append("A\(event)")
            if event < 3 {
                bus.publish(event + 1)
                log.append("A\(event) published \(event + 1)")
            }
        }
        let second = bus.subscribe { log.append("B\($0)") }
        bus.publish(1)
        #expect(
            log.entries == [
                "A1", "A1 published 2", "B1",
                "A2", "A2 published 3", "B2",
                "A3", "B3",
            ])
        first.cancel()
        second.cancel()
    }

    @Test("publishing with no subscribers does nothing and leaves the bus usable")
    func publishWithoutSubscribers() {
        let bus = EventBus<Int>()
        bus.publish(1)
        let log = Log<Int>()
        let token = bus.subscribe { log.append($0) }
        bus.publish(2)
        #expect(log.entries == [2])
        token.cancel()
    }

    @Test(
        "concurrent publishers: each event reaches each subscriber once, one handler at a time, in publisher order"
    )
    func concurrentPublishers() async {
        let publishers = 8
        let eventsPerPublisher = 10_000
        let bus = EventBus<Stamp>()
        let inFlight = Atomic<Int>(0)
        let maximumInFlight = Atomic<Int>(0)
        let logs = (0..<3).map { _ in Log<Stamp>() }
        let tokens = logs.map { log in
            bus.subscribe { stamp in
                let now = inFlight.add(1, ordering: .sequentiallyConsistent).newValue
                maximumInFlight.max(now, ordering: .sequentiallyConsistent)
                log.append(stamp)
                inFlight.subtract(1, ordering: .sequentiallyConsistent)
            }
        }

        await withTaskGroup(of: Void.self) { group in
            for publisher in 0..<publishers {
                group.addTask {
                    for sequence in 0..<eventsPerPublisher {
                        bus.publish(Stamp(publisher: publisher, sequence: sequence))
                    }
                }
            }
        }

        #expect(maximumInFlight.load(ordering: .sequentiallyConsistent) == 1)
        let reference = logs[0].entries
        #expect(reference.count == publishers * eventsPerPublisher)
        #expect(Set(reference).count == publishers * eventsPerPublisher)
        for log in logs.dropFirst() {
            #expect(log.entries == reference, "every subscriber sees one global order")
        }
        for publisher in 0..<publishers {
            let sequences = reference.filter { $0.publisher == publisher }.map(\.sequence)
            #expect(sequences == Array(0..<eventsPerPublisher), "publisher \(publisher) kept its order")
        }
        for token in tokens { token.cancel() }
        #expect(bus.subscriberCount == 0)
    }

    @Test("events() delivers to an async consumer and unsubscribes when the consumer stops")
    func asyncStreamAdapter() async {
        let bus = EventBus<KioskEvent>()
        var received: [KioskEvent] = []
        do {
            let stream = bus.events()
            #expect(bus.subscriberCount == 1)
            bus.publish(.customerArrived(ticket: 1, task: "loan"))
            bus.publish(.juiceServed(juice: "mango", count: 2))
            bus.publish(.bankReset)
            for await event in stream {
                received.append(event)
                if received.count == 3 { break }
            }
        }
        #expect(
            received == [
                .customerArrived(ticket: 1, task: "loan"), .juiceServed(juice: "mango", count: 2), .bankReset,
            ])
        #expect(bus.subscriberCount == 0)
    }

    @Test("events() unsubscribes when the consuming task is cancelled")
    func asyncStreamCancelledConsumer() async {
        let bus = EventBus<Int>()
        let stream = bus.events()
        bus.publish(7)
        let consumer = Task {
            var seen: [Int] = []
            for await event in stream { seen.append(event) }
            return seen
        }
        consumer.cancel()
        let seen = await consumer.value
        #expect(seen.allSatisfy { $0 == 7 })
        #expect(bus.subscriberCount == 0)
    }

    @Test("events() with a bounded buffer keeps the newest events")
    func asyncStreamBufferingPolicy() async {
        let bus = EventBus<Int>()
        let stream = bus.events(bufferingPolicy: .bufferingNewest(2))
        for event in 1...5 { bus.publish(event) }
        var received: [Int] = []
        for await event in stream {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received == [4, 5])
    }
}

/// A publisher's event: who sent it and its place in that publisher's sequence.
private struct Stamp: Sendable, Hashable {
    let publisher: Int
    let sequence: Int
}

/// What handlers saw, in order; handlers may run on any thread.
private final class Log<Entry: Sendable>: Sendable {
    private let storage = Mutex<[Entry]>([])

    func append(_ entry: Entry) {
        storage.withLock { $0.append(entry) }
    }

    var entries: [Entry] {
        storage.withLock { $0 }
    }
}

/// Lets a handler reach a token that only exists once `subscribe` has returned.
private final class TokenBox: Sendable {
    private let storage = Mutex<Subscription?>(nil)

    var token: Subscription? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
