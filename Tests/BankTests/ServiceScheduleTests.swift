import Clocks
import KioskCore
import Testing

@testable import Bank

@Suite("Service schedule")
struct ServiceScheduleTests {
    @Test("services end by end time; equal ends in the order the services started, across desks")
    func order() {
        var schedule = ServiceSchedule()
        schedule.add(desk: 1, clerk: 0, end: .milliseconds(500))
        schedule.add(desk: 0, clerk: 1, end: .milliseconds(300))
        schedule.add(desk: 0, clerk: 0, end: .milliseconds(500))
        schedule.add(desk: 2, clerk: 0, end: .milliseconds(500))
        #expect(schedule.popNext(endingBy: .milliseconds(299)) == nil)
        var ended: [(Int, Int)] = []
        while let entry = schedule.popNext(endingBy: .milliseconds(500)) { ended.append((entry.desk, entry.clerk)) }
        #expect(ended.map(\.0) == [0, 1, 0, 2])
        #expect(ended.map(\.1) == [1, 0, 0, 0])
        #expect(schedule.count == 0)
    }

    @Test(
        "two services ending at the same instant at different desks end in the order they started",
        arguments: 1...10)
    func sameInstantAcrossDesks(round: Int) async throws {
        // Desk "a" comes first in the config, but desk "b"'s first service starts first.
        let desks: [KioskConfig.Desk] = .desks(("a", 1, 500), ("b", 1, 500))
        let a = BankTask(id: "a", name: "A")
        let b = BankTask(id: "b", name: "B")
        try await BankFixture.with(desks, seed: UInt64(round)) { fixture in
            try await fixture.bank.add(customers: 2, task: b)
            try await fixture.bank.add(customers: 2, task: a)
            let tally = try await fixture.runUntilIdle()
            #expect(tally.businessTime == .milliseconds(1_000))
            #expect(
                fixture.log.events == [
                    // Each batch is in line before a clerk takes one.
                    .customerArrived(ticket: 1, task: "b"),
                    .customerArrived(ticket: 2, task: "b"),
                    .serviceStarted(ticket: 1, task: "b", clerk: 1, at: .zero),
                    .customerArrived(ticket: 3, task: "a"),
                    .customerArrived(ticket: 4, task: "a"),
                    .serviceStarted(ticket: 3, task: "a", clerk: 1, at: .zero),
                    // Both services of the instant end, then the clerks take the lowest tickets.
                    .serviceFinished(ticket: 1, task: "b", clerk: 1, at: .milliseconds(500)),
                    .serviceFinished(ticket: 3, task: "a", clerk: 1, at: .milliseconds(500)),
                    .serviceStarted(ticket: 2, task: "b", clerk: 1, at: .milliseconds(500)),
                    .serviceStarted(ticket: 4, task: "a", clerk: 1, at: .milliseconds(500)),
                    .serviceFinished(ticket: 2, task: "b", clerk: 1, at: .milliseconds(1_000)),
                    .serviceFinished(ticket: 4, task: "a", clerk: 1, at: .milliseconds(1_000)),
                    .bankIdle(
                        BankTally(
                            servedByTask: [TaskCount(task: "a", count: 2), TaskCount(task: "b", count: 2)],
                            businessTime: .milliseconds(1_000),
                            waits: [
                                WaitSummary(task: "a", grade: "regular", waits: [0, 500_000_000]),
                                WaitSummary(task: "b", grade: "regular", waits: [0, 500_000_000]),
                            ])),
                ])
        }
    }

    @Test("services end in time order across desks, even when the clock jumps past many of them")
    func timeOrderAcrossDesks() async throws {
        let desks: [KioskConfig.Desk] = .desks(("deposit", 2, 700), ("loan", 1, 1_100), ("fx", 3, 300))
        try await BankFixture.with(desks, seed: 9) { fixture in
            try await fixture.bank.open(customers: 50)
            _ = try await fixture.runUntilIdle()
            let ends = fixture.log.events.compactMap { event -> Duration? in
                if case .serviceFinished(_, _, _, let at, _, _, _) = event { at } else { nil }
            }
            #expect(ends.count == 50)
            #expect(ends == ends.sorted())
        }
    }
}
