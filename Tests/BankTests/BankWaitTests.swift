import Clocks
import KioskCore
import Testing

@testable import Bank

@Suite("Bank wait")
struct BankWaitTests {
    @Test("waiting on an idle bank returns at once and says so")
    func waitWhenIdle() async throws {
        try await BankFixture.with { fixture in
            let outcome = await fixture.bank.waitUntilIdle()
            #expect(
                outcome
                    == .alreadyIdle(
                        BankTally(
                            servedByTask: [TaskCount(task: "deposit", count: 0), TaskCount(task: "loan", count: 0)],
                            businessTime: .zero)))
        }
    }

    @Test("cancelling the wait stops the waiting, not the bank")
    func cancelledWait() async throws {
        try await BankFixture.with { fixture in
            try await fixture.bank.add(customers: 4, task: .loan)
            let waiter = Task { await fixture.bank.waitUntilIdle() }
            waiter.cancel()
            #expect(await waiter.value == .interrupted(waiting: 3, inService: 1))
            #expect(await fixture.bank.isOpen)
            let tally = try await fixture.runUntilIdle()
            #expect(tally.served == 4)
        }
    }

    @Test("a wait in progress ends when the bank becomes idle, with its tally")
    func waitEndsAtIdle() async throws {
        try await BankFixture.with { fixture in
            try await fixture.bank.add(customers: 3, task: .deposit)
            let waiter = Task { await fixture.bank.waitUntilIdle() }
            // The waiter must be waiting before the bank idles, or it finds it already idle.
            try await yieldUntil("the waiter to wait") { await !fixture.bank.idleWaiters.isEmpty }
            await fixture.advance(by: .seconds(10))
            let expected = BankTally(
                servedByTask: [TaskCount(task: "deposit", count: 3), TaskCount(task: "loan", count: 0)],
                businessTime: .milliseconds(1_400),
                // Two clerks: #1 and #2 are served at once, #3 waits 0.7 s.
                waits: [WaitSummary(task: "deposit", grade: "regular", waits: [0, 0, 700_000_000])])
            #expect(await waiter.value == .idle(expected))
        }
    }

    @Test("a reset during a wait ends it")
    func resetDuringWait() async throws {
        try await BankFixture.with { fixture in
            try await fixture.bank.add(customers: 3, task: .loan)
            let waiter = Task { await fixture.bank.waitUntilIdle() }
            try await yieldUntil("the waiter to wait") { await !fixture.bank.idleWaiters.isEmpty }
            await fixture.bank.reset()
            #expect(await waiter.value == .reset)
        }
    }
}
