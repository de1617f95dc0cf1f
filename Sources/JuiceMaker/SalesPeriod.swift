import Foundation
import KioskCore

/// Which days `sales` asks for, as the command gives them (relative days not yet dated).
public enum SalesRequest: Sendable, Equatable {
    /// `sales`: since local midnight.
    case today
    /// `sales yesterday`, `sales 2026-11-21`: one whole day.
    case day(DayArgument)
    /// `sales --from A --to B`: from the start of A to the end of B; either may be open.
    case range(from: DayArgument?, to: DayArgument?)
    /// `sales --all`: every order ever recorded.
    case all
}

/// The days a sales report covers, dated in the kiosk's local time zone.
public struct SalesPeriod: Sendable, Equatable {
    /// How the days were asked for.
    public enum Span: String, Sendable, Equatable {
        case today, day, range, all
    }

    /// How the days were asked for.
    public let span: Span
    /// The first day counted; nil counts from the first order ever recorded.
    public let first: CalendarDay?
    /// The last day counted, in full; nil counts up to the latest order.
    public let last: CalendarDay?

    /// A period of `span` from `first` through `last`.
    public init(span: Span, first: CalendarDay?, last: CalendarDay?) {
        self.span = span
        self.first = first
        self.last = last
    }
}

/// Turns days into the instants a ``SalesLedger`` counts between, in one calendar (the
/// kiosk's local time zone), so that a day is midnight to midnight where the kiosk stands,
/// also across a daylight-saving change.
struct SalesCalendar {
    let calendar: Calendar
    let now: Date

    /// The day `argument` names: a date as given, or so many days before today.
    func day(_ argument: DayArgument) -> CalendarDay? {
        switch argument {
        case .date(let day): return day
        case .daysAgo(let count):
            let start = calendar.startOfDay(for: now)
            guard let then = calendar.date(byAdding: .day, value: -count, to: start) else { return nil }
            let parts = calendar.dateComponents([.year, .month, .day], from: then)
            guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
            return CalendarDay(year: year, month: month, day: day)
        }
    }

    /// The first instant of `day`.
    func start(of day: CalendarDay) -> Date? {
        calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)).map {
            calendar.startOfDay(for: $0)
        }
    }

    /// The first instant after `day`.
    func end(of day: CalendarDay) -> Date? {
        start(of: day).flatMap { calendar.date(byAdding: .day, value: 1, to: $0) }
    }
}

/// The period arguments of `sales` (a day, `--all`, `--from`/`--to`), which `sales export`
/// takes too.
public enum SalesArguments {
    /// `[day]`: `today`, `yesterday` or `YYYY-MM-DD`.
    public static let day = ArgumentKey.optional("day", .day)
    /// `--all`: every order ever recorded.
    public static let all = FlagKey("all")
    /// `--from <day>`: the first day counted.
    public static let from = OptionKey("from", value: "day", .day)
    /// `--to <day>`: the last day counted, in full.
    public static let to = OptionKey("to", value: "day", .day)

    /// `--all`, `--from` and `--to`, in the order usage lines show them.
    public static var flags: [FlagSpec] { [all.spec, from.spec, to.spec] }

    /// What `invocation` asked for; a day, a range and `--all` exclude one another.
    /// - Throws: ``ParseError/conflictingArguments(_:_:usage:)`` naming two that were given.
    public static func request(in invocation: Invocation) throws -> SalesRequest {
        let day = try invocation[Self.day]
        let from = try invocation[Self.from]
        let to = try invocation[Self.to]
        let all = invocation[Self.all]
        let given = [day.map { _ in "<day>" }, all ? "--all" : nil, (from != nil || to != nil) ? "--from/--to" : nil]
            .compactMap { $0 }
        if given.count > 1 {
            throw ParseError.conflictingArguments(given[0], given[1], usage: invocation.spec.usage)
        }
        if let day { return .day(day) }
        if all { return .all }
        if from != nil || to != nil { return .range(from: from, to: to) }
        return .today
    }
}
