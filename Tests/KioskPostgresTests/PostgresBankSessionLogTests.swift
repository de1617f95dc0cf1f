import Bank
import Foundation
import KioskCore
import Testing

@testable import KioskPostgres

/// The SQL of the bank-session log on PostgreSQL: sessions stamped with the server's time,
/// listed for every kiosk, closed as interrupted only once the kiosk that opened them is
/// gone, and values kiosk never writes refused as SQLite's adapter refuses them.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresBankSessionLogTests {
    static let tally = BankTally(
        servedByTask: [TaskCount(task: "deposit", count: 1), TaskCount(task: "loan", count: 2)],
        businessTime: .seconds(2))

    @Test("open, update and close store a session that latest reads back")
    func recordsASession() throws {
        let target = try TestServer.freshDatabase()
        let log = PostgresBankSessionLog(database: try PostgresDatabase.open(target))
        let session = try log.open()
        var entry = try #require(try log.latest(10).first)
        #expect(entry.id == session)
        #expect(entry.idle == nil)
        #expect(entry.ended == nil)
        #expect(entry.served == 0)
        #expect(abs(entry.opened.timeIntervalSinceNow) < 600, "the server's clock: \(entry.opened)")

        try log.update(session, with: Self.tally, idle: false)
        entry = try #require(try log.latest(10).first)
        #expect(entry.idle == nil)
        #expect(entry.servedByTask == Self.tally.servedByTask)
        try log.update(session, with: Self.tally, idle: true)
        entry = try #require(try log.latest(10).first)
        #expect(entry.idle != nil)
        #expect(entry.businessTime == .seconds(2))

        try log.close(session, reason: .reset)
        try log.close(session, reason: .quit)
        let second = try log.open()
        try log.close(second, reason: .quit)
        let sessions = try log.latest(10)
        #expect(sessions.map(\.id) == [second, session])
        #expect(sessions.map(\.ended) == [.quit, .reset])
        #expect(sessions.map(\.served) == [0, 3])
        #expect(try log.latest(1).map(\.id) == [second])
    }

    @Test("an open session of a live kiosk stays open; once that kiosk is gone it closes as interrupted")
    func interruptedOnlyWhenTheKioskIsGone() throws {
        let target = try TestServer.freshDatabase()
        let first = PostgresBankSessionLog(database: try PostgresDatabase.open(target))
        _ = try first.open()

        let second = PostgresBankSessionLog(database: try PostgresDatabase.open(target))
        try second.closeInterruptedSessions()
        #expect(try second.latest(1).first?.ended == nil)

        // The first kiosk dies: the server ends its connection, and its lock with it.
        try TestServer.admin(
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """,
            on: target)
        let third = PostgresBankSessionLog(database: try PostgresDatabase.open(target))
        try third.closeInterruptedSessions()
        #expect(try third.latest(1).first?.ended == .interrupted)
    }

    @Test(
        "a value kiosk never writes is refused, as SQLite refuses it, not read as 0 or nothing",
        arguments: [
            "ALTER TABLE bank_session_task ALTER COLUMN served DROP NOT NULL; UPDATE bank_session_task SET served = NULL",
            "ALTER TABLE bank_session ALTER COLUMN business_ms DROP NOT NULL; UPDATE bank_session SET business_ms = NULL",
            "ALTER TABLE bank_session DROP CONSTRAINT bank_session_ended_check; UPDATE bank_session SET ended = 'exploded'",
        ])
    func tamperedValuesAreRefused(edit: String) throws {
        let target = try TestServer.freshDatabase()
        let log = PostgresBankSessionLog(database: try PostgresDatabase.open(target))
        try log.update(try log.open(), with: Self.tally, idle: true)
        try TestServer.admin(edit, on: target)
        let failure = try #require(throws: BankSessionLogFailure.self) { try log.latest(10) }
        let error = try #require(failure.error as? PostgresError)
        guard case .server(_, let state, _) = error else {
            Issue.record("expected a server error, got \(error)")
            return
        }
        #expect(["22004", "22P02"].contains(state), "\(error)")
    }
}
