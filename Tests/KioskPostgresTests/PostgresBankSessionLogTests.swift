import Bank
import Foundation
import KioskCore
import Testing

@testable import KioskPostgres

/// Bank sessions on PostgreSQL: recorded with the server's time, listed for every kiosk, and
/// closed as interrupted only once the kiosk that opened them is gone.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresBankSessionLogTests {
    @Test("a session records its tally at idle and ends as quit")
    func recordsASession() throws {
        let target = try TestServer.freshDatabase()
        let log = PostgresBankSessionLog(database: try PostgresDatabase.open(target))
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        log.record(
            .bankIdle(BankTally(servedByTask: [TaskCount(task: "deposit", count: 1)], businessTime: .seconds(2))))
        log.close(reason: .quit)

        let sessions = try log.latest(10)
        #expect(log.lastError == nil)
        #expect(sessions.count == 1)
        #expect(sessions.first?.ended == "quit")
        #expect(sessions.first?.served == 1)
        #expect(sessions.first?.businessTime == .seconds(2))
        #expect(sessions.first?.idle != nil)
    }

    @Test("an open session of a live kiosk stays open; once that kiosk is gone it closes as interrupted")
    func interruptedOnlyWhenTheKioskIsGone() throws {
        let target = try TestServer.freshDatabase()
        let first = PostgresBankSessionLog(database: try PostgresDatabase.open(target))
        first.record(.customerArrived(ticket: 1, task: "deposit"))

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
        #expect(try third.latest(1).first?.ended == "interrupted")
    }
}
