/// The service level a plan must reach, per task: what `bank plan --target` reads.
public enum ServiceTarget: Sendable, Equatable {
    /// At least `share` (0...1) of the customers wait no longer than `within`.
    case share(Double, within: Duration)
    /// The mean wait is no longer than `within`.
    case mean(within: Duration)

    /// The wait the target is about.
    public var threshold: Duration {
        switch self {
        case .share(_, let within), .mean(let within): within
        }
    }

    /// The share a target that names only a duration asks for (`2 min`: 85% within 2 minutes).
    public static let standardShare = 0.85

    /// The default: 85% of customers wait under a minute.
    public static let standard = ServiceTarget.share(standardShare, within: .seconds(60))
}

/// `NAME=VALUE` as typed after an option (`--rate deposit=60/h`, `--clerks counter=1..5`):
/// the name of a task or desk, which the module that has them looks up, and the value.
public struct Named<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The name before `=`, as typed (trimmed).
    public let name: String
    /// The value after `=`.
    public let value: Value

    /// `name`'s `value`.
    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

/// The grammars of `bank plan`'s options, which ``ArgumentKind/plan(_:)`` reads at the edge
/// so that the planner receives values.
public enum PlanArgument: Sendable, Equatable {
    /// Opening hours: a number above 0 and at most 168 (a week).
    case hours
    /// `TASK=N/h` (or `/m`, `/s`): customers an hour for a task; `0/h` is a rate of 0.
    case taskRate
    /// `fixed` or `exponential`: every stage's service timing.
    case timing
    /// `P% within DURATION`, `mean within DURATION` or a duration alone, as people say them
    /// (see ``ServiceTarget/read(_:)``).
    case target
    /// `DESK=MIN..MAX` or `DESK=N`: the clerks a desk may have, each from 1 to 1,000.
    case clerkRange
    /// `DESK=N`: what a clerk at a desk costs, a whole number from 0 to a million.
    case clerkCost

    /// The most hours a plan's day may open.
    public static let hoursRange = 0.0...168.0
    /// The clerks a `--clerks` bound may name.
    public static let clerkBounds = 1...1_000
    /// The costs a `--cost` may name.
    public static let costs = 0...1_000_000
    /// The most customers an hour a `--rate` may ask.
    public static let mostPerHour = 1_000_000.0
    /// The longest wait a `--target` may name.
    public static let longestWait = Duration.seconds(7 * 86_400)

    /// The value `text` spells in this grammar.
    /// - Throws: the ``PlanArgumentProblem`` that names what is wrong with it.
    public func read(_ text: String) throws(PlanArgumentProblem) -> PlanValue {
        switch self {
        case .hours:
            // `8`, and `8h` or `8시간` with the unit the option already names.
            let number =
                text.hasSuffix("시간")
                ? String(text.dropLast(2)) : text.lowercased().hasSuffix("h") ? String(text.dropLast()) : text
            guard let hours = Double(number), hours.isFinite, hours > Self.hoursRange.lowerBound,
                hours <= Self.hoursRange.upperBound
            else { throw .badHours(text) }
            return .hours(hours)
        case .taskRate:
            guard let (name, value) = Self.pair(text), let perHour = Self.perHour(value) else {
                throw .badRate(text)
            }
            return .taskRate(Named(name, perHour))
        case .timing:
            guard let timing = KioskConfig.BankStage.Timing(rawValue: text.lowercased()) else {
                throw .badService(text.lowercased())
            }
            return .timing(timing)
        case .target:
            return .target(try ServiceTarget.read(text))
        case .clerkRange:
            guard let (name, value) = Self.pair(text) else { throw .badSetting(option: "clerks", given: text) }
            let ends = value.firstRange(of: "..").map { (value[..<$0.lowerBound], value[$0.upperBound...]) }
            guard let low = Int(ends?.0 ?? value[...]), let high = Int(ends?.1 ?? value[...]),
                Self.clerkBounds.contains(low), Self.clerkBounds.contains(high)
            else { throw .badSetting(option: "clerks", given: text) }
            guard low <= high else { throw .boundsReversed(desk: name, min: low, max: high) }
            return .clerkRange(Named(name, low...high))
        case .clerkCost:
            guard let (name, value) = Self.pair(text), let cost = Int(value), Self.costs.contains(cost) else {
                throw .badSetting(option: "cost", given: text)
            }
            return .clerkCost(Named(name, cost))
        }
    }

    /// `NAME=VALUE`, split at the first `=` and trimmed; nil when either side is empty.
    private static func pair(_ text: String) -> (String, String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = trimmed(text[..<equals])
        let value = trimmed(text[text.index(after: equals)...])
        guard !name.isEmpty, !value.isEmpty else { return nil }
        return (name, value)
    }

    /// `text` without the spaces around it.
    private static func trimmed(_ text: Substring) -> String {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
        return String(text[start..<max(start, end)])
    }

    /// A rate in customers an hour (`60/h`, `2/m`), as `bank add --rate` reads one; nil when
    /// it is not one, or above a million an hour. `0/h` is a rate of 0, which the plan judges.
    static func perHour(_ text: String) -> Double? {
        let parts = text.split(separator: "/", maxSplits: 1)
        if parts.count == 2, Double(parts[0]) == 0, TimeSpelling.rate("1/" + parts[1]) != nil { return 0 }
        guard let rate = TimeSpelling.rate(text) else { return nil }
        let perHour = Double(rate.millionths) / 1_000_000 * 3_600 / Double(rate.unit.rawValue)
        return perHour <= mostPerHour ? perHour : nil
    }
}

/// A value of one of `bank plan`'s options, read by ``PlanArgument/read(_:)``.
public enum PlanValue: Sendable, Equatable {
    case hours(Double)
    case taskRate(Named<Double>)
    case timing(KioskConfig.BankStage.Timing)
    case target(ServiceTarget)
    case clerkRange(Named<ClosedRange<Int>>)
    case clerkCost(Named<Int>)
}

/// Why the words after one of `bank plan`'s options are not a value of its grammar; the
/// cases and codes are `PlanError`'s, whose words the presenter uses for them.
public enum PlanArgumentProblem: Error, Sendable, Equatable {
    /// A `--rate` that is not `TASK=N/h` (or `/m`, `/s`).
    case badRate(String)
    /// A `--target` that says no share or mean wait within a duration: `word` is the first
    /// word not understood (nil when every word is, but they make no target).
    case badTarget(String, word: String? = nil)
    /// A share outside (0, 100] percent.
    case impossibleTarget(percent: Double)
    /// `mean within 0`: met only by a bank where nobody ever waits, which no staffing's
    /// formulas promise (a share within 0, the customers who never wait, is a target).
    case zeroMeanTarget(String)
    /// A `--clerks` that is not `DESK=MIN..MAX` (or `DESK=N`), or a `--cost` not `DESK=N`.
    case badSetting(option: String, given: String)
    /// `--clerks DESK=MIN..MAX` with MIN above MAX.
    case boundsReversed(desk: String, min: Int, max: Int)
    /// `--hours` that is not a number of hours in (0, 168].
    case badHours(String)
    /// `--service` other than `fixed` or `exponential`.
    case badService(String)

    /// The stable machine-readable name.
    public var code: String {
        switch self {
        case .badRate: "bad_rate"
        case .badTarget: "bad_target"
        case .impossibleTarget: "impossible_target"
        case .zeroMeanTarget: "zero_mean_target"
        case .badSetting: "bad_setting"
        case .boundsReversed: "bounds_reversed"
        case .badHours: "bad_hours"
        case .badService: "bad_service"
        }
    }

    /// What was given and the bounds it missed, as `PlanError`'s details give them.
    public var details: ErrorDetails {
        switch self {
        case .badRate(let given): ["argument": .text("--rate"), "given": .text(given)]
        case .badTarget(let given, let word):
            ["argument": .text("--target"), "given": .text(given), "word": word.map(ErrorDetail.text)]
        case .impossibleTarget(let percent):
            ["share_permille": Int(exactly: (percent / 100 * 1_000).rounded()).map(ErrorDetail.integer)]
        case .zeroMeanTarget(let given): ["argument": .text("--target"), "given": .text(given)]
        case .badSetting(let option, let given): ["argument": .text("--\(option)"), "given": .text(given)]
        case .boundsReversed(let desk, let min, let max):
            ["desk": .text(desk), "min": .integer(min), "max": .integer(max)]
        case .badHours(let given): ["argument": .text("--hours"), "given": .text(given)]
        case .badService(let given): ["argument": .text("--service"), "given": .text(given)]
        }
    }
}
