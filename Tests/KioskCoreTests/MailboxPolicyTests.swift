import KioskCore
import Synchronization
import Testing

@Suite("Mailbox policies")
struct MailboxPolicyTests {
    // MARK: Dropping

    @Test("a dropping mailbox counts droppable events past capacity and never makes a publisher wait")
    func droppingNeverWaits() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe(policy: .dropping(capacity: 3, droppable: { _ in true }))
        for event in 0..<10 { bus.publish(event) }
        // Returns at once however full the mailbox: this test would hang otherwise.
        await mailbox.waitForRoom()
        #expect(mailbox.waitingPublishers == 0)
        let items = mailbox.drain()
        #expect(items.compactMap(\.event) == [0, 1, 2])
        #expect(items.compactMap(\.skipped) == [7], "the count is visible to the consumer")
        mailbox.cancel()
    }

    // MARK: Waiting

    @Test(
        "a waiting mailbox keeps every event; a publisher waits from the high mark until the consumer drains",
        .timeLimit(.minutes(1)))
    func publisherWaitsAtHighMark() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe(policy: .waiting(Watermarks(high: 4, low: 1)))
        for event in 0..<3 { bus.publish(event) }
        await mailbox.waitForRoom()
        #expect(mailbox.waitingPublishers == 0, "below the high mark a publisher goes on")

        bus.publish(3)
        let publisher = Task { await mailbox.waitForRoom() }
        while mailbox.waitingPublishers == 0 { await Task.yield() }
        // A publisher that does not ask is not held back, and nothing is dropped.
        for event in 4..<1_000 { bus.publish(event) }
        #expect(mailbox.waitingPublishers == 1)

        #expect(mailbox.drainEvents() == Array(0..<1_000))
        await publisher.value
        #expect(mailbox.waitingPublishers == 0)
        mailbox.cancel()
    }

    @Test(
        "cancelling a waiting mailbox lets its publishers go; a cancelled mailbox never holds one",
        .timeLimit(.minutes(1)))
    func cancelReleasesPublishers() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe(policy: .waiting(Watermarks(high: 1, low: 0)))
        bus.publish(1)
        let publishers = (0..<3).map { _ in Task { await mailbox.waitForRoom() } }
        while mailbox.waitingPublishers < publishers.count { await Task.yield() }
        mailbox.cancel()
        for publisher in publishers { await publisher.value }
        #expect(mailbox.waitingPublishers == 0)
        bus.publish(2)
        await mailbox.waitForRoom()
    }

    // MARK: Watermarks

    @Test(
        "between the watermarks a producer waits only if the queue reached the high mark since it was last at the low mark"
    )
    func hysteresis() {
        var room = BackPressure(Watermarks(high: 4, low: 1))
        let answers = [3, 4, 2, 1, 3].map { room.mustWait(queued: $0) }
        // Below the high mark; at it; still above the low mark; at it; below the high mark again.
        #expect(answers == [false, true, true, false, false])
    }

    @Test("a waiting producer resumes once the queue is at the low mark, not before", .timeLimit(.minutes(1)))
    func resumesAtLowMark() async {
        let room = Mutex(BackPressure(Watermarks(high: 4, low: 1)))
        #expect(room.withLock { $0.mustWait(queued: 5) })
        let producer = Task {
            await withCheckedContinuation { continuation in room.withLock { $0.park(continuation) } }
        }
        while room.withLock({ $0.waitingProducers }) == 0 { await Task.yield() }
        #expect(room.withLock { $0.resumable(queued: 3) }.isEmpty)
        #expect(room.withLock { $0.resumable(queued: 2) }.isEmpty)
        let resumable = room.withLock { $0.resumable(queued: 1) }
        #expect(resumable.count == 1)
        for waiting in resumable { waiting.resume() }
        await producer.value
        #expect(room.withLock { $0.waitingProducers } == 0)
    }

    @Test(
        "watermarks are brought into range",
        arguments: [(4, 1, 4, 1), (0, 0, 1, 0), (5, 9, 5, 4), (3, -2, 3, 0)])
    func watermarkRange(high: Int, low: Int, expectedHigh: Int, expectedLow: Int) {
        let marks = Watermarks(high: high, low: low)
        #expect(marks.high == expectedHigh)
        #expect(marks.low == expectedLow)
    }
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
