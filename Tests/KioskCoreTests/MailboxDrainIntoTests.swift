import KioskCore
import Testing

@Suite("EventMailbox drain(into:)")
struct MailboxDrainIntoTests {
    @Test("drains into the given array, oldest first, replacing what it held, and hands its room to the queue")
    func drainsInto() {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe()
        defer { mailbox.cancel() }
        var items: [EventMailbox<Int>.Item] = []
        mailbox.drain(into: &items)
        #expect(items.isEmpty)
        bus.publish(contentsOf: [1, 2, 3])
        mailbox.drain(into: &items)
        #expect(items.map(\.event) == [1, 2, 3])
        #expect(mailbox.count == 0)
        // Left over from the last drain: replaced, not added to.
        bus.publish(4)
        mailbox.drain(into: &items)
        #expect(items.map(\.event) == [4])
        items.removeAll(keepingCapacity: true)
        mailbox.drain(into: &items)
        #expect(items.isEmpty)
    }

    @Test("a drain into an array lets a publisher waiting for room go on, as drain() does")
    func resumesWaitingPublishers() async {
        let bus = EventBus<Int>()
        let mailbox = bus.subscribe(policy: .waiting(Watermarks(high: 2, low: 1)))
        defer { mailbox.cancel() }
        bus.publish(contentsOf: [1, 2, 3])
        async let waited: Void = mailbox.waitForRoom()
        var items: [EventMailbox<Int>.Item] = []
        while mailbox.count > 0 { mailbox.drain(into: &items) }
        await waited
        #expect(items.map(\.event) == [1, 2, 3])
    }
}

extension EventMailbox.Item {
    fileprivate var event: Event? {
        if case .event(let event) = self { event } else { nil }
    }
}
