import KioskCore
import Testing

@testable import KioskREPL

@Suite("Announcement hold")
struct AnnouncementHoldTests {
    static let soldOut = KioskEvent.juiceSoldOut(
        juice: "mango", name: "Mango Juice", shortages: [Shortage(fruit: "mango", need: 3, have: 2)])
    static let available = KioskEvent.juiceAvailable(juice: "mango", name: "Mango Juice")

    @Test("while a command runs, text keeps sold-out and available notices, in order, until the end")
    func keepsNoticesDuringACommand() {
        let hold = AnnouncementHold(format: .text)
        hold.begin()
        #expect(hold.keep(Self.soldOut))
        #expect(hold.keep(Self.available))
        #expect(hold.end() == [Self.soldOut, Self.available])
        #expect(hold.end().isEmpty)
    }

    @Test("bank progress and stock events are never kept")
    func passesOtherEvents() {
        let hold = AnnouncementHold(format: .text)
        hold.begin()
        #expect(!hold.keep(.serviceStarted(ticket: 1, task: "loan", clerk: 1, at: .zero)))
        #expect(!hold.keep(.stockChanged(fruit: "mango", old: 5, new: 2)))
        #expect(!hold.keep(.bankReset))
        #expect(hold.end().isEmpty)
    }

    @Test("between commands, and always with --json, notices show at once")
    func showsAtOnce() {
        let text = AnnouncementHold(format: .text)
        #expect(!text.keep(Self.soldOut))
        let json = AnnouncementHold(format: .json)
        json.begin()
        #expect(!json.keep(Self.soldOut))
        #expect(json.end().isEmpty)
    }
}
