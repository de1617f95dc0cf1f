import Foundation
import KioskCore

/// The service level a plan must reach, per task.
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

    /// The default: 85% of customers wait under a minute.
    public static let standard = ServiceTarget.share(0.85, within: .seconds(60))
}

/// What `bank plan` was asked, checked against the bank: rates per task, bounds and costs
/// per desk and office (in config order), the day and the target.
public struct PlanRequest: Sendable, Equatable {
    /// The bank the plan staffs (its clerk counts are the default lower bounds).
    public let setup: KioskConfig.BankSetup
    /// The opening hours; customers arrive during them, and those still there are served after.
    public let hours: Double
    /// Customers an hour, per task in config order.
    public let rates: [Double]
    /// Every stage's timing, when `--service` overrides the configured ones.
    public let timing: KioskConfig.BankStage.Timing?
    public let target: ServiceTarget
    /// The clerks each desk and office may have, in config order.
    public let bounds: [ClosedRange<Int>]
    /// What a clerk costs at each desk and office (a whole number from 0 to a million), in config order.
    public let costs: [Double]
    /// Days simulated per candidate staffing.
    public let replications: Int
    /// Fixes every replication's arrivals and service times.
    public let seed: UInt64

    /// The customers an hour a plan assumes when no `--rate` is given, split by the tasks' shares.
    public static let defaultRate = 60.0
    public static let defaultHours = 8.0
    public static let defaultReplications = 20
    public static let replicationRange = 2...1_000
    /// How many clerks above the lower bound a desk may get when no `--clerks` bounds it.
    public static let defaultHeadroom = 20
    /// The most customers a simulated day may expect: each day keeps every customer's wait.
    public static let customersPerDayLimit = 1_000_000

    /// Reads the options of `bank plan` against `setup`.
    /// - Throws: ``PlanError`` naming the first option that does not fit.
    public init(
        setup: KioskConfig.BankSetup, hours: String?, rates: [String], service: String?, target: String?,
        clerks: [String], costs: [String], replications: Int?, seed: UInt64
    ) throws(PlanError) {
        self.setup = setup
        if let hours {
            guard let value = Double(hours), value.isFinite, value > 0, value <= 168 else { throw .badHours(hours) }
            self.hours = value
        } else {
            self.hours = Self.defaultHours
        }
        let taskIDs = setup.tasks.map(\.id)
        if rates.isEmpty {
            let total = setup.tasks.reduce(0) { $0 + max(0, $1.share) }
            self.rates = setup.tasks.map {
                total > 0 ? Self.defaultRate * Double(max(0, $0.share)) / Double(total) : 0
            }
        } else {
            var byTask = [Double](repeating: 0, count: taskIDs.count)
            for text in rates {
                let (name, value) = try Self.pair(text, option: "rate")
                guard let index = taskIDs.firstIndex(of: name.lowercased()) ?? taskIDs.firstIndex(of: name) else {
                    throw .unknownName(noun: "task", given: name, known: taskIDs)
                }
                guard let rate = PlanQuantities.perHour(value) else { throw .badRate(text) }
                byTask[index] = rate
            }
            self.rates = byTask
        }
        guard self.rates.contains(where: { $0 > 0 }) else { throw .noArrivals }
        let expected = self.rates.reduce(0, +) * self.hours
        guard expected <= Double(Self.customersPerDayLimit) else {
            throw .dayTooBusy(expected: Int(expected.rounded()), limit: Self.customersPerDayLimit)
        }
        switch service?.lowercased() {
        case nil: timing = nil
        case "fixed": timing = .fixed
        case "exponential": timing = .exponential
        case let other?: throw .badService(other)
        }
        self.target = try target.map { text throws(PlanError) in try Self.target(text) } ?? .standard
        let placeIDs = setup.places.map(\.id)
        var bounds = setup.places.map { max(1, $0.clerks)...(max(1, $0.clerks) + Self.defaultHeadroom) }
        for text in clerks {
            let (name, value) = try Self.pair(text, option: "clerks")
            guard let index = placeIDs.firstIndex(of: name) else {
                throw .unknownName(noun: "desk", given: name, known: placeIDs)
            }
            let ends = value.components(separatedBy: "..")
            guard (1...2).contains(ends.count), let low = Int(ends[0]), let high = Int(ends[ends.count - 1]),
                (1...1_000).contains(low), (1...1_000).contains(high)
            else { throw .badSetting(option: "clerks", given: text) }
            guard low <= high else { throw .boundsReversed(desk: name, min: low, max: high) }
            bounds[index] = low...high
        }
        self.bounds = bounds
        var perClerk = [Double](repeating: 1, count: placeIDs.count)
        for text in costs {
            let (name, value) = try Self.pair(text, option: "cost")
            guard let index = placeIDs.firstIndex(of: name) else {
                throw .unknownName(noun: "desk", given: name, known: placeIDs)
            }
            guard let cost = Int(value), (0...1_000_000).contains(cost) else {
                throw .badSetting(option: "cost", given: text)
            }
            perClerk[index] = Double(cost)
        }
        self.costs = perClerk
        self.replications = replications ?? Self.defaultReplications
        self.seed = seed
    }

    /// `NAME=VALUE`, split.
    private static func pair(_ text: String, option: String) throws(PlanError) -> (String, String) {
        let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw option == "rate" ? .badRate(text) : .badSetting(option: option, given: text)
        }
        return (parts[0], parts[1])
    }

    /// `P% within DURATION` or `mean within DURATION`.
    static func target(_ text: String) throws(PlanError) -> ServiceTarget {
        let words = text.lowercased().split(separator: " ").map(String.init)
        guard words.count == 3, words[1] == "within", let within = PlanQuantities.duration(words[2]) else {
            throw .badTarget(text)
        }
        if words[0] == "mean" { return .mean(within: within) }
        guard words[0].hasSuffix("%"), let percent = Double(words[0].dropLast()), percent.isFinite else {
            throw .badTarget(text)
        }
        guard percent > 0, percent <= 100 else { throw .impossibleTarget(percent: percent) }
        return .share(percent / 100, within: within)
    }

    /// The bank with `clerks` at each desk and office, and the requested timing.
    func staffed(_ clerks: [Int]) -> KioskConfig.BankSetup {
        KioskConfig.BankSetup(
            customers: setup.customers,
            places: zip(setup.places, clerks).map {
                KioskConfig.BankPlace(
                    id: $0.id, name: $0.name, kind: $0.kind, clerks: $1, translations: $0.translations)
            },
            tasks: setup.tasks.map { task in
                KioskConfig.BankRoute(
                    id: task.id, name: task.name, share: task.share,
                    stages: task.stages.map {
                        KioskConfig.BankStage(
                            id: $0.id, name: $0.name, place: $0.place, serviceTime: $0.serviceTime,
                            clerkStays: $0.clerkStays, timing: timing ?? $0.timing, translations: $0.translations)
                    }, translations: task.translations)
            },
            grades: setup.grades)
    }
}
