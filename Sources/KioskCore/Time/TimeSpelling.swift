/// Lengths of time and rates as a person types them: `700ms`, `45s`, `10m`, `1.5h`;
/// `2/min`, `60/h`, `0.5/s`.
///
/// A number is ASCII digits with at most one `.` and six decimals, and at most nine digits
/// before the point, so that every spelling converts to a `Duration` without overflow; its
/// unit follows without a space. Bounds that make sense for a command are the command's:
/// see ``ArgumentKind/duration(_:)`` and ``ArgumentKind/rate(_:)``.
///
/// ```swift
/// TimeSpelling.duration("1.5h")          // .spelled(.seconds(5_400))
/// TimeSpelling.rate("2/min")?.meanGap    // .seconds(30)
/// ```
public enum TimeSpelling {
    /// What a word spelled as a duration says.
    public enum Reading: Sendable, Equatable {
        /// A duration.
        case spelled(Duration)
        /// Not a number and a unit.
        case malformed
        /// A number and a unit, with more digits than any bound admits.
        case tooLarge
    }

    /// The duration `text` spells: a number and one of `ms`, `s`, `sec`, `m`, `min`, `h`
    /// (case-insensitive), or a Korean unit (`밀리초`, `초`, `분`, `시간`) in every language.
    public static func duration(_ text: String) -> Reading {
        guard let (micros, unit) = splitNumber(text) else { return .malformed }
        guard let micros else { return .tooLarge }
        guard let unitNanoseconds = durationUnits[unit.lowercased()] else { return .malformed }
        // At most 10^15 millionths times 3.6 × 10^12 ns: Duration's 128 bits hold it.
        return .spelled(.nanoseconds(unitNanoseconds) * micros / 1_000_000)
    }

    /// The rate `text` spells: a number, `/`, and one of `s`, `sec`, `second`, `m`, `min`,
    /// `minute`, `h`, `hour` (case-insensitive) or a Korean unit (`2/분`, also `분당 2`,
    /// `시간당 60`); nil when it spells none, a rate of 0, or
    /// one too large or too small to hold (see ``rateReading(_:)``).
    public static func rate(_ text: String) -> ArrivalRate? {
        if case .spelled(let rate) = rateReading(text) { return rate }
        return nil
    }

    /// What a word spelled as a rate says.
    public enum RateReading: Sendable, Equatable {
        /// A rate.
        case spelled(ArrivalRate)
        /// Not a number more than 0, `/` and a unit.
        case malformed
        /// A number more than 0 and a unit, but too large (`1e12/h`, thirteen digits) or too
        /// small (less than a millionth) for any bound to admit.
        case outOfBounds
    }

    /// The rate `text` spells, as ``rate(_:)`` reads it, telling a number no bound admits
    /// (`1e7/s` is a number; a rate's range decides) from a word that is no rate at all.
    public static func rateReading(_ text: String) -> RateReading {
        // `분당 2` says `2/분` the Korean way round: the unit first, then how many.
        for (prefix, unit) in perUnitPrefixes where text.hasPrefix(prefix) {
            let number = text.dropFirst(prefix.count).drop { $0 == " " }
            guard !number.isEmpty, !number.contains("/") else { return .malformed }
            return reading(number: number, unit: unit, spelling: text)
        }
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let unit = ArrivalRate.Unit(spelling: parts[1].lowercased()) else { return .malformed }
        return reading(number: parts[0], unit: unit, spelling: text)
    }

    /// The rate of `number` per `unit`, typed as `spelling`.
    private static func reading(number text: Substring, unit: ArrivalRate.Unit, spelling: String) -> RateReading {
        if let (micros, rest) = splitNumber(String(text)), rest.isEmpty {
            guard let micros else { return .outOfBounds }
            return micros > 0 ? .spelled(ArrivalRate(millionths: micros, per: unit, spelling: spelling)) : .malformed
        }
        // A number with an exponent (`1e7`): a number all the same, which the range judges.
        let number = text.utf8
        guard let first = number.first, first == UInt8(ascii: ".") || digit(first) != nil,
            number.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
            number.allSatisfy({ digit($0) != nil || "+-.eE".utf8.contains($0) }),
            let value = Double(text), value.isFinite, value > 0
        else { return .malformed }
        let millionths = (value * 1_000_000).rounded()
        guard millionths >= 1, millionths <= 1e15 else { return .outOfBounds }
        return .spelled(ArrivalRate(millionths: Int64(millionths), per: unit, spelling: spelling))
    }

    /// The Korean words that put a rate's unit before its number (`분당 2`).
    private static let perUnitPrefixes: [(String, ArrivalRate.Unit)] = [
        ("초당", .second), ("분당", .minute), ("시간당", .hour),
    ]

    private static let durationUnits: [String: Int64] = [
        "ms": 1_000_000, "s": 1_000_000_000, "sec": 1_000_000_000, "m": 60_000_000_000, "min": 60_000_000_000,
        "h": 3_600_000_000_000, "밀리초": 1_000_000, "초": 1_000_000_000, "분": 60_000_000_000,
        "시간": 3_600_000_000_000,
    ]

    /// The leading number of `text` in millionths (nil when it has too many digits), and the
    /// text after it; nil when `text` does not start with a number.
    private static func splitNumber(_ text: String) -> (Int64?, Substring)? {
        let bytes = Array(text.utf8)
        var index = 0
        var whole: Int64 = 0
        var wholeDigits = 0
        while index < bytes.count, let digit = digit(bytes[index]) {
            wholeDigits += 1
            if wholeDigits <= maxWholeDigits { whole = whole * 10 + digit }
            index += 1
        }
        var fraction: Int64 = 0
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, let digit = digit(bytes[index]) {
                fractionDigits += 1
                guard fractionDigits <= 6 else { return nil }
                fraction = fraction * 10 + digit
                index += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        guard wholeDigits > 0 || fractionDigits > 0 else { return nil }
        let rest = Substring(decoding: bytes[index...], as: UTF8.self)
        guard wholeDigits <= maxWholeDigits else { return (nil, rest) }
        var scale: Int64 = 1
        for _ in fractionDigits..<6 { scale *= 10 }
        return (whole * 1_000_000 + fraction * scale, rest)
    }

    /// Nine digits: 10^9 of the largest unit stays far inside `Duration`.
    private static let maxWholeDigits = 9

    private static func digit(_ byte: UInt8) -> Int64? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte - UInt8(ascii: "0")) : nil
    }
}

/// How often something happens on average: `2/min`, `60/h`; as typed, and as the mean gap
/// between two events (for a Poisson stream of arrivals).
public struct ArrivalRate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The unit of time a rate counts per.
    public enum Unit: Int64, Sendable, Hashable {
        case second = 1
        case minute = 60
        case hour = 3_600

        init?(spelling: String) {
            switch spelling {
            case "s", "sec", "second", "초": self = .second
            case "m", "min", "minute", "분": self = .minute
            case "h", "hour", "시간": self = .hour
            default: return nil
            }
        }
    }

    /// How many per ``unit``, in millionths (`2/min`: 2,000,000); at least 1.
    public let millionths: Int64
    /// The unit of time it counts per.
    public let unit: Unit
    /// The rate as typed (or as built: `2/min`).
    public let spelling: String

    /// `millionths` / 10^6 per `unit` (at least 1 millionth); `spelling` is how it reads.
    public init(millionths: Int64, per unit: Unit, spelling: String? = nil) {
        self.millionths = max(1, millionths)
        self.unit = unit
        self.spelling = spelling ?? "\(Self.decimal(self.millionths))/\(unit.symbol)"
    }

    /// `count` per `unit` (1 to 10^9).
    public init(_ count: Int64, per unit: Unit) {
        self.init(millionths: min(max(1, count), 1_000_000_000) * 1_000_000, per: unit)
    }

    /// The mean time between two events: the unit divided by the rate, to the nanosecond.
    public var meanGap: Duration {
        // unit ≤ 3,600 s = 3.6 × 10^12 ns; times 10^6 stays below Int64.max (9.2 × 10^18).
        .nanoseconds(unit.rawValue * 1_000_000_000 * 1_000_000 / millionths)
    }

    /// Millionths of an event per hour, for comparing rates of different units (at most
    /// 10^15 × 3,600, inside Int64).
    private var perHour: Int64 { millionths * (3_600 / unit.rawValue) }

    public static func < (lhs: ArrivalRate, rhs: ArrivalRate) -> Bool { lhs.perHour < rhs.perHour }

    public static func == (lhs: ArrivalRate, rhs: ArrivalRate) -> Bool { lhs.perHour == rhs.perHour }

    public func hash(into hasher: inout Hasher) { hasher.combine(perHour) }

    public var description: String { spelling }

    /// `2`, `0.5`: millionths as a decimal number, without trailing zeros.
    private static func decimal(_ millionths: Int64) -> String {
        let whole = millionths / 1_000_000
        var fraction = millionths % 1_000_000
        guard fraction > 0 else { return String(whole) }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(whole)." + String(repeating: "0", count: digits - text.count) + text
    }
}

extension ArrivalRate.Unit {
    /// `s`, `min`, `h`.
    public var symbol: String {
        switch self {
        case .second: "s"
        case .minute: "min"
        case .hour: "h"
        }
    }
}
