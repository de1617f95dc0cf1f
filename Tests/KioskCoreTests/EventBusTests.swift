import KioskCore
import Testing

@Suite("EventBus")
struct EventBusTests {
    // MARK: Order

    @Test("a mailbox holds the events in publish order until its consumer drains it")
    func inOrderDelivery() {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe()
        bus.publish(1)
        #expect(mailbox.count == 1)
        #expect(mailbox.drainEvents() == [1])
        #expect(mailbox.drainEvents() == [])
        bus.publish(2)
        bus.publish(3)
        #expect(mailbox.drain().map(\.event) == [2, 3])
        #expect(mailbox.count == 0)
        mailbox.cancel()
    }

    @Test("every mailbox sees the same events in the same order")
    func sameOrderForEveryMailbox() {
        let bus = EventBus<KioskEvent>()
        let first = bus.subscribe()
        let second = bus.subscribe()
        let events: [KioskEvent] = [
            .stockChanged(fruit: "banana", old: 10, new: 8),
            .juiceServed(juice: "banana", count: 1),
            .bankReset,
        ]
        for event in events { bus.publish(event) }
        #expect(first.drainEvents() == events)
        #expect(second.drainEvents() == events)
        first.cancel()
        second.cancel()
    }

    @Test(
        "several publishing threads: every mailbox holds one identical sequence, each publisher's events in its order",
        .timeLimit(.minutes(1)))
    func concurrentPublishers() async {
        let publishers = 8
        let eventsPerPublisher = 10_000
        let total = publishers * eventsPerPublisher
        let bus = EventBus<Stamp>()
        let mailboxes = (0..<3).map { _ in bus.subscribe(capacity: total) }
        // A fourth consumer takes its events while the publishers run, as the transcript does.
        let live = bus.subscribe(capacity: total)
        let liveConsumer = Task {
            var received: [Stamp] = []
            while received.count < total, await live.wait() {
                received += live.drainEvents()
            }
            return received
        }

        let workers = (0..<publishers).map { publisher in
            Worker.start {
                for sequence in 0..<eventsPerPublisher {
                    bus.publish(Stamp(publisher: publisher, sequence: sequence))
                }
            }
        }
        for worker in workers { await worker.value }

        let reference = mailboxes[0].drainEvents()
        #expect(reference.count == total)
        #expect(Set(reference).count == total)
        for mailbox in mailboxes.dropFirst() {
            #expect(firstDifference(mailbox.drainEvents(), reference) == nil, "every mailbox holds one global order")
        }
        #expect(
            firstDifference(await liveConsumer.value, reference) == nil, "draining while publishing changes nothing")
        for publisher in 0..<publishers {
            let sequences = reference.filter { $0.publisher == publisher }.map(\.sequence)
            #expect(sequences == Array(0..<eventsPerPublisher), "publisher \(publisher) kept its order")
        }
        for mailbox in mailboxes + [live] { mailbox.cancel() }
        #expect(bus.subscriberCount == 0)
    }

    @Test(
        "publish(contentsOf:) keeps its run together against a concurrent publisher", .timeLimit(.minutes(1)))
    func runsStayTogether() async {
        let runs = 2_000
        let runLength = 8
        let singles = runs * runLength
        let bus = EventBus<Stamp>()
        let mailbox = bus.subscribe(capacity: 2 * singles)
        let batcher = Worker.start {
            for run in 0..<runs {
                bus.publish(
                    contentsOf: (0..<runLength).map { Stamp(publisher: 0, sequence: run * runLength + $0) })
            }
        }
        let single = Worker.start {
            for sequence in 0..<singles { bus.publish(Stamp(publisher: 1, sequence: sequence)) }
        }
        await batcher.value
        await single.value

        let events = mailbox.drainEvents()
        #expect(events.count == 2 * singles)
        #expect(events.filter { $0.publisher == 1 }.map(\.sequence) == Array(0..<singles))
        var broken: [Int] = []
        for (position, stamp) in events.enumerated() where stamp.publisher == 0 && stamp.sequence % runLength == 0 {
            let run = events[position..<min(events.count, position + runLength)]
            if run.map(\.publisher) != Array(repeating: 0, count: runLength)
                || run.map(\.sequence) != Array(stamp.sequence..<stamp.sequence + runLength)
            {
                broken.append(stamp.sequence / runLength)
            }
        }
        #expect(broken.isEmpty, "runs split by another publisher: \(broken.prefix(10))")
        #expect(events.filter { $0.publisher == 0 }.count == singles)

        bus.publish(contentsOf: [Stamp]())
        #expect(mailbox.count == 0, "an empty run publishes nothing")
        mailbox.cancel()
    }

    // MARK: Liveness and bounds

    @Test(
        "a consumer that never drains never delays a publisher: droppable events beyond capacity are counted",
        .timeLimit(.minutes(1)))
    func stalledConsumerDropsDroppableEvents() async {
        let capacity = 1_000
        let published = 100_000
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe(capacity: capacity, droppable: { _ in true })
        let stuck = Gate()
        let consumer = Worker.start {
            stuck.pass()
            return mailbox.drain()
        }
        let publisher = Worker.start {
            for event in 0..<published { bus.publish(event) }
        }
        // Joins only if publishing never waits for the blocked consumer.
        await publisher.value
        #expect(mailbox.count <= capacity + 1)
        stuck.open()
        let items = await consumer.value

        #expect(items.count <= capacity + 1)
        #expect(
            firstDifference(items.compactMap(\.event), Array(0..<capacity)) == nil,
            "the oldest events are kept, in order")
        let skipped = items.compactMap(\.skipped)
        #expect(skipped == [published - capacity])
        #expect(items.compactMap(\.event).count + skipped.reduce(0, +) == published)
        mailbox.cancel()
    }

    @Test("a publisher on another thread completes while the consumer is blocked", .timeLimit(.minutes(1)))
    func publisherCompletesWhileConsumerBlocked() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe(policy: .waiting(Watermarks(high: 10, low: 5)))
        let stuck = Gate()
        let consumer = Worker.start {
            stuck.pass()
            return mailbox.drainEvents()
        }
        let publisher = Worker.start {
            for event in 0..<10_000 { bus.publish(event) }
            return true
        }
        #expect(await publisher.value)
        stuck.open()
        // Publishing itself never waits: only a publisher that asks for room does, so the
        // mailbox kept every event past its high mark rather than lose one.
        #expect(await consumer.value == Array(0..<10_000))
        mailbox.cancel()
    }

    @Test("non-droppable events are kept past capacity, up to twice it; past that every event is counted")
    func nonDroppableEventsAreKeptToTheLimit() {
        let bus = EventBus<Int>()
        let capacity = 100
        let mailbox = bus.subscribe(capacity: capacity, droppable: { $0 % 2 == 1 })
        let published = 10_000
        for event in 0..<published { bus.publish(event) }
        let items = mailbox.drain()
        let events = items.compactMap(\.event)
        #expect(items.count <= 2 * capacity + 1, "the mailbox is bounded")
        #expect(Array(events.prefix(capacity)) == Array(0..<capacity), "everything is kept while there is room")
        let keptEven = events.filter { $0 % 2 == 0 }
        #expect(keptEven == Array(stride(from: 0, to: 2 * keptEven.count, by: 2)), "the oldest are kept, in order")
        #expect(keptEven.count > capacity / 2 + capacity / 4, "non-droppable events outlast droppable ones")
        #expect(events.filter { $0 % 2 == 1 }.count == capacity / 2, "droppable events are kept while there is room")
        #expect(events.count + items.compactMap(\.skipped).reduce(0, +) == published, "every event is kept or counted")
        #expect(items.last?.skipped != nil, "past the limit, events are counted")
        // Each count of skipped events sits where they were missed: between two kept events.
        for (earlier, later) in zip(items, items.dropFirst()) {
            #expect(!(earlier.skipped != nil && later.skipped != nil), "two skipped counts in a row")
        }

        let tiny = bus.subscribe(capacity: 0)
        for event in 0..<1_000 { bus.publish(event) }
        let tinyItems = tiny.drain()
        #expect(
            tinyItems.compactMap(\.event) == [0, 1], "a capacity is at least 1, and nothing is droppable by default")
        #expect(tinyItems.compactMap(\.skipped) == [998])
        mailbox.cancel()
        tiny.cancel()
    }

    @Test("events a mailbox does not accept never enter it, nor take its room")
    func acceptsFilters() {
        let bus = EventBus<Int>()
        let evens = bus.subscribe(capacity: 5, accepts: { $0 % 2 == 0 }, droppable: { _ in true })
        for event in 0..<10 { bus.publish(event) }
        #expect(evens.drain().map(\.event) == [0, 2, 4, 6, 8])
        evens.cancel()
    }

    // MARK: Waiting

    @Test("wait() returns true at once when an item is queued")
    func waitWithQueuedItem() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe()
        bus.publish(1)
        #expect(await mailbox.wait())
        #expect(await mailbox.wait(), "waiting does not take the item")
        #expect(mailbox.drainEvents() == [1])
        mailbox.cancel()
    }

    @Test("wait() returns true when an item arrives, from this thread or another", .timeLimit(.minutes(1)))
    func waitForArrival() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe()
        let waiter = Task { await mailbox.wait() }
        for _ in 0..<100 { await Task.yield() }
        bus.publish(1)
        #expect(await waiter.value)
        #expect(mailbox.drainEvents() == [1])

        let otherThread = Task { await mailbox.wait() }
        let publisher = Worker.start { bus.publish(2) }
        await publisher.value
        #expect(await otherThread.value)
        #expect(mailbox.drainEvents() == [2])
        mailbox.cancel()
    }

    @Test("a count of skipped events is an item of its own, which wait() reports")
    func skippedCountWakes() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe(capacity: 1, droppable: { _ in true })
        bus.publish(1)
        #expect(mailbox.drainEvents() == [1])
        bus.publish(2)
        bus.publish(3)
        #expect(await mailbox.wait())
        #expect(mailbox.drain().map(\.skipped) == [nil, 1])
        mailbox.cancel()
    }

    @Test("wait() returns false when the mailbox is cancelled", .timeLimit(.minutes(1)))
    func waitEndsOnCancel() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe()
        let waiter = Task { await mailbox.wait() }
        for _ in 0..<100 { await Task.yield() }
        mailbox.cancel()
        #expect(await waiter.value == false)
        #expect(await mailbox.wait() == false, "a cancelled mailbox never waits")
    }

    @Test("wait() returns false when the waiting task is cancelled; the mailbox stays usable", .timeLimit(.minutes(1)))
    func waitEndsOnTaskCancellation() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe()
        let waiter = Task { await mailbox.wait() }
        for _ in 0..<100 { await Task.yield() }
        waiter.cancel()
        #expect(await waiter.value == false)

        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await mailbox.wait()
        }
        #expect(await cancelledFirst.value == false)

        #expect(!mailbox.isCancelled)
        bus.publish(1)
        #expect(await mailbox.wait())
        #expect(mailbox.drainEvents() == [1])
        mailbox.cancel()
    }

    // MARK: Subscribing and leaving

    @Test("a cancelled mailbox stops receiving, drops what it held, and leaves the bus; cancelling twice is harmless")
    func cancelUnsubscribes() {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe()
        let other = bus.subscribe()
        #expect(bus.subscriberCount == 2)
        bus.publish(1)
        mailbox.cancel()
        mailbox.cancel()
        #expect(mailbox.isCancelled)
        #expect(bus.subscriberCount == 1)
        bus.publish(2)
        #expect(mailbox.drainEvents() == [], "not even the events queued before cancelling")
        #expect(mailbox.count == 0)
        #expect(other.drainEvents() == [1, 2], "the other mailbox is not affected")
        other.cancel()
        #expect(bus.subscriberCount == 0)
    }

    @Test("releasing a mailbox unsubscribes it")
    func releasingMailboxUnsubscribes() {
        let bus = EventBus<Int>()
        let keeper = bus.subscribe()
        do {
            let mailbox = bus.subscribe()
            bus.publish(1)
            #expect(bus.subscriberCount == 2)
            #expect(mailbox.drainEvents() == [1])
        }
        #expect(bus.subscriberCount == 1)
        bus.publish(2)
        #expect(keeper.drainEvents() == [1, 2])
        keeper.cancel()
    }

    @Test("a mailbox does not keep its bus alive, and can be cancelled after the bus is gone")
    func mailboxOutlivesBus() {
        var bus: EventBus<Int>? = EventBus<Int>()
        weak let weakBus = bus
        let mailbox = bus?.subscribe()
        bus?.publish(1)
        bus = nil
        #expect(weakBus == nil)
        #expect(mailbox?.drainEvents() == [1])
        mailbox?.cancel()
        #expect(mailbox?.isCancelled == true)
    }

    @Test("a mailbox receives only the events published after it subscribed")
    func lateSubscriber() {
        let bus = EventBus<Int>()
        let early = bus.subscribe()
        bus.publish(1)
        let late = bus.subscribe()
        bus.publish(2)
        #expect(early.drainEvents() == [1, 2])
        #expect(late.drainEvents() == [2])
        early.cancel()
        late.cancel()
    }

    @Test("a consumer may publish while it handles its events: the new events come after, without deadlock")
    func consumerPublishes() {
        let bus = EventBus<Int>()
        let first = bus.subscribe()
        let second = bus.subscribe()
        bus.publish(1)
        var handled: [Int] = []
        var batch = first.drainEvents()
        while !batch.isEmpty {
            for event in batch {
                handled.append(event)
                if event < 3 { bus.publish(event + 1) }
            }
            batch = first.drainEvents()
        }
        #expect(handled == [1, 2, 3])
        #expect(second.drainEvents() == [1, 2, 3])
        first.cancel()
        second.cancel()
    }

    @Test("hasSubscribers follows subscribing, cancelling and releasing mailboxes")
    func hasSubscribers() {
        let bus = EventBus<Int>()
        #expect(!bus.hasSubscribers)
        let kept = bus.subscribe()
        #expect(bus.hasSubscribers)
        do {
            let released = bus.subscribe()
            #expect(bus.subscriberCount == 2)
            released.cancel()
            #expect(bus.subscriberCount == 1)
        }
        do {
            _ = bus.subscribe()
        }
        #expect(bus.subscriberCount == 1)
        #expect(bus.hasSubscribers)
        kept.cancel()
        #expect(!bus.hasSubscribers)
        bus.publish(1)
        #expect(kept.drainEvents() == [])
    }

    @Test("publishing with no subscribers does nothing and leaves the bus usable")
    func publishWithoutSubscribers() {
        let bus = EventBus<Int>()
        bus.publish(1)
        bus.publish(contentsOf: [2, 3])
        #expect(bus.subscriberCount == 0)
        let mailbox = bus.subscribe()
        bus.publish(4)
        #expect(mailbox.drainEvents() == [4])
        mailbox.cancel()
    }
}

/// Where two sequences first differ, if they do: the position and each side's element there
/// (nil past its end), so that a failure reads as one line rather than two long arrays.
private func firstDifference<Element: Equatable>(_ actual: [Element], _ expected: [Element])
    -> (position: Int, actual: Element?, expected: Element?)?
{
    for position in 0..<max(actual.count, expected.count) {
        let left = position < actual.count ? actual[position] : nil
        let right = position < expected.count ? expected[position] : nil
        if left != right { return (position, left, right) }
    }
    return nil
}

/// A publisher's event: who sent it and its place in that publisher's sequence.
private struct Stamp: Sendable, Hashable {
    let publisher: Int
    let sequence: Int
}

extension EventMailbox.Item {
    /// The event, or nil for a count of skipped events.
    fileprivate var event: Event? {
        if case .event(let event) = self { return event }
        return nil
    }

    /// How many events were skipped, or nil for an event.
    fileprivate var skipped: Int? {
        if case .skipped(let count) = self { return count }
        return nil
    }
}
