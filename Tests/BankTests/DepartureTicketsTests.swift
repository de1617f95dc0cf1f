import Testing

@testable import Bank

/// Leaving the bank names whom it sent away: their tickets, as runs per task.
@Suite("Departure tickets")
struct DepartureTicketsTests {
    @Test("tickets gather into runs of consecutive numbers, lowest first, each once")
    func runs() {
        #expect(TaskTickets(task: "loan", tickets: [9, 3, 5, 4, 7, 4]).ranges == [3...5, 7...7, 9...9])
        #expect(TaskTickets(task: "loan", tickets: []).ranges == [])
    }

    @Test("a shutdown names every ticket waiting or in service, per task, and nobody served")
    func shutdownNamesTickets() async throws {
        try await BankFixture.with { fixture in
            try await fixture.bank.add(customers: 4, task: .deposit)
            try await fixture.bank.add(customers: 2, task: .loan)
            // Deposits take 0.7 s with 2 clerks: at 1 s, #1 and #2 are done, #3 and #4 served.
            await fixture.advance(by: .milliseconds(1_000))
            let (cancelled, tickets) = await fixture.bank.shutdownNamingTickets()
            #expect(cancelled.waiting + cancelled.inService == 4)
            #expect(
                tickets == [
                    TaskTickets(task: "deposit", tickets: [3, 4]), TaskTickets(task: "loan", tickets: [5, 6]),
                ])
        }
    }
}
