import Foundation
import JuiceMaker
import KioskCore
import Testing

/// Restocking several fruits in one commit, filling shelves, and the sales of a day or a
/// range of days.
@Suite struct StockEditsAndSalesPeriodTests {
    let shop: TestShop
    let registry: CommandRegistry

    init() throws {
        shop = try TestShop()
        registry = shop.registry()
    }

    private func run(_ line: String) async throws -> ShopOutcome {
        let invocation = try #require(try registry.parse(line))
        guard case .perform(let perform) = invocation.command.action else {
            Issue.record("\(line) is no shop command")
            throw CancellationError()
        }
        return try #require(try await perform(invocation) as? ShopOutcome)
    }

    @Test("several fruits in one edit change together, in one commit with one delta per fruit")
    func severalFruits() async throws {
        shop.recorder.clear()
        let outcome = try await run("stock add kiwi 5 mango 7 kiwi 1")
        guard case .adjustedSeveral(let adjustments, let stock) = outcome else {
            Issue.record("expected several adjustments, got \(outcome)")
            return
        }
        #expect(adjustments.map { "\($0.fruit.id) \($0.old)->\($0.new)" } == ["kiwi 10->16", "mango 10->17"])
        #expect(try stock[shop.fruit("kiwi")] == 16)
        // One commit: the stock events of both fruits, in menu order, and nothing else.
        #expect(
            shop.recorder.events == [
                .stockChanged(fruit: "kiwi", old: 10, new: 16), .stockChanged(fruit: "mango", old: 10, new: 17),
            ])
    }

    @Test("an edit of several fruits that one of them cannot take changes none of them")
    func allOrNothing() async throws {
        let before = try shop.levels()
        await #expect(throws: JuiceError.aboveMaximum(fruit: "mango", kind: .add, amount: 95, have: 10, maximum: 100)) {
            _ = try await run("stock add kiwi 5 mango 95")
        }
        await #expect(throws: JuiceError.belowZero(fruit: "kiwi", amount: 3, have: 2)) {
            _ = try await run("stock remove kiwi 8 kiwi 3")
        }
        #expect(try shop.levels() == before)
    }

    @Test("the inventory refuses several edits of a kind that is no edit of one fruit")
    func severalOfAnotherKind() throws {
        var stock = shop.menu.initialStock
        #expect(throws: JuiceError.invalidEdit(.reset)) {
            try stock.apply(.several(.reset, [FruitEdit(fruit: try shop.fruit("kiwi"), amount: 1)]))
        }
        #expect(stock == shop.menu.initialStock)
    }

    @Test("stock fill fills the shelves named, or all of them, to their max")
    func fill() async throws {
        _ = try await run("stock remove banana 4")
        guard case .filled(let some, _) = try await run("stock fill kiwi banana") else {
            Issue.record("stock fill returned something else")
            return
        }
        #expect(some.map { "\($0.fruit.id) \($0.old)->\($0.new)" } == ["kiwi 10->100", "banana 6->100"])
        guard case .filled(let all, let stock) = try await run("stock fill") else {
            Issue.record("stock fill returned something else")
            return
        }
        #expect(all.count == shop.menu.fruits.count)
        #expect(stock.levels.allSatisfy { $0.count == $0.fruit.maximum })
        #expect(all.filter { $0.old == $0.new }.map(\.fruit.id) == ["banana", "kiwi"])
    }

    @Test("sales yesterday, at five past midnight, counts the whole day before and carries its date")
    func yesterdayAtMidnight() async throws {
        // Noon on 14 March: go to 23:55, order, then to 00:05 on the 15th and order again.
        shop.clock.advance(minutes: 11 * 60 + 55)
        try shop.make("banana", count: 2)
        shop.clock.advance(minutes: 10)
        try shop.make("kiwi")
        guard case .sales(let report, let period) = try await run("sales yesterday") else {
            Issue.record("sales returned something else")
            return
        }
        #expect(report.lines.map { "\($0.juice) \($0.count)" } == ["banana 2"])
        #expect(
            period
                == SalesPeriod(span: .day, first: CalendarDay(iso: "2025-03-14"), last: CalendarDay(iso: "2025-03-14")))
        guard case .sales(let today, let todayPeriod) = try await run("sales") else { return }
        #expect(today.lines.map(\.juice) == ["kiwi"])
        #expect(todayPeriod.first == CalendarDay(iso: "2025-03-15"))
        guard case .sales(let dated, _) = try await run("sales 2025-03-14") else { return }
        #expect(dated == report)
    }

    @Test("a range counts from the start of its first day to the end of its last; either end may be open")
    func ranges() async throws {
        try shop.make("banana")
        shop.clock.advance(days: 1)
        try shop.make("kiwi")
        shop.clock.advance(days: 1)
        try shop.make("mango")
        func juices(_ line: String) async throws -> [String] {
            guard case .sales(let report, _) = try await run(line) else { return [] }
            return report.lines.map(\.juice).sorted()
        }
        #expect(try await juices("sales --from 2025-03-14 --to 2025-03-15") == ["banana", "kiwi"])
        #expect(try await juices("sales --from 2025-03-15") == ["kiwi", "mango"])
        #expect(try await juices("sales --to 2025-03-14") == ["banana"])
        #expect(try await juices("sales --from yesterday --to today") == ["kiwi", "mango"])
        let first = try #require(CalendarDay(iso: "2025-03-16"))
        let last = try #require(CalendarDay(iso: "2025-03-14"))
        await #expect(throws: JuiceError.invalidPeriod(first: first, last: last)) {
            _ = try await run("sales --from 2025-03-16 --to 2025-03-14")
        }
        await #expect(throws: ParseError.self) { _ = try await run("sales yesterday --all") }
        await #expect(throws: ParseError.self) { _ = try await run("sales --all --from 2025-03-14") }
    }
}
