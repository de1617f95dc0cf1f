import Clocks
import KioskCore
import Testing

@testable import Bank

/// A bank on a manual clock with its clerks running and its events recorded.
///
/// Time only moves when a test advances the clock. Services end at planned instants,
/// so advancing straight past many of them gives the same events as stepping through.
struct BankFixture {
    let bank: Bank
    let clock: TestClock<Duration>
    let log: EventLog

    /// Runs `body` with a fresh bank whose clerks run for the duration of the call.
    static func with(
        _ desks: [KioskConfig.Desk] = .classic, customers: ClosedRange<Int> = 10...30, seed: UInt64 = 1,
        sessions: (any BankSessionLog)? = nil, _ body: (BankFixture) async throws -> Void
    ) async throws {
        try await with(
            setup: KioskConfig.BankSetup(customers: customers, desks: desks), seed: seed, sessions: sessions, body)
    }

    /// Runs `body` with a fresh bank of `setup`, recording its sessions in `sessions`, whose
    /// clerks run for the duration of the call.
    static func with(
        setup: KioskConfig.BankSetup, seed: UInt64 = 1, sessions: (any BankSessionLog)? = nil,
        _ body: (BankFixture) async throws -> Void
    ) async throws {
        let clock = TestClock()
        let bus = EventBus<KioskEvent>()
        let log = EventLog(bus: bus)
        defer { log.cancel() }
        let bank = Bank(setup: setup, clock: clock, bus: bus, random: SplitMix64(seed: seed), sessions: sessions)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await bank.run() }
            try await body(BankFixture(bank: bank, clock: clock, log: log))
            group.cancelAll()
        }
    }

    /// Moves the clock on by `duration`, then waits until every clerk has reacted.
    /// Pick instants between service ends: a manual clock resumes a sleeper only on a
    /// later advance if it registers exactly at the current instant.
    func advance(by duration: Duration) async {
        await bank.settled()
        await clock.advance(by: duration)
        await bank.settled()
    }

    /// Lets the clock run until the bank is idle.
    /// - Returns: the tally the bank published when it became idle.
    func runUntilIdle(sourceLocation: SourceLocation = #_sourceLocation) async throws -> BankTally {
        await bank.settled()
        await clock.advance(by: .seconds(1_000_000))
        let outcome = await bank.waitUntilIdle()
        switch outcome {
        case .idle(let tally), .alreadyIdle(let tally):
            return tally
        default:
            Issue.record("expected the bank to become idle, got \(outcome)", sourceLocation: sourceLocation)
            throw FixtureError.notIdle
        }
    }

    enum FixtureError: Error { case notIdle }
}

extension BankTask {
    static let deposit = BankTask(id: "deposit", name: "Deposit")
    static let loan = BankTask(id: "loan", name: "Loan")
}

extension KioskConfig.Desk {
    /// The task this desk serves, as the bank names it.
    var bankTask: BankTask { BankTask(id: task, name: name) }
}

extension [KioskConfig.Desk] {
    /// The classic bank: deposit 0.7 s with 2 clerks, loan 1.1 s with 1 clerk.
    static let classic = [
        KioskConfig.Desk(task: "deposit", name: "Deposit", clerks: 2, serviceTime: .milliseconds(700)),
        KioskConfig.Desk(task: "loan", name: "Loan", clerks: 1, serviceTime: .milliseconds(1_100)),
    ]

    static func desks(_ specs: (task: String, clerks: Int, milliseconds: Int)...) -> [KioskConfig.Desk] {
        specs.map {
            KioskConfig.Desk(
                task: $0.task, name: $0.task.capitalized, clerks: $0.clerks, serviceTime: .milliseconds($0.milliseconds)
            )
        }
    }
}

extension String {
    fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
