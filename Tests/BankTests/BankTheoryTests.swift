import KioskCore
import Testing

@testable import Bank

/// The bank in virtual time against queueing theory: long runs with Poisson arrivals must
/// give the mean waits the formulas give.
@Suite("Bank theory")
struct BankTheoryTests {
    static func setup(clerks: Int, serviceTime: Duration, exponential: Bool) -> KioskConfig.BankSetup {
        KioskConfig.BankSetup(
            customers: 1...1,
            places: [KioskConfig.BankPlace(id: "desk", name: "Desk", kind: .desk, clerks: clerks)],
            tasks: [
                KioskConfig.BankRoute(
                    id: "task", name: "Task",
                    stages: [
                        KioskConfig.BankStage(
                            id: "task", place: "desk", serviceTime: serviceTime,
                            timing: exponential ? .exponential : .fixed)
                    ])
            ],
            grades: [])
    }

    /// Runs `customers` Poisson arrivals with `meanGap` through `setup` in virtual time.
    /// - Returns: the mean wait in line, in seconds.
    static func meanWait(_ setup: KioskConfig.BankSetup, customers: Int, meanGap: Duration, seed: UInt64) async throws
        -> Double
    {
        let bank = Bank(
            setup: setup, clock: VirtualClock(), bus: EventBus<KioskEvent>(), random: SplitMix64(seed: seed))
        try await bank.add(customers: customers, arrivals: .poisson(meanGap: meanGap))
        let outcome = await bank.waitUntilIdle()
        guard case .idle(let tally) = outcome else {
            Issue.record("the bank did not become idle: \(outcome)")
            return .nan
        }
        #expect(tally.served == customers)
        let report = await bank.report()
        let waits = try #require(report.waits.first)
        #expect(waits.customers == customers)
        return Double(waits.mean.components.seconds) + Double(waits.mean.components.attoseconds) / 1e18
    }

    /// Erlang C: the mean wait in an M/M/c queue with arrival rate `lambda` and service rate `mu`.
    static func erlangC(servers c: Int, lambda: Double, mu: Double) -> Double {
        let a = lambda / mu
        var term = 1.0
        var sum = 0.0
        for k in 0..<c {
            if k > 0 { term *= a / Double(k) }
            sum += term
        }
        let last = term * a / Double(c) * Double(c) / (Double(c) - a)
        let waiting = last / (sum + last)
        return waiting / (Double(c) * mu - lambda)
    }

    @Test("M/M/2 at load 0.8: the mean wait is within 5% of Erlang C's")
    func erlang() async throws {
        // Service 1 s on average, arrivals 1.6 a second: load 1.6 / 2 = 0.8.
        let expected = Self.erlangC(servers: 2, lambda: 1.6, mu: 1)
        #expect(abs(expected - 16.0 / 9.0) < 1e-9)
        let measured = try await Self.meanWait(
            Self.setup(clerks: 2, serviceTime: .seconds(1), exponential: true), customers: 300_000,
            meanGap: .milliseconds(625), seed: 2_021)
        #expect(abs(measured - expected) / expected < 0.05, "measured \(measured) s, Erlang C \(expected) s")
    }

    @Test("M/D/1 at load 0.8: the mean wait is within 5% of Pollaczek–Khinchine's")
    func pollaczekKhinchine() async throws {
        // Service exactly 1 s, arrivals 0.8 a second: Wq = ρ / (2 μ (1 − ρ)) = 2 s.
        let rho = 0.8
        let expected = rho / (2 * 1 * (1 - rho))
        let measured = try await Self.meanWait(
            Self.setup(clerks: 1, serviceTime: .seconds(1), exponential: false), customers: 300_000,
            meanGap: .milliseconds(1_250), seed: 2_021)
        #expect(abs(measured - expected) / expected < 0.05, "measured \(measured) s, Pollaczek–Khinchine \(expected) s")
    }

    @Test("customers added over a window arrive evenly spread, at their exact instants")
    func spreadArrivals() async throws {
        let bus = EventBus<KioskEvent>()
        let mailbox = bus.subscribe()
        defer { mailbox.cancel() }
        let bank = Bank(
            setup: Self.setup(clerks: 1, serviceTime: .milliseconds(100), exponential: false), clock: VirtualClock(),
            bus: bus, random: SplitMix64(seed: 1))
        try await bank.add(customers: 4, arrivals: .spread(over: .seconds(2)))
        guard case .idle(let tally) = await bank.waitUntilIdle() else {
            Issue.record("the bank did not become idle")
            return
        }
        let starts = mailbox.drainEvents().compactMap { event -> Duration? in
            if case .serviceStarted(_, _, _, let at, _, _, _) = event { at } else { nil }
        }
        #expect(starts == [.zero, .milliseconds(500), .seconds(1), .milliseconds(1_500)])
        #expect(tally.businessTime == .milliseconds(1_600))
    }
}
