import Foundation
import KioskCore
import Testing

@testable import KioskREPL

@Suite("Transcript: results and events in one order")
struct TranscriptTests {
    @Test("text: a sold-out notice an order raises prints right after that order's result")
    func noticeAfterResult() async throws {
        let shop = try await ShopSession()
        await shop.run("order mango-kiwi 4")
        await shop.run("stock add mango 5")
        #expect(
            shop.output.text == """
                Made 4 Mango-Kiwi Juice.
                Stock: kiwi 10 -> 6, mango 10 -> 2
                Mango Juice is sold out: Mango 2 left, needs 3.
                Mango: 2 -> 7 (max 100).
                Mango Juice is available again.

                """)
    }

    @Test("JSON: while the bank streams, each order's events come right before its result, every time")
    func orderUnderStreamingBank() async throws {
        let shop = try await ShopSession(format: .json, speed: 1_000_000)
        await shop.run("bank add 200000")
        for _ in 0..<4 {
            await shop.run("order banana")
        }
        await shop.session.finishPendingWork()
        shop.transcript.flush()
        // Shop lines only: bank events may come between commands, never inside one's run.
        let shopLines = shop.lines().filter {
            !$0.contains(#""event":"service_"#) && !$0.contains(#""event":"customer_arrived""#)
                && !$0.contains(#""event":"bank_idle""#) && !$0.contains(#""event":"events_skipped""#)
                && !$0.contains(#""command":"bank add""#)
        }
        var expected: [String] = []
        for served in 1...4 {
            let old = 10 - 2 * (served - 1)
            expected += [
                #"{"type":"event","event":"stock_changed","fruit":"banana","old":\#(old),"new":\#(old - 2)}"#,
                #"{"type":"event","event":"juice_served","juice":"banana","count":1}"#,
                #"{"type":"result","command":"order","juice":"banana","count":1,"stock":{"strawberry":10,"banana":\#(old - 2),"pineapple":10,"kiwi":10,"mango":10}}"#,
            ]
        }
        #expect(shopLines == expected)
        // Bank events published while an order ran may come between its events and its
        // result, but never after its result: the next bank line is always a later one.
        let all = shop.lines()
        let results = all.indices.filter { all[$0].hasPrefix(#"{"type":"result","command":"order""#) }
        #expect(results.count == 4)
    }

    @Test("text: while the bank streams, an order's result lines and its notice stay together, every time")
    func textOrderUnderStreamingBank() async throws {
        let shop = try await ShopSession(speed: 1_000_000)
        await shop.run("bank add 200000")
        for _ in 0..<5 {
            await shop.run("order banana")
        }
        await shop.session.finishPendingWork()
        shop.transcript.flush()
        let lines = shop.lines()
        let made = lines.indices.filter { lines[$0] == "Made 1 Banana Juice." }
        #expect(made.count == 5)
        for (order, index) in made.enumerated() {
            let old = 10 - 2 * order
            #expect(lines[index + 1] == "Stock: banana \(old) -> \(old - 2)")
        }
        // The fifth order empties the shelf: its notices follow its own lines at once.
        let last = try #require(made.last)
        #expect(lines[last + 2] == "Banana Juice is sold out: Banana 0 left, needs 2.")
        #expect(lines[last + 3].hasPrefix("Strawberry-Banana Juice is sold out"))
        // The closing summary comes last: its line, then a line of waits per task.
        let closing = try #require(lines.lastIndex { $0.hasPrefix("Bank closed: served 200000 customers") })
        #expect(lines[(closing + 1)...].map { $0.hasPrefix("  ") && $0.contains(" waited, ") } == [true, true])
    }

    @Test("a terminal that falls behind skips bank progress, says how many, and keeps the rest")
    func boundedBuffer() async throws {
        let shop = try await ShopSession(format: .json, speed: 1_000_000, transcriptCapacity: 100)
        await shop.run("bank add 5000 deposit")
        await shop.session.finishPendingWork()
        await shop.run("order banana")
        shop.transcript.flush()
        let lines = shop.lines()
        let skipped = lines.filter { $0.contains(#""event":"events_skipped""#) }
        #expect(!skipped.isEmpty)
        let skippedCount = skipped.compactMap { line -> Int? in
            guard let range = line.range(of: #""count":"#) else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }.reduce(0, +)
        let progress = lines.filter {
            $0.contains(#""event":"customer_arrived""#) || $0.contains(#""event":"service_"#)
        }.count
        // 5,000 arrivals, starts and ends: each either printed or counted as skipped.
        #expect(progress + skippedCount == 15_000)
        // Never dropped: the idle summary, the order's events and its result.
        #expect(lines.contains { $0.contains(#""event":"bank_idle""#) })
        #expect(lines.contains { $0.contains(#""event":"juice_served""#) })
        #expect(lines.last?.hasPrefix(#"{"type":"result","command":"order""#) == true)
    }

    @Test("text says how many bank events it skipped")
    func skippedText() async throws {
        let shop = try await ShopSession(speed: 1_000_000, transcriptCapacity: 10)
        await shop.run("bank add 100 deposit")
        await shop.session.finishPendingWork()
        shop.transcript.flush()
        #expect(shop.output.text.contains("bank events not shown: the terminal fell behind."))
        #expect(shop.output.text.contains("Bank closed: served 100 customers"))
    }

    @Test("the events a text transcript does not take are the ones text shows nothing for")
    func textSkipsOnlySilentEvents() {
        let presenter = Presenter(catalog: EnglishCatalog(), config: nil)
        let silent: [KioskEvent] = [
            .stockChanged(fruit: "banana", old: 10, new: 8), .juiceServed(juice: "banana", count: 1),
            .orderRefused(juice: "mango", count: 9, shortages: [Shortage(fruit: "mango", need: 27, have: 10)]),
        ]
        for event in silent {
            #expect(!Transcript.printsInText(event))
            #expect(presenter.text(event: event) == nil)
        }
        let notice = KioskEvent.juiceAvailable(juice: "mango")
        #expect(Transcript.printsInText(notice))
        #expect(presenter.text(event: notice) != nil)
    }

    @Test("an error prints after the events published before it")
    func errorAfterEvents() async throws {
        let shop = try await ShopSession(format: .json)
        await shop.run("order mango-kiwi 5")
        await shop.run("order mango")
        #expect(shop.errors.text.contains(#""code":"out_of_stock""#))
        #expect(shop.lines().last?.contains(#""event":"order_refused""#) == true)
    }
}
