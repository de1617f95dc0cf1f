import Bank
import Foundation
import GRDB
import KioskCore
import Testing

@testable import KioskStorage

/// The SQL of the bank-session log, on a real SQLite file: what `open`, `update`, `close`
/// and `latest` store and read back. When they are called is the bank's policy
/// (BankHistoryTests).
@Suite struct SQLiteBankSessionLogTests {
    static let tally = BankTally(
        servedByTask: [TaskCount(task: "deposit", count: 1), TaskCount(task: "loan", count: 1)],
        businessTime: .milliseconds(1_100))

    @Test("open stores a session stamped now; update stores its tally and idle stamp")
    func openAndUpdate() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let clock = TestWallClock(Date(timeIntervalSince1970: 1_000))
        let log = SQLiteBankSessionLog(database: database, now: clock.now)
        let session = try log.open()
        #expect(session == 1)
        #expect(
            try log.latest(10) == [
                BankSessionRecord(
                    id: 1, opened: Date(timeIntervalSince1970: 1_000), idle: nil, ended: nil, servedByTask: [],
                    businessTime: .zero)
            ])

        clock.set(Date(timeIntervalSince1970: 1_002.5))
        try log.update(session, with: Self.tally, idle: true)
        #expect(
            try log.latest(10) == [
                BankSessionRecord(
                    id: 1, opened: Date(timeIntervalSince1970: 1_000), idle: Date(timeIntervalSince1970: 1_002.5),
                    ended: nil, servedByTask: Self.tally.servedByTask, businessTime: .milliseconds(1_100))
            ])
        // The denormalised total beside the rows per task, as other tools read it.
        let served = try database.read { db in try Int.fetchOne(db, sql: "SELECT served FROM bank_session") }
        #expect(served == 2)
    }

    @Test("an update that is not idle keeps the idle stamp, and replaces the tasks' counts")
    func updateWithoutIdle() throws {
        let database = try KioskDatabase.open(.memory)
        let clock = TestWallClock(Date(timeIntervalSince1970: 2_000))
        let log = SQLiteBankSessionLog(database: database, now: clock.now)
        let session = try log.open()
        try log.update(session, with: Self.tally, idle: true)
        clock.set(Date(timeIntervalSince1970: 2_010))
        let later = BankTally(servedByTask: [TaskCount(task: "deposit", count: 5)], businessTime: .seconds(4))
        try log.update(session, with: later, idle: false)
        let entry = try #require(try log.latest(1).first)
        #expect(entry.idle == Date(timeIntervalSince1970: 2_000))
        #expect(entry.servedByTask == later.servedByTask)
        #expect(entry.businessTime == .seconds(4))
    }

    @Test("close stores the end once: a second close keeps the first reason")
    func closeOnce() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let log = SQLiteBankSessionLog(database: database)
        let first = try log.open()
        try log.close(first, reason: .reset)
        try log.close(first, reason: .quit)
        let second = try log.open()
        try log.close(second, reason: .quit)
        #expect(try log.latest(10).map(\.ended) == [.quit, .reset])
        #expect(try log.latest(10).map(\.id) == [2, 1])
    }

    @Test("latest returns at most the count asked for, newest first")
    func latestLimit() throws {
        let database = try KioskDatabase.open(.memory)
        let log = SQLiteBankSessionLog(database: database)
        #expect(try log.latest(10).isEmpty)
        for _ in 0..<3 { try log.close(try log.open(), reason: .reset) }
        #expect(try log.latest(2).map(\.id) == [3, 2])
        #expect(try log.latest(0).isEmpty)
    }

    @Test("an end kiosk never writes is refused as a storage error, not read as no end")
    func unknownEndIsRefused() throws {
        let database = try KioskDatabase.open(.memory)
        let log = SQLiteBankSessionLog(database: database)
        try HandEditedDatabaseTests.loosen(
            "bank_session",
            columns: "id INTEGER PRIMARY KEY, opened_at_ms INTEGER, idle_at_ms INTEGER, ended TEXT, served INTEGER, "
                + "business_ms INTEGER, owner_pid INTEGER",
            rows: "INSERT INTO bank_session VALUES (1, 0, NULL, 'exploded', 0, 0, NULL);", in: database)
        #expect { try log.latest(10) } throws: { ($0 as? BankSessionLogFailure)?.error is StorageError }
    }

    @Test("a write that fails throws a StorageError naming the database")
    func failedWriteThrows() throws {
        let database = try KioskDatabase.open(.memory)
        let log = SQLiteBankSessionLog(database: database)
        try database.immediateTransaction { db in
            try db.execute(sql: "DROP TABLE bank_session_task; DROP TABLE bank_session")
        }
        let failure = try #require(throws: BankSessionLogFailure.self) { try log.open() }
        let error = try #require(failure.error as? StorageError)
        #expect(error.code == "storage_error")
        #expect(error.path == ":memory:")
    }
}
