import KioskCore
import Testing

@testable import Bank

@Suite("Bank report")
struct BankReportTests {
    @Test("waits per task and grade and utilisation per desk, from the customers who left")
    func classicReport() async throws {
        try await BankFixture.with(.classic) { fixture in
            #expect(await fixture.bank.report().waits.isEmpty)
            try await fixture.bank.add(customers: 3, task: .deposit)
            try await fixture.bank.add(customers: 1, task: .loan)
            _ = try await fixture.runUntilIdle()
            let report = await fixture.bank.report()
            // Deposits #1 and #2 start at once, #3 waits for the first clerk: 0.7 s.
            #expect(report.waits.count == 2)
            let deposit = try #require(report.waits.first)
            #expect(deposit.task == "deposit")
            #expect(deposit.grade == "regular")
            #expect(deposit.customers == 3)
            #expect(deposit.mean == .nanoseconds(233_333_333))
            #expect(deposit.median == .zero)
            #expect(deposit.p95 == .milliseconds(700))
            #expect(deposit.longest == .milliseconds(700))
            #expect(report.businessTime == .milliseconds(1_400))
            // Deposit: 2.1 s of clerk time over 2 clerks × 1.4 s; loan: 1.1 s over 1.4 s.
            #expect(report.utilisation.map(\.busy) == [.milliseconds(2_100), .milliseconds(1_100)])
            #expect(report.utilisation.map { ($0.share * 1_000).rounded() } == [750, 786])
        }
    }

    @Test("a clerk held through the review counts as busy; the wait at the head office counts as a wait")
    func headOfficeReport() async throws {
        try await BankFixture.with(setup: BankNetworkTests.headOffice) { fixture in
            let loan = BankTask(id: "loan", name: "Loan")
            try await fixture.bank.add(customers: 4, task: loan, grade: BankGrade(id: "vip", name: "VIP"))
            _ = try await fixture.runUntilIdle()
            let report = await fixture.bank.report()
            let waits = try #require(report.waits.first)
            // From the hand-checked run: #1 waits 0, #2 0.5 s (review), #3 1.0 s (review),
            // #4 1.1 s (documents) + 0.4 s (review).
            #expect(waits.customers == 4)
            #expect(waits.longest == .milliseconds(1_500))
            #expect(waits.mean == .milliseconds(750))
            // Counter: #1 0–1.1, #2 0–1.6, #3 0–2.1, #4 1.1–2.6 → 6.3 s; the head office reviews 2 s.
            #expect(report.utilisation.map(\.busy) == [.milliseconds(6_300), .milliseconds(2_000)])
        }
    }
}

@Suite("Bank capacity")
struct BankCapacityTests {
    @Test("the bank holds at most its capacity at once, and says how many more it takes")
    func capacity() async throws {
        let bank = Bank(
            setup: KioskConfig.BankSetup(customers: 1...1, desks: .classic), clock: VirtualClock(),
            bus: EventBus<KioskEvent>(), random: SplitMix64(seed: 1), capacity: 100)
        try await bank.add(customers: 60)
        try await bank.add(customers: 30, arrivals: .spread(over: .seconds(60)))
        await #expect(throws: BankError.bankFull(present: 90, adding: 11, capacity: 100)) {
            try await bank.add(customers: 11)
        }
        try await bank.add(customers: 10)
        _ = await bank.waitUntilIdle()
        // Once served, they make room again.
        try await bank.add(customers: 100)
        #expect(Bank.capacity == 4_000_000)
    }
}

@Suite("Bank memory")
struct BankMemoryTests {
    @Test("a waiting customer takes 32 bytes in its line")
    func visitorSize() {
        #expect(MemoryLayout<Visitor>.stride == 32)
    }
}
