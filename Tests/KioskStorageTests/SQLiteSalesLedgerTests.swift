import Foundation
import JuiceMaker
import KioskCore
import Testing

@testable import KioskStorage

@Suite struct SQLiteSalesLedgerTests {
    /// A store and its ledger on a fresh database file in `directory`, stamped by `clock`.
    static func open(
        _ directory: String, config: KioskConfig, clock: TestWallClock
    ) throws -> (store: SQLiteInventoryStore, ledger: SQLiteSalesLedger, menu: Menu) {
        let database = try KioskDatabase.open(.directory(directory))
        let menu = Menu(config: config)
        let store = try SQLiteInventoryStore(database: database, menu: menu, now: clock.now)
        return (store, SQLiteSalesLedger(database: database, fruitOrder: menu.fruits.map(\.id)), menu)
    }

    @Test("the sales report sums juices and fruit per juice, for today or for all time")
    func salesReport() throws {
        let temporary = try TemporaryDirectory()
        let calendar = Calendar.current
        let yesterday = try #require(calendar.date(from: DateComponents(year: 2024, month: 5, day: 9, hour: 15)))
        let today = try #require(calendar.date(from: DateComponents(year: 2024, month: 5, day: 10, hour: 9)))
        let clock = TestWallClock(yesterday)
        let (store, ledger, menu) = try Self.open(temporary.path, config: .standard(), clock: clock)
        let banana = try #require(menu.juice("banana"))
        _ = try store.commit(.add(fruit: try #require(menu.fruit("banana")), amount: 20))
        _ = try store.commit(.order(juice: banana, count: 3))
        clock.set(today)
        _ = try store.commit(.order(juice: banana, count: 2))
        _ = try store.commit(.order(juice: banana, count: 1))
        _ = try store.commit(.order(juice: try #require(menu.juice("strawberry-banana")), count: 1))
        #expect(throws: JuiceError.self) { try store.commit(.order(juice: banana, count: 99)) }

        let daily = try ledger.salesReport(from: calendar.startOfDay(for: today), to: nil)
        #expect(
            daily
                == SalesReport(
                    lines: [
                        .init(juice: "banana", count: 3, orders: 2, fruitUsed: [.init(fruit: "banana", amount: 6)]),
                        .init(
                            juice: "strawberry-banana", count: 1, orders: 1,
                            fruitUsed: [.init(fruit: "strawberry", amount: 10), .init(fruit: "banana", amount: 1)]),
                    ],
                    fruitUsed: [.init(fruit: "strawberry", amount: 10), .init(fruit: "banana", amount: 7)]))
        #expect(daily.total == 4)

        let all = try ledger.salesReport(from: nil, to: nil)
        #expect(all.lines.map(\.juice) == ["banana", "strawberry-banana"])
        #expect(
            all.lines.first
                == .init(juice: "banana", count: 6, orders: 3, fruitUsed: [.init(fruit: "banana", amount: 12)]))
        #expect(all.fruitUsed == [.init(fruit: "strawberry", amount: 10), .init(fruit: "banana", amount: 13)])
        #expect(all.total == 7)
    }

    @Test("today's orders follow the injected clock; all time counts every order")
    func salesByInjectedClock() throws {
        let temporary = try TemporaryDirectory()
        let calendar = Calendar.current
        let monday = try #require(calendar.date(from: DateComponents(year: 2024, month: 5, day: 6, hour: 23)))
        let tuesday = try #require(calendar.date(from: DateComponents(year: 2024, month: 5, day: 7, hour: 1)))
        let clock = TestWallClock(monday)
        let (store, ledger, menu) = try Self.open(temporary.path, config: .standard(), clock: clock)
        _ = try store.commit(.order(juice: try #require(menu.juice("kiwi")), count: 2))
        clock.set(tuesday)
        _ = try store.commit(.order(juice: try #require(menu.juice("mango")), count: 1))

        let today = try ledger.salesReport(from: calendar.startOfDay(for: clock.now()), to: nil)
        #expect(today.total == 1)
        #expect(
            today.lines == [.init(juice: "mango", count: 1, orders: 1, fruitUsed: [.init(fruit: "mango", amount: 3)])])
        let all = try ledger.salesReport(from: nil, to: nil)
        #expect(all.total == 3)
        #expect(all.fruitUsed == [.init(fruit: "kiwi", amount: 6), .init(fruit: "mango", amount: 3)])
    }

    @Test("a range counts orders at or after its start and before its end")
    func salesRange() throws {
        let temporary = try TemporaryDirectory()
        let start = Date(timeIntervalSince1970: 1_715_000_000)
        let end = start.addingTimeInterval(3_600)
        let clock = TestWallClock(start.addingTimeInterval(-0.001))
        let (store, ledger, menu) = try Self.open(temporary.path, config: .standard(), clock: clock)
        let kiwi = try #require(menu.juice("kiwi"))
        let mango = try #require(menu.juice("mango"))
        let banana = try #require(menu.juice("banana"))
        // A millisecond before the start, at the start, inside, a millisecond before the
        // end, at the end.
        _ = try store.commit(.order(juice: kiwi, count: 1))
        clock.set(start)
        _ = try store.commit(.order(juice: mango, count: 1))
        clock.set(start.addingTimeInterval(1_800))
        _ = try store.commit(.order(juice: banana, count: 1))
        clock.set(end.addingTimeInterval(-0.001))
        _ = try store.commit(.order(juice: mango, count: 2))
        clock.set(end)
        _ = try store.commit(.order(juice: kiwi, count: 2))

        let inside = try ledger.salesReport(from: start, to: end)
        #expect(
            inside.lines == [
                .init(juice: "mango", count: 3, orders: 2, fruitUsed: [.init(fruit: "mango", amount: 9)]),
                .init(juice: "banana", count: 1, orders: 1, fruitUsed: [.init(fruit: "banana", amount: 2)]),
            ])
        #expect(inside.fruitUsed == [.init(fruit: "banana", amount: 2), .init(fruit: "mango", amount: 9)])

        let before = try ledger.salesReport(from: nil, to: start)
        #expect(before.lines.map(\.juice) == ["kiwi"])
        #expect(before.total == 1)

        let after = try ledger.salesReport(from: end, to: nil)
        #expect(
            after.lines == [.init(juice: "kiwi", count: 2, orders: 1, fruitUsed: [.init(fruit: "kiwi", amount: 6)])])

        let empty = try ledger.salesReport(from: end, to: start)
        #expect(empty == SalesReport(lines: [], fruitUsed: []))
        #expect(try ledger.salesReport(from: nil, to: nil).total == 7)
    }

    @Test("fruit the order does not name follows the named fruit, by id")
    func unrankedFruitFollows() throws {
        let temporary = try TemporaryDirectory()
        let clock = TestWallClock(Date(timeIntervalSince1970: 1_715_000_000))
        let (store, _, menu) = try Self.open(temporary.path, config: .standard(), clock: clock)
        _ = try store.commit(.order(juice: try #require(menu.juice("strawberry-banana")), count: 1))
        let database = try KioskDatabase.open(.directory(temporary.path))
        let ledger = SQLiteSalesLedger(database: database, fruitOrder: ["banana"])
        #expect(
            try ledger.salesReport(from: nil, to: nil).fruitUsed == [
                .init(fruit: "banana", amount: 1), .init(fruit: "strawberry", amount: 10),
            ])
    }
}
