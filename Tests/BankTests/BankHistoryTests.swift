import Clocks
import Dispatch
import Foundation
import KioskCore
import Synchronization
import Testing

@testable import Bank

/// The session policy, in one place: the bank decides when a session opens, takes a tally
/// and ends, and its recorder writes that to the log, on a thread of its own.
@Suite("Bank history")
struct BankHistoryTests {
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

    static func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test("a session opens with the first admission and takes each idle's tally and stamp")
    func opensOnAdmission() async throws {
        let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
        try await BankFixture.with(sessions: log) { fixture in
            try await fixture.bank.add(customers: 2, task: .deposit)
            try await fixture.bank.add(customers: 1, task: .loan)
            let tally = try await fixture.runUntilIdle()
            await fixture.bank.sessionsRecorded()
            #expect(
                log.latest(10) == [
                    BankSessionRecord(
                        id: 1, opened: Self.date(1_000), idle: Self.date(1_001), ended: nil,
                        servedByTask: tally.servedByTask, businessTime: .milliseconds(1_100))
                ])
            #expect(log.latest(10).first?.served == 3)
            #expect(fixture.bank.sessions?.lastError == nil)
        }
    }

    @Test("going idle does not end the session: customers admitted later are served in it")
    func idleKeepsTheSession() async throws {
        let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
        try await BankFixture.with(sessions: log) { fixture in
            try await fixture.bank.add(customers: 1, task: .deposit)
            _ = try await fixture.runUntilIdle()
            try await fixture.bank.add(customers: 1, task: .loan)
            let tally = try await fixture.runUntilIdle()
            await fixture.bank.sessionsRecorded()
            let sessions = log.latest(10)
            #expect(sessions.map(\.id) == [1])
            #expect(sessions.first?.served == 2)
            #expect(sessions.first?.servedByTask == tally.servedByTask)
            // Opened at 1000, idle at 1001, idle again at 1002.
            #expect(sessions.first?.idle == Self.date(1_002))
        }
    }

    @Test("a bank that admits nobody starts no recording thread, even when it quits")
    func noThreadWithoutRecords() async throws {
        let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
        try await BankFixture.with(sessions: log) { fixture in
            await fixture.bank.shutdown()
            await fixture.bank.sessionsRecorded()
            #expect(fixture.bank.sessions?.thread.threadsStarted == 0)
            #expect(log.latest(10).isEmpty)
            // The first admission starts it, and quitting still waits for every write.
            try await fixture.bank.add(customers: 1, task: .deposit)
            await fixture.bank.shutdown()
            await fixture.bank.sessionsRecorded()
            #expect(fixture.bank.sessions?.thread.threadsStarted ?? 0 >= 1)
            #expect(log.latest(10).map(\.ended) == [.quit])
        }
    }

    @Test("reset ends a session; the next admission opens a new one; quitting ends that")
    func resetAndQuitEnd() async throws {
        let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
        try await BankFixture.with(sessions: log) { fixture in
            try await fixture.bank.add(customers: 1, task: .deposit)
            await fixture.bank.reset()
            await fixture.bank.reset()
            try await fixture.bank.add(customers: 1, task: .loan)
            await fixture.bank.shutdown()
            await fixture.bank.shutdown()
            await fixture.bank.sessionsRecorded()
            let sessions = log.latest(10)
            #expect(sessions.map(\.id) == [2, 1])
            #expect(sessions.map(\.ended) == [.quit, .reset])
        }
    }

    @Test("a stop before idle stores what was served so far, without an idle stamp")
    func stopKeepsTheTallySoFar() async throws {
        let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
        try await BankFixture.with(sessions: log) { fixture in
            try await fixture.bank.add(customers: 4, task: .deposit)
            // Two clerks at 0.7 s: two served by 1 s, two in service.
            await fixture.advance(by: .seconds(1))
            await fixture.bank.reset()
            await fixture.bank.sessionsRecorded()
            let session = try #require(log.latest(1).first)
            #expect(session.ended == .reset)
            #expect(session.served == 2)
            #expect(session.businessTime == .seconds(1))
            #expect(session.idle == nil)
        }
    }

    @Test("a refused admission opens no session, and a bank never used records none")
    func refusedAdmissionOpensNothing() async throws {
        let log = InMemoryBankSessionLog()
        try await BankFixture.with(sessions: log) { fixture in
            await #expect(throws: BankError.customerCountOutOfRange(0)) {
                try await fixture.bank.add(customers: 0)
            }
            await fixture.bank.reset()
            await fixture.bank.shutdown()
            await fixture.bank.sessionsRecorded()
            #expect(log.latest(10).isEmpty)
        }
    }

    @Test("every write runs on the recording thread, never on the cooperative pool")
    func writesRunOnTheirOwnThread() async throws {
        let log = WatchedLog()
        try await BankFixture.with(sessions: log) { fixture in
            try await fixture.bank.add(customers: 1, task: .deposit)
            _ = try await fixture.runUntilIdle()
            await fixture.bank.shutdown()
            await fixture.bank.sessionsRecorded()
            #expect(log.calls == ["open", "update idle", "close quit"])
            #expect(log.threads == ["recording"])
        }
    }

    @Test("the bank goes on while a write is stuck: nothing waits for the log but a read", .timeLimit(.minutes(10)))
    func bankDoesNotWaitForWrites() async throws {
        let log = WatchedLog(blocksOpen: true)
        try await BankFixture.with(sessions: log) { fixture in
            try await fixture.bank.add(customers: 2, task: .deposit)
            _ = try await fixture.runUntilIdle()
            await fixture.bank.reset()
            #expect(await fixture.bank.status().served == 0)
            #expect(log.calls.isEmpty)
            log.release()
            await fixture.bank.sessionsRecorded()
            #expect(log.calls == ["open", "update idle", "close reset"])
        }
    }

    @Test("'bank history' reads after the writes before it, and shows the open session live")
    func historyCommand() async throws {
        let log = InMemoryBankSessionLog(now: SteppingWallClock().now)
        try await BankFixture.with(sessions: log) { fixture in
            var registry = CommandRegistry()
            registry.register(contentsOf: fixture.bank.commands())
            try await fixture.bank.add(customers: 2, task: .deposit)
            let first = try await fixture.runUntilIdle()
            await fixture.bank.reset()
            try await fixture.bank.add(customers: 3, task: .deposit)
            // 0.7 s into the second session: two served, one in service, nothing stored yet.
            await fixture.advance(by: .milliseconds(800))

            guard case .history(let history) = try await registry.run("bank history") else {
                Issue.record("'bank history' gave no history")
                return
            }
            #expect(history.recordingFailure == nil)
            #expect(history.sessions.map(\.id) == [2, 1])
            #expect(history.sessions.map(\.ended) == [nil, .reset])
            #expect(history.sessions.map(\.served) == [2, 2])
            #expect(history.sessions.map(\.idle) == [nil, Self.date(1_001)])
            #expect(history.sessions.map(\.businessTime) == [.milliseconds(800), first.businessTime])
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
            registry.register(contentsOf: fixture.bank.commands())
            #expect(throws: ParseError.outOfRange(name: "count", given: count, range: 1...1_000)) {
                try registry.parse("bank history \(count)")
            }
        }
    }

    @Test("a write that failed shows beside the sessions; the next admission after a reset opens anew")
    func recordingFailure() async throws {
        let log = FailingLog()
        try await BankFixture.with(sessions: log) { fixture in
            var registry = CommandRegistry()
            registry.register(contentsOf: fixture.bank.commands())
            try await fixture.bank.add(customers: 1, task: .deposit)
            _ = try await fixture.runUntilIdle()
            guard case .history(let history) = try await registry.run("bank history") else {
                Issue.record("'bank history' gave no history")
                return
            }
            #expect(history.sessions.isEmpty)
            #expect(history.recordingFailure?.code == "disk_full")
            // The opening failed, so the idle tried to open the session again, late.
            #expect(log.opens == 2)
            await fixture.bank.reset()
            try await fixture.bank.add(customers: 1, task: .deposit)
            await fixture.bank.sessionsRecorded()
            #expect(log.opens == 3)
        }
    }

    /// A log whose every write fails as if the disk were full.
    final class FailingLog: BankSessionLog {
        struct DiskFull: KioskError {
            var code: String { "disk_full" }
        }

        private let openCount = Mutex(0)
        var opens: Int { openCount.withLock { $0 } }

        func open() throws(BankSessionLogFailure) -> Int {
            openCount.withLock { $0 += 1 }
            throw BankSessionLogFailure(DiskFull())
        }
        func update(_ session: Int, with tally: BankTally, idle: Bool) throws(BankSessionLogFailure) {
            throw BankSessionLogFailure(DiskFull())
        }
        func close(_ session: Int, reason: BankSessionEnd) throws(BankSessionLogFailure) {
            throw BankSessionLogFailure(DiskFull())
        }
        func latest(_ count: Int) -> [BankSessionRecord] { [] }
    }

    /// A log that notes each call and the thread it ran on; its first `open` may wait until
    /// the test releases it, as a disk that hangs would.
    final class WatchedLog: BankSessionLog {
        private let state = Mutex<(calls: [String], threads: Set<String>)>(([], []))
        private let gate: DispatchSemaphore?

        init(blocksOpen: Bool = false) {
            gate = blocksOpen ? DispatchSemaphore(value: 0) : nil
        }

        var calls: [String] { state.withLock { $0.calls } }
        var threads: Set<String> { state.withLock { $0.threads } }

        func release() { gate?.signal() }

        func open() -> Int {
            gate?.wait()
            note("open")
            return 1
        }
        func update(_ session: Int, with tally: BankTally, idle: Bool) { note(idle ? "update idle" : "update") }
        func close(_ session: Int, reason: BankSessionEnd) { note("close \(reason.rawValue)") }
        func latest(_ count: Int) -> [BankSessionRecord] { [] }

        private func note(_ call: String) {
            let thread = RecordingThread.isCurrent ? "recording" : Thread.current.name ?? "unnamed"
            state.withLock { state in
                state.calls.append(call)
                state.threads.insert(thread)
            }
        }
    }
}
