import Foundation
import JuiceMaker
import KioskCore
import Testing

@testable import KioskStorage

/// The order lines SQLite returns for `sales export`.
@Suite struct SQLiteSalesRecordsTests {
    @Test("every order line of the period, oldest first, with the fruit it took in menu order and no kiosk")
    func records() throws {
        let temporary = try TemporaryDirectory()
        let calendar = Calendar.current
        let yesterday = try #require(calendar.date(from: DateComponents(year: 2024, month: 5, day: 9, hour: 15)))
        let today = try #require(calendar.date(from: DateComponents(year: 2024, month: 5, day: 10, hour: 9)))
        let clock = TestWallClock(yesterday)
        let (store, ledger, menu) = try SQLiteSalesLedgerTests.open(temporary.path, config: .standard(), clock: clock)
        let banana = try #require(menu.juice("banana"))
        _ = try store.commit(.order(juice: banana, count: 2))
        clock.set(today)
        _ = try store.commit(.order(juice: try #require(menu.juice("strawberry-banana")), count: 1))
        _ = try store.commit(.order(juice: banana, count: 1))
        #expect(throws: JuiceError.self) { try store.commit(.order(juice: banana, count: 99)) }

        let all = try ledger.salesRecords(from: nil, to: nil)
        #expect(
            all == [
                SalesRecord(
                    at: yesterday, juice: "banana", count: 2, fruitUsed: [.init(fruit: "banana", amount: 4)], kiosk: nil
                ),
                SalesRecord(
                    at: today, juice: "strawberry-banana", count: 1,
                    fruitUsed: [.init(fruit: "strawberry", amount: 10), .init(fruit: "banana", amount: 1)], kiosk: nil),
                SalesRecord(
                    at: today, juice: "banana", count: 1, fruitUsed: [.init(fruit: "banana", amount: 2)], kiosk: nil),
            ])
        let start = calendar.startOfDay(for: today)
        #expect(try ledger.salesRecords(from: start, to: nil) == Array(all.dropFirst()))
        #expect(try ledger.salesRecords(from: nil, to: start) == Array(all.prefix(1)))
        #expect(try ledger.salesRecords(from: start, to: start).isEmpty)
        // The report of the same period counts the same orders.
        #expect(try ledger.salesReport(from: start, to: nil).total == 2)
    }
}
