import Bank
import Foundation
import KioskCore
import Testing

@testable import KioskStorage

/// Sessions whose kiosk is gone: the next kiosk to start on the database closes them as
/// interrupted, and leaves a live kiosk's open.
@Suite struct BankSessionStopTests {
    @Test("an open session is closed as interrupted only when its kiosk is gone")
    func interruptedSessions() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let log = SQLiteBankSessionLog(database: database)
        let ended = try log.open()
        try log.close(ended, reason: .reset)
        _ = try log.open()
        try log.closeInterruptedSessions(isAlive: { _ in true })
        #expect(try log.latest(2).map(\.ended) == [nil, .reset])
        try log.closeInterruptedSessions(isAlive: { _ in false })
        #expect(try log.latest(2).map(\.ended) == [.interrupted, .reset])
    }

    @Test("this process's own session counts as a live kiosk's")
    func ownSessionIsAlive() throws {
        let database = try KioskDatabase.open(.memory)
        let log = SQLiteBankSessionLog(database: database)
        _ = try log.open()
        try log.closeInterruptedSessions()
        #expect(try log.latest(1).first?.ended == nil)
    }
}
