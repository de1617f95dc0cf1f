import Foundation
import JuiceMaker
import KioskCore
import Testing

/// The order lines of a period, one record each, as `sales export` writes them.
@Suite struct SalesRecordsTests {
    let shop: TestShop

    init() throws {
        shop = try TestShop()
    }

    @Test("each order line is a record, oldest first, with the fruit it took in menu order and no kiosk")
    func records() throws {
        try shop.make("mango-kiwi", count: 2)
        shop.clock.advance(minutes: 5)
        try shop.make("banana")
        let (records, period) = try shop.maker.salesRecords(.today)
        #expect(
            period
                == SalesPeriod(
                    span: .today, first: CalendarDay(iso: "2025-03-14"), last: CalendarDay(iso: "2025-03-14")))
        #expect(records.map(\.juice) == ["mango-kiwi", "banana"])
        #expect(records.map(\.count) == [2, 1])
        #expect(records[0].fruitUsed == [.init(fruit: "kiwi", amount: 2), .init(fruit: "mango", amount: 4)])
        #expect(records[1].at.timeIntervalSince(records[0].at) == 300)
        #expect(records.allSatisfy { $0.kiosk == nil })
    }

    @Test("the records of a day or a range are those the report of the same days counts")
    func samePeriodAsTheReport() throws {
        try shop.make("banana")
        shop.clock.advance(days: 1)
        try shop.make("kiwi", count: 2)
        shop.clock.advance(days: 1)
        try shop.make("mango")
        let requests: [SalesRequest] = [
            .today, .day(.daysAgo(1)), .range(from: .daysAgo(2), to: .daysAgo(1)), .range(from: nil, to: .daysAgo(2)),
            .all,
        ]
        for request in requests {
            let (records, period) = try shop.maker.salesRecords(request)
            let (report, reportPeriod) = try shop.maker.sales(request)
            #expect(period == reportPeriod)
            #expect(records.reduce(0) { $0 + $1.count } == report.total, "\(request)")
            #expect(records.count == report.lines.reduce(0) { $0 + $1.orders }, "\(request)")
        }
        #expect(try shop.maker.salesRecords(.day(.daysAgo(1))).records.map(\.juice) == ["kiwi"])
        let first = try #require(CalendarDay(iso: "2025-03-16"))
        let last = try #require(CalendarDay(iso: "2025-03-14"))
        #expect(throws: JuiceError.invalidPeriod(first: first, last: last)) {
            try shop.maker.salesRecords(.range(from: .date(first), to: .date(last)))
        }
    }
}
