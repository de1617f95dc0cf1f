import Clocks
import Foundation
import KioskCore
import Synchronization
import Testing

@testable import Bank

@Suite("Bank history")
struct BankHistoryTests {
    static let tally = BankTally(
        servedByTask: [TaskCount(task: "deposit", count: 2), TaskCount(task: "loan", count: 1)],
        businessTime: .milliseconds(1_400))

    /// A wall clock that reads 1000 s, 1001 s, ... after the epoch, one second more per reading.
    final class SteppingWallClock: Sendable {
        private let seconds = Mutex(1_000.0)

        func now() -> Date {
            seconds.withLock { seconds in
                defer { seconds += 1 }
                return Date(timeIntervalSince1970: seconds)
            }
        }
    }

    @Test("a session opens at the first arrival and takes each idle's tally and stamp")
    func opensOnArrival() {
        let clock = SteppingWallClock()
        let log = InMemoryBankSessionLog(now: clock.now)
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        log.record(.customerArrived(ticket: 2, task: "loan"))
        log.record(.serviceStarted(ticket: 1, task: "deposit", clerk: 1, at: .zero))
        log.record(.bankIdle(Self.tally))
        #expect(
            log.latest(10) == [
                BankSessionRecord(
                    id: 1, opened: Date(timeIntervalSince1970: 1_000), idle: Date(timeIntervalSince1970: 1_001),
                    ended: nil, servedByTask: Self.tally.servedByTask, businessTime: .milliseconds(1_400))
            ])
        #expect(log.latest(10).first?.served == 3)
        #expect(log.lastError == nil)
    }

    @Test("an idle with no session open opens one, stamped opened and idle at that moment")
    func opensOnIdleWithoutArrival() {
        let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
        log.record(.bankIdle(Self.tally))
        let stamp = Date(timeIntervalSince1970: 1_000)
        #expect(
            log.latest(10) == [
                BankSessionRecord(
                    id: 1, opened: stamp, idle: stamp, ended: nil, servedByTask: Self.tally.servedByTask,
                    businessTime: .milliseconds(1_400))
            ])
    }

    @Test("reset ends a session; the next customer opens a new one; quitting ends that")
    func resetCloses() {
        let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        log.record(.bankReset)
        log.record(.bankReset)
        log.record(.customerArrived(ticket: 1, task: "loan"))
        log.close(reason: .quit)
        log.close(reason: .reset)
        let sessions = log.latest(10)
        #expect(sessions.map(\.id) == [2, 1])
        #expect(sessions.map(\.ended) == ["quit", "reset"])
        #expect(log.latest(1).map(\.id) == [2])
        #expect(log.latest(0).isEmpty)
    }

    @Test("'bank history' lists the sessions the bank's own events recorded, newest first")
    func historyCommand() async throws {
        try await BankFixture.with { fixture in
            let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
            var registry = CommandRegistry()
            registry.register(contentsOf: fixture.bank.commands(history: log))
            try await fixture.bank.add(customers: 2, task: .deposit)
            let first = try await fixture.runUntilIdle()
            await fixture.bank.reset()
            try await fixture.bank.add(customers: 1, task: .loan)
            let second = try await fixture.runUntilIdle()
            for event in fixture.log.events { log.record(event) }

            guard case .history(let history) = try await registry.run("bank history") else {
                Issue.record("'bank history' gave no history")
                return
            }
            #expect(history.recordingFailure == nil)
            #expect(history.sessions.map(\.id) == [2, 1])
            #expect(history.sessions.map(\.ended) == [nil, "reset"])
            #expect(history.sessions.map(\.servedByTask) == [second.servedByTask, first.servedByTask])
            #expect(history.sessions.map(\.businessTime) == [.milliseconds(1_100), .milliseconds(700)])
            guard case .history(let latest) = try await registry.run("bank history 1") else {
                Issue.record("'bank history 1' gave no history")
                return
            }
            #expect(latest.sessions.map(\.id) == [2])
        }
    }

    @Test("'bank history' takes a count from 1 to 1000", arguments: ["0", "1001"])
    func historyCountRange(count: String) async throws {
        try await BankFixture.with { fixture in
            var registry = CommandRegistry()
            registry.register(contentsOf: fixture.bank.commands(history: InMemoryBankSessionLog()))
            #expect(throws: ParseError.outOfRange(name: "count", given: count, range: 1...1_000)) {
                try registry.parse("bank history \(count)")
            }
        }
    }

    @Test("a log that failed to record shows its failure beside the sessions")
    func recordingFailure() async throws {
        try await BankFixture.with { fixture in
            var registry = CommandRegistry()
            registry.register(contentsOf: fixture.bank.commands(history: FailingLog()))
            guard case .history(let history) = try await registry.run("bank history") else {
                Issue.record("'bank history' gave no history")
                return
            }
            #expect(history.sessions.isEmpty)
            #expect(history.recordingFailure?.code == "disk_full")
        }
    }

    /// A log whose writes all failed.
    struct FailingLog: BankSessionLog {
        struct DiskFull: KioskError {
            var code: String { "disk_full" }
        }

        func record(_ event: KioskEvent) {}
        func close(reason: BankSessionEnd) {}
        func latest(_ count: Int) throws -> [BankSessionRecord] { [] }
        var lastError: (any KioskError)? { DiskFull() }
    }
}
