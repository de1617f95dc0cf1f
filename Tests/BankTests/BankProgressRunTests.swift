import KioskCore
import Testing

@testable import Bank

/// Where every subscriber takes runs, the bank publishes its progress as runs of records;
/// taken apart, they are the very events a subscriber taking them one by one receives.
@Suite("Bank progress in runs")
struct BankProgressRunTests {
    static let banks: [String] = BankPresets.names + ["built-in"]

    /// Plays out a crowd, arrivals spread over ten minutes and a Poisson stream in virtual
    /// time, and returns every event a subscriber received, runs taken apart, and how many
    /// runs came.
    private func events(bank name: String, takesRuns: Bool) async throws -> (events: [KioskEvent], runs: Int) {
        let setup = try BankInstantTests.setup(name)
        let bus = EventBus<KioskEvent>()
        let mailbox = bus.subscribe(policy: .waiting(Watermarks(high: 1 << 20, low: 0)), takesRuns: takesRuns)
        defer { mailbox.cancel() }
        let bank = Bank(setup: setup, clock: VirtualClock(), bus: bus, random: SplitMix64(seed: 11))
        var events: [KioskEvent] = []
        var runs = 0
        func take() {
            for event in mailbox.drainEvents() {
                if case .bankProgress(let run) = event {
                    runs += 1
                    events += run.events
                } else {
                    events.append(event)
                }
            }
        }
        try await bank.add(customers: 5_000)
        _ = await bank.waitUntilIdle()
        take()
        try await bank.add(customers: 300, arrivals: .spread(over: .seconds(600)))
        try await bank.add(customers: 200, arrivals: .poisson(meanGap: .seconds(2)))
        _ = await bank.waitUntilIdle()
        take()
        return (events, runs)
    }

    @Test("runs taken apart are the events published one by one", arguments: banks)
    func sameEvents(bank name: String) async throws {
        let single = try await events(bank: name, takesRuns: false)
        let runs = try await events(bank: name, takesRuns: true)
        #expect(single.runs == 0)
        #expect(runs.runs > 0)
        #expect(runs.events.count == single.events.count)
        #expect(runs.events == single.events)
    }

    @Test("a bus with a subscriber that takes events one by one gets no runs")
    func mixedSubscribers() async throws {
        let bus = EventBus<KioskEvent>()
        let runs = bus.subscribe(policy: .waiting(Watermarks(high: 1 << 20, low: 0)), takesRuns: true)
        let single = bus.subscribe(policy: .waiting(Watermarks(high: 1 << 20, low: 0)))
        defer {
            runs.cancel()
            single.cancel()
        }
        #expect(!bus.everySubscriberTakesRuns)
        let bank = Bank(
            setup: KioskConfig.builtIn.bank, clock: VirtualClock(), bus: bus, random: SplitMix64(seed: 3))
        try await bank.add(customers: 50)
        _ = await bank.waitUntilIdle()
        let taken = runs.drainEvents()
        #expect(taken.allSatisfy { if case .bankProgress = $0 { false } else { true } })
        #expect(taken == single.drainEvents())
        #expect(taken.count > 100)
    }

    @Test("service events nobody takes are not built, and a mailbox subscribing later receives them")
    func serviceEventsForLaterSubscribers() async throws {
        let bus = EventBus<KioskEvent>()
        let idle = bus.subscribe(
            policy: .waiting(Watermarks(high: 1 << 20, low: 0)),
            accepts: { if case .bankIdle = $0 { true } else { false } })
        defer { idle.cancel() }
        let bank = Bank(
            setup: KioskConfig.builtIn.bank, clock: VirtualClock(), bus: bus, random: SplitMix64(seed: 5))
        try await bank.add(customers: 20)
        _ = await bank.waitUntilIdle()
        #expect(idle.drainEvents().count == 1)

        let later = bus.subscribe(policy: .waiting(Watermarks(high: 1 << 20, low: 0)))
        defer { later.cancel() }
        try await bank.add(customers: 20)
        _ = await bank.waitUntilIdle()
        let events = later.drainEvents()
        let started = events.filter { if case .serviceStarted = $0 { true } else { false } }
        let finished = events.filter { if case .serviceFinished = $0 { true } else { false } }
        #expect(started.count >= 20)
        #expect(finished.count == started.count)
    }
}
