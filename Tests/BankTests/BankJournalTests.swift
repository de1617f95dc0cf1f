import KioskCore
import Testing

@testable import Bank

@Suite("Bank journal and chunked storage")
struct BankJournalTests {
    private func visitor(_ ticket: Int, route: UInt16 = 0, grade: UInt8 = 0, stage: UInt8, arrival: Int64) -> Visitor {
        Visitor(ticket: ticket, arrival: .nanoseconds(arrival), route: route, grade: grade, stage: stage)
    }

    @Test("customers read back in ticket order with every stage, clerk and time, however they left")
    func roundTrip() {
        var journal = BankJournal()
        // Ticket 9 takes seven stages (its clerks fill more than one packed word) and leaves
        // after tickets 3 and 5, who take one stage each.
        let stages = 7
        for stage in 0..<(stages - 1) {
            journal.served(
                visitor(9, route: 3, grade: 2, stage: UInt8(stage), arrival: 40), clerk: 990 + stage,
                from: Int64(100 * stage), to: Int64(100 * stage + 50), leaving: false)
        }
        journal.served(
            visitor(5, route: 63, grade: 15, stage: 0, arrival: 7), clerk: 1_000, from: 8, to: 9, leaving: true)
        journal.served(visitor(3, stage: 0, arrival: -1), clerk: 1, from: 0, to: .max, leaving: true)
        journal.served(
            visitor(9, route: 3, grade: 2, stage: UInt8(stages - 1), arrival: 40), clerk: 4, from: 700, to: 750,
            leaving: true)

        let departures = journal.departures
        #expect(journal.count == 3)
        #expect(departures.map(\.ticket) == [3, 5, 9])
        #expect(departures[0].arrival == -1)
        #expect(departures[0].spans == [BankJournal.Span(start: 0, end: .max, clerk: 1)])
        #expect((departures[1].route, departures[1].grade, departures[1].arrival) == (63, 15, 7))
        #expect(departures[1].spans == [BankJournal.Span(start: 8, end: 9, clerk: 1_000)])
        #expect((departures[2].route, departures[2].grade, departures[2].arrival) == (3, 2, 40))
        let expected =
            (0..<(stages - 1)).map {
                BankJournal.Span(start: Int64(100 * $0), end: Int64(100 * $0 + 50), clerk: 990 + $0)
            }
            + [BankJournal.Span(start: 700, end: 750, clerk: 4)]
        #expect(departures[2].spans == expected)
    }

    @Test("a customer still at the bank is not in the books")
    func unfinished() {
        var journal = BankJournal()
        journal.served(visitor(1, stage: 0, arrival: 0), clerk: 1, from: 0, to: 5, leaving: false)
        #expect(journal.departures.isEmpty)
        #expect(journal.count == 0)
    }

    @Test("words appended across many chunks read back in order")
    func words() {
        var words = ChunkedWords()
        let count = 3 * ChunkedWords.chunkSize + 17
        for index in 0..<count { words.append(UInt64(index) &* 0x9E37_79B9_7F4A_7C15) }
        #expect(words.count == count)
        #expect((0..<count).allSatisfy { words[$0] == UInt64($0) &* 0x9E37_79B9_7F4A_7C15 })
    }

    @Test("a chunked queue keeps first-in, first-out order across chunks while it grows and drains")
    func queue() {
        var queue = ChunkedQueue<Int>()
        var expected: [Int] = []
        var next = 0
        // Grows past several chunks, drains most of it, grows again, then empties.
        for (pushes, pops) in [(2_500, 1_000), (3_000, 4_000), (10, 510)] {
            for _ in 0..<pushes {
                queue.append(next)
                expected.append(next)
                next += 1
            }
            #expect(queue.last == expected.last)
            #expect(queue.prefix(5) == Array(expected.prefix(5)))
            for _ in 0..<pops {
                #expect(queue.first == expected.first)
                #expect(queue.popFirst() == expected.removeFirst())
            }
            #expect(queue.count == expected.count)
        }
        #expect(queue.popFirst() == nil)
        #expect(queue.first == nil)
        queue.append(42)
        #expect(queue.popFirst() == 42)
    }
}
