/// A day on the calendar, with no time and no time zone: `2026-11-21`.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The day `year`-`month`-`day`, if the calendar has it (no 2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day an ISO 8601 date names (`2026-11-21`), if it is one.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `2026-11-21`.
    public var description: String {
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// A day as a command names it: relative to today (`today`, `yesterday`, or in Korean `오늘`,
/// `어제`, `그제`), or a date. Every spelling is accepted in every language.
/// The parser has no clock; the command that runs turns a relative day into a date.
public enum DayArgument: Sendable, Hashable {
    /// `today` (0), `yesterday` (1) or `그제` (2): so many days before the day the command runs.
    case daysAgo(Int)
    /// `2026-11-21`.
    case date(CalendarDay)

    /// The words for a day that completion offers, in English and Korean (dates are typed).
    public static let spellings = ["today", "yesterday", "오늘", "어제", "그제"]

    /// The day `text` names, case-insensitively, if it names one.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "today": self = .daysAgo(0)
        case "yesterday": self = .daysAgo(1)
        case "오늘": self = .daysAgo(0)
        case "어제": self = .daysAgo(1)
        case "그제", "그저께": self = .daysAgo(2)
        default:
            guard let day = CalendarDay(iso: text) else { return nil }
            self = .date(day)
        }
    }
}
