import Bank
import Foundation
import KioskCore
import Testing

@testable import KioskStorage

@Suite struct BankSessionStopTests {
    static let tally = BankTally(
        servedByTask: [TaskCount(task: "deposit", count: 3), TaskCount(task: "loan", count: 1)],
        businessTime: .milliseconds(2_300))

    @Test("a stop before idle stores the tally so far, then the reset ends the session")
    func stopKeepsTally() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let log = SQLiteBankSessionLog(database: database)
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        log.record(.bankStopped(Self.tally))
        log.record(.bankReset)
        let session = try #require(try log.latest(1).first)
        #expect(session.ended == "reset")
        #expect(session.served == 4)
        #expect(session.businessTime == .milliseconds(2_300))
        #expect(session.idle == nil)
        #expect(log.lastError == nil)
    }

    @Test("an open session is closed as interrupted only when its kiosk is gone")
    func interruptedSessions() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let log = SQLiteBankSessionLog(database: database)
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        try log.closeInterruptedSessions(isAlive: { _ in true })
        #expect(try log.latest(1).first?.ended == nil)
        try log.closeInterruptedSessions(isAlive: { _ in false })
        #expect(try log.latest(1).first?.ended == "interrupted")
    }
}
