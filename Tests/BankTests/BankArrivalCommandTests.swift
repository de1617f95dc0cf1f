import KioskCore
import Testing

@testable import Bank

/// `bank add N --over DURATION` and `bank add N --rate N/UNIT`, parsed and run.
@Suite("Bank arrivals over time, from the command line")
struct BankArrivalCommandTests {
    /// Runs `line` against a fresh classic bank in virtual time until it is idle.
    /// - Returns: the arrival instants of the customers, in ticket order.
    private func arrivals(_ line: String, seed: UInt64 = 1) async throws -> [Duration] {
        let bank = Bank(
            setup: KioskConfig.BankSetup(customers: 1...1, desks: .classic), clock: VirtualClock(),
            bus: EventBus<KioskEvent>(), random: SplitMix64(seed: seed))
        var registry = CommandRegistry()
        registry.register(contentsOf: bank.commands())
        let invocation = try #require(try registry.parse(line))
        guard case .perform(let run) = invocation.command.action else {
            Issue.record("'\(line)' is not a command that runs")
            return []
        }
        let outcome = try await run(invocation)
        guard let bankOutcome = outcome as? BankOutcome, case .admission(let admission) = bankOutcome else {
            Issue.record("'\(line)' gave \(outcome)")
            return []
        }
        #expect(
            admission.customers == (try invocation[ArgumentKey.optional("customers", .integer(Bank.admissionRange))]))
        _ = await bank.waitUntilIdle()
        return await bank.departedCustomers().map(\.arrival)
    }

    @Test("--over spreads the customers evenly: the first now, then one every window ÷ count")
    func spread() async throws {
        #expect(
            try await arrivals("bank add 4 --over 2s")
                == [.zero, .milliseconds(500), .seconds(1), .milliseconds(1_500)])
        #expect(try await arrivals("bank add 3 --over=1.5m") == [.zero, .seconds(30), .seconds(60)])
    }

    @Test("--rate draws Poisson arrivals from the seed: the same seed, the same instants; the mean gap holds")
    func poisson() async throws {
        let first = try await arrivals("bank add 2000 --rate 60/min", seed: 9)
        #expect(first == (try await arrivals("bank add 2000 --rate 60/min", seed: 9)))
        #expect(first != (try await arrivals("bank add 2000 --rate 60/min", seed: 10)))
        #expect(zip(first, first.dropFirst()).allSatisfy { $0 <= $1 })
        // 2,000 gaps of mean 1 s: their mean is within 10% of it (about 4.5 standard errors).
        let last = try #require(first.last)
        let meanGap = Double(last.components.seconds) / Double(first.count)
        #expect(abs(meanGap - 1) < 0.1, "mean gap \(meanGap) s")
        #expect(try #require(first.first) > .zero)
    }

    @Test("--over and --rate together are refused, and nobody is admitted")
    func conflicting() async throws {
        let bank = Bank(
            setup: KioskConfig.BankSetup(customers: 1...1, desks: .classic), clock: VirtualClock(),
            bus: EventBus<KioskEvent>(), random: SplitMix64(seed: 1))
        var registry = CommandRegistry()
        registry.register(contentsOf: bank.commands())
        let invocation = try #require(try registry.parse("bank add 3 --over 1m --rate 2/min"))
        guard case .perform(let run) = invocation.command.action else {
            Issue.record("bank add does not run")
            return
        }
        await #expect(
            throws: ParseError.conflictingArguments("--over", "--rate", usage: invocation.spec.usage)
        ) { try await run(invocation) }
        let occupancy = await bank.occupancy()
        #expect(occupancy.waiting == 0 && occupancy.inService == 0)
        #expect(await bank.departedCustomers().isEmpty)
    }

    @Test(
        "the bounds: a millisecond to a week for --over, one an hour to a million a second for --rate",
        arguments: [
            ("bank add 1 --over 0ms", "--over"), ("bank add 1 --over 169h", "--over"),
            ("bank add 1 --rate 0.5/h", "--rate"), ("bank add 1 --rate 1000001/s", "--rate"),
            ("bank add 1 --rate 1e7/s", "--rate"), ("bank add 1 --rate 1e12/h", "--rate"),
        ])
    func bounds(line: String, option: String) async throws {
        let bank = Bank(
            setup: KioskConfig.BankSetup(customers: 1...1, desks: .classic), clock: VirtualClock(),
            bus: EventBus<KioskEvent>())
        var registry = CommandRegistry()
        registry.register(contentsOf: bank.commands())
        #expect {
            try registry.parse(line)
        } throws: { error in
            switch error as? ParseError {
            case .durationOutOfRange(let name, _, let range)?: name == option && range == Bank.arrivalWindows
            case .rateOutOfRange(let name, _, let range)?: name == option && range == Bank.arrivalRates
            default: false
            }
        }
        #expect(try registry.parse("bank add 1 --over 168h") != nil)
        #expect(try registry.parse("bank add 1 --rate 1/h") != nil)
        #expect(try registry.parse("bank add 1 --rate 1000000/s") != nil)
    }
}
