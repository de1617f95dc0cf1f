import Foundation
import KioskCore
import Testing

@testable import KioskStorage

@Suite struct BankSessionLogTests {
    @Test("a session opens with its first customer and is updated at idle")
    func recordsSession() throws {
        let database = try KioskDatabase.open(.memory)
        let log = BankSessionLog(database: database, now: { Date(timeIntervalSince1970: 1_000) })
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        log.record(.customerArrived(ticket: 2, task: "loan"))
        let tally = BankTally(
            servedByTask: [TaskCount(task: "deposit", count: 1), TaskCount(task: "loan", count: 1)],
            businessTime: .milliseconds(1_100))
        log.record(.bankIdle(tally))
        let entries = try log.latest(10)
        #expect(entries.count == 1)
        #expect(entries.first?.servedByTask == tally.servedByTask)
        #expect(entries.first?.businessTime == .milliseconds(1_100))
        #expect(entries.first?.idle != nil)
        #expect(entries.first?.ended == nil)
        #expect(log.lastError == nil)
    }

    @Test("reset ends a session; the next customer opens a new one")
    func resetStartsOver() throws {
        let database = try KioskDatabase.open(.memory)
        let log = BankSessionLog(database: database)
        log.record(.customerArrived(ticket: 1, task: "deposit"))
        log.record(.bankReset)
        log.record(.customerArrived(ticket: 1, task: "loan"))
        log.closeForQuit()
        let entries = try log.latest(10)
        #expect(entries.map(\.ended) == ["quit", "reset"])
    }
}
