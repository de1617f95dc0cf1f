import Bank
import Foundation
import GRDB
import KioskCore
import Testing

@testable import KioskStorage

@Suite struct SQLiteBankSessionLogTests {
    static let tally = BankTally(
        servedByTask: [TaskCount(task: "deposit", count: 1), TaskCount(task: "loan", count: 1)],
        businessTime: .milliseconds(1_100))

    @Test("a session opens with its first customer and is updated at idle")
    func recordsSession() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let log = SQLiteBankSessionLog(database: database, now: { Date(timeIntervalSince1970: 1_000) })
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        log.record(.customerArrived(ticket: 2, task: "loan"))
        log.record(.bankIdle(Self.tally))
        let entries = try log.latest(10)
        #expect(entries.count == 1)
        #expect(entries.first?.servedByTask == Self.tally.servedByTask)
        #expect(entries.first?.served == 2)
        #expect(entries.first?.businessTime == .milliseconds(1_100))
        #expect(entries.first?.opened == Date(timeIntervalSince1970: 1_000))
        #expect(entries.first?.idle != nil)
        #expect(entries.first?.ended == nil)
        #expect(log.lastError == nil)
    }

    @Test("reset ends a session; the next customer opens a new one")
    func resetStartsOver() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let log = SQLiteBankSessionLog(database: database)
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        log.record(.bankReset)
        log.record(.customerArrived(ticket: 1, task: "loan"))
        log.close(reason: .quit)
        let entries = try log.latest(10)
        #expect(entries.map(\.ended) == ["quit", "reset"])
        #expect(log.lastError == nil)
    }

    @Test("an idle with no session open opens one, stamped opened and idle at that moment")
    func opensOnIdleWithoutArrival() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let clock = TestWallClock(Date(timeIntervalSince1970: 2_000))
        let log = SQLiteBankSessionLog(database: database, now: clock.now)
        log.record(.bankIdle(Self.tally))
        var entries = try log.latest(10)
        #expect(entries.count == 1)
        #expect(entries.first?.opened == Date(timeIntervalSince1970: 2_000))
        #expect(entries.first?.idle == Date(timeIntervalSince1970: 2_000))
        #expect(entries.first?.servedByTask == Self.tally.servedByTask)
        #expect(entries.first?.businessTime == .milliseconds(1_100))
        #expect(entries.first?.ended == nil)

        // The next idle updates the same session; after a reset, an idle opens a new one.
        clock.set(Date(timeIntervalSince1970: 2_010))
        let later = BankTally(servedByTask: [TaskCount(task: "deposit", count: 5)], businessTime: .seconds(4))
        log.record(.bankIdle(later))
        entries = try log.latest(10)
        #expect(entries.count == 1)
        #expect(entries.first?.idle == Date(timeIntervalSince1970: 2_010))
        #expect(entries.first?.servedByTask == later.servedByTask)
        log.record(.bankReset)
        clock.set(Date(timeIntervalSince1970: 2_020))
        log.record(.bankIdle(BankTally(servedByTask: [], businessTime: .zero)))
        entries = try log.latest(10)
        #expect(entries.map(\.id) == [2, 1])
        #expect(entries.map(\.ended) == [nil, "reset"])
        #expect(entries.first?.opened == Date(timeIntervalSince1970: 2_020))
        #expect(entries.first?.served == 0)
        #expect(log.lastError == nil)
    }

    @Test("closing with no session open records nothing; latest returns at most the count asked for")
    func closeWithoutSessionAndLimit() throws {
        let database = try KioskDatabase.open(.memory)
        let log = SQLiteBankSessionLog(database: database)
        log.close(reason: .quit)
        #expect(try log.latest(10).isEmpty)
        for _ in 0..<3 {
            log.record(.customerArrived(ticket: 1, task: "deposit"))
            log.record(.bankReset)
        }
        #expect(try log.latest(2).map(\.id) == [3, 2])
    }

    @Test("a write that fails is kept as the last error, a StorageError")
    func failedWriteIsKept() throws {
        let database = try KioskDatabase.open(.memory)
        let log = SQLiteBankSessionLog(database: database)
        try database.immediateTransaction { db in
            try db.execute(sql: "DROP TABLE bank_session_task; DROP TABLE bank_session")
        }
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        let error = try #require(log.lastError as? StorageError)
        #expect(error.code == "storage_error")
        #expect(error.path == ":memory:")
    }
}
