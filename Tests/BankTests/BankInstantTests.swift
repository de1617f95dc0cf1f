import Clocks
import KioskCore
import Testing

@testable import Bank

/// Admission by instant: every customer arriving at one instant is in line before a clerk
/// takes one; at each instant services end, then customers arrive, then clerks take the
/// best grade, then the lowest ticket.
@Suite("Bank admission by instant")
struct BankInstantTests {
    /// The cohort presets (config/presets/) and the built-in bank.
    static let banks: [String] = BankPresets.names + ["built-in"]

    static func setup(_ name: String) throws -> KioskConfig.BankSetup {
        if name == "built-in" { return KioskConfig.builtIn.bank }
        return try #require(try BankPresets.setup(named: name))
    }

    @Test("a batch is all in line before a clerk takes one: the best grade is served first", arguments: banks)
    func batchBestGradeFirst(bank name: String) async throws {
        let setup = try Self.setup(name)
        try await BankFixture.with(setup: setup, seed: 5) { fixture in
            try await fixture.bank.add(customers: 30)
            _ = try await fixture.runUntilIdle()
            let records = await fixture.bank.departedCustomers()
            let rank = Dictionary(uniqueKeysWithValues: setup.grades.enumerated().map { ($1.id, $0) })
            // Among the customers whose first stage started at 0, none waits while a customer
            // of a worse grade (or a higher ticket of the same grade) at the same place is served.
            let firsts = records.compactMap { record in
                record.stages.first.map { (record, $0) }
            }
            for (record, stage) in firsts where stage.start > .zero {
                let placeTakenAtZero = firsts.filter { $0.1.desk == stage.desk && $0.1.start == .zero }
                for (other, _) in placeTakenAtZero {
                    let key = (rank[record.grade] ?? 0, record.ticket)
                    let served = (rank[other.grade] ?? 0, other.ticket)
                    #expect(
                        served < key,
                        "#\(other.ticket) \(other.grade) served at 0 before #\(record.ticket) \(record.grade)")
                }
            }
        }
    }

    @Test(
        "every start and end matches the independent model, for random batches on every bank",
        arguments: banks, 0..<6)
    func batchesMatchTheModel(bank name: String, seed: Int) async throws {
        let setup = try Self.setup(name)
        var random = SplitMix64(seed: UInt64(seed) &* 6_151 &+ 29)
        // Batches at multiples of 100 ms: many arrive at an instant at which services end.
        let batches = (0..<Int.random(in: 1...5, using: &random)).map { _ in
            (
                after: Duration.milliseconds(100 * Int.random(in: 0...12, using: &random)),
                customers: Int.random(in: 1...25, using: &random)
            )
        }
        try await BankFixture.with(setup: setup, seed: UInt64(seed)) { fixture in
            for batch in batches {
                if batch.after > .zero { await fixture.advance(by: batch.after) }
                try await fixture.bank.add(customers: batch.customers)
            }
            _ = try await fixture.runUntilIdle()
            let events = fixture.log.events.modelEvents

            // The bank drew each customer's task and grade: the model takes the same ones.
            let records = await fixture.bank.departedCustomers()
            let taskIndex = Dictionary(uniqueKeysWithValues: setup.tasks.enumerated().map { ($1.id, $0) })
            let gradeIndex = Dictionary(uniqueKeysWithValues: setup.grades.enumerated().map { ($1.id, $0) })
            var model = NetworkModel(setup: setup)
            var ticket = 1
            var now = Duration.zero
            for batch in batches {
                now += batch.after
                let customers = records[(ticket - 1)..<(ticket - 1 + batch.customers)].map { record in
                    (ticket: record.ticket, task: taskIndex[record.task] ?? 0, grade: gradeIndex[record.grade] ?? 0)
                }
                model.arrive(customers, at: now)
                ticket += batch.customers
            }
            model.run()
            #expect(records.count == ticket - 1)
            #expect(events.count == model.events.count)
            for (index, (actual, expected)) in zip(events, model.events).enumerated() where actual != expected {
                Issue.record("event \(index): bank \(actual), model \(expected)")
                break
            }
        }
    }

    @Test("announced customers arriving at one instant are all in line before a clerk takes one")
    func coincidingArrivals() async throws {
        let setup = try Self.setup("2021-05")
        try await BankFixture.with(setup: setup, seed: 9) { fixture in
            // Two commands spread four customers each over 4 s: one of each arrives together at
            // 0, 1, 2 and 3 s (regular #1–#4, VVIP #5–#8).
            try await fixture.bank.add(
                customers: 4, task: BankTask(id: "deposit", name: "Deposit"), grade: BankGrade(id: "regular", name: ""),
                arrivals: .spread(over: .seconds(4)))
            try await fixture.bank.add(
                customers: 4, task: BankTask(id: "deposit", name: "Deposit"), grade: BankGrade(id: "vvip", name: ""),
                arrivals: .spread(over: .seconds(4)))
            _ = try await fixture.runUntilIdle()
            let starts = fixture.log.events.modelEvents.filter { $0.kind == .started && $0.at == .seconds(1) }
            // At 1 s regular #2 and VVIP #6 arrive together: the VVIP is taken first, by clerk 1.
            #expect(starts.map(\.ticket) == [6, 2], "\(starts)")
            #expect(starts.first?.clerk == 1)
        }
    }
}
