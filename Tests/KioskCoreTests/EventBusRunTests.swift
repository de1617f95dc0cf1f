import KioskCore
import Testing

@Suite("EventBus runs")
struct EventBusRunTests {
    private static let names = BankProgress.Names(
        services: [BankProgress.Service(task: "deposit", stage: "deposit", grade: "regular", desk: "deposit")],
        tasks: ["deposit"])

    private static func run(_ tickets: ClosedRange<Int>) -> BankProgress {
        var run = BankProgress(names: names)
        for ticket in tickets {
            run.append(.arrived, ticket: ticket, name: 0, clerk: 0, at: .zero)
            run.append(.started, ticket: ticket, name: 0, clerk: 2, at: .milliseconds(ticket))
        }
        return run
    }

    @Test("a run's records stand for the events they name, in order")
    func recordsToEvents() {
        #expect(
            Self.run(7...8).events == [
                .customerArrived(ticket: 7, task: "deposit"),
                .serviceStarted(
                    ticket: 7, task: "deposit", clerk: 2, at: .milliseconds(7), stage: "deposit", grade: "regular",
                    desk: "deposit"),
                .customerArrived(ticket: 8, task: "deposit"),
                .serviceStarted(
                    ticket: 8, task: "deposit", clerk: 2, at: .milliseconds(8), stage: "deposit", grade: "regular",
                    desk: "deposit"),
            ])
    }

    @Test("a mailbox that takes runs gets the run; any other gets its events, in their place")
    func runsAndEvents() {
        let bus = EventBus<KioskEvent>()
        let taker = bus.subscribe(policy: .waiting(Watermarks(high: 100, low: 0)), takesRuns: true)
        #expect(bus.everySubscriberTakesRuns)
        let other = bus.subscribe(accepts: { if case .customerArrived = $0 { false } else { true } })
        #expect(!bus.everySubscriberTakesRuns)
        let run = Self.run(1...2)
        bus.publish(.bankReset)
        bus.publish(run: .bankProgress(run), weight: run.count) { run.events }
        bus.publish(.bankReset)
        #expect(taker.drainEvents() == [.bankReset, .bankProgress(run), .bankReset])
        // The other mailbox takes no arrivals: only the run's two starts.
        #expect(other.drainEvents() == [.bankReset, run.events[1], run.events[3], .bankReset])
        other.cancel()
        #expect(bus.everySubscriberTakesRuns)
        taker.cancel()
        #expect(!bus.everySubscriberTakesRuns)
    }

    @Test("a paced mailbox counts a run as its events: the publisher waits until it is drained")
    func runWeight() async {
        let bus = EventBus<KioskEvent>()
        let mailbox = bus.subscribe(policy: .waiting(Watermarks(high: 10, low: 2)), takesRuns: true)
        defer { mailbox.cancel() }
        let run = Self.run(1...6)
        bus.publish(run: .bankProgress(run), weight: run.count) { run.events }
        #expect(mailbox.count == 1)
        let publisher = Task { await mailbox.waitForRoom() }
        var polls = 0
        while mailbox.waitingPublishers == 0, polls < 100_000 {
            await Task.yield()
            polls += 1
        }
        #expect(mailbox.waitingPublishers == 1)
        #expect(mailbox.drain().count == 1)
        await publisher.value
        #expect(mailbox.waitingPublishers == 0)
    }
}
