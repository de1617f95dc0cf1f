import KioskCore

/// What `bank plan` was asked, checked against the bank: rates per task, bounds and costs
/// per desk and office (in config order), the day and the target.
public struct PlanRequest: Sendable, Equatable {
    /// The bank the plan staffs (its clerk counts, plus ``defaultHeadroom``, are the default
    /// upper bounds).
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
    /// How many clerks above its configured count a desk may get when no `--clerks` bounds it;
    /// it may always get as few as one, so that a plan can answer "fewer than today".
    public static let defaultHeadroom = 20
    /// The most customers a simulated day may expect: each day keeps every customer's wait.
    public static let customersPerDayLimit = 1_000_000

    /// The options of `bank plan`, read at the edge, checked against `setup`: each name
    /// must be one of its tasks (for `rates`) or desks and offices (for `clerks` and `costs`).
    /// - Parameters:
    ///   - hours: the opening hours (default 8).
    ///   - rates: customers an hour per task; tasks not named get none. Empty: 60 an hour
    ///     split by the tasks' shares.
    ///   - timing: every stage's timing, overriding the configured ones.
    ///   - target: the service level (default ``ServiceTarget/standard``).
    ///   - clerks: the clerks each named desk may have (default: one to the configured count
    ///     plus ``defaultHeadroom``).
    ///   - costs: what a clerk costs at each named desk (default 1).
    ///   Tasks and desks are named by id or display name, in any case.
    /// - Throws: ``PlanError`` naming the first option that does not fit the bank.
    public init(
        setup: KioskConfig.BankSetup, hours: Double? = nil, rates: [Named<Double>] = [],
        timing: KioskConfig.BankStage.Timing? = nil, target: ServiceTarget? = nil,
        clerks: [Named<ClosedRange<Int>>] = [], costs: [Named<Int>] = [], replications: Int? = nil, seed: UInt64
    ) throws(PlanError) {
        self.setup = setup
        self.hours = hours ?? Self.defaultHours
        let taskIDs = setup.tasks.map(\.id)
        if rates.isEmpty {
            let total = setup.tasks.reduce(0) { $0 + max(0, $1.share) }
            self.rates = setup.tasks.map {
                total > 0 ? Self.defaultRate * Double(max(0, $0.share)) / Double(total) : 0
            }
        } else {
            var byTask = [Double](repeating: 0, count: taskIDs.count)
            for rate in rates {
                guard let index = Self.index(of: rate.name, ids: taskIDs, names: setup.tasks.map(Self.names)) else {
                    throw .unknownName(noun: "task", given: rate.name, known: taskIDs)
                }
                byTask[index] = rate.value
            }
            self.rates = byTask
        }
        guard self.rates.contains(where: { $0 > 0 }) else { throw .noArrivals }
        let expected = self.rates.reduce(0, +) * self.hours
        guard expected <= Double(Self.customersPerDayLimit) else {
            throw .dayTooBusy(expected: Int(expected.rounded()), limit: Self.customersPerDayLimit)
        }
        self.timing = timing
        self.target = target ?? .standard
        let placeIDs = setup.places.map(\.id)
        let placeNames = setup.places.map(Self.names)
        var bounds = setup.places.map { 1...(max(1, $0.clerks) + Self.defaultHeadroom) }
        for bound in clerks {
            guard let index = Self.index(of: bound.name, ids: placeIDs, names: placeNames) else {
                throw .unknownName(noun: "desk", given: bound.name, known: placeIDs)
            }
            bounds[index] = bound.value
        }
        self.bounds = bounds
        var perClerk = [Double](repeating: 1, count: placeIDs.count)
        for cost in costs {
            guard let index = Self.index(of: cost.name, ids: placeIDs, names: placeNames) else {
                throw .unknownName(noun: "desk", given: cost.name, known: placeIDs)
            }
            perClerk[index] = Double(cost.value)
        }
        self.costs = perClerk
        self.replications = replications ?? Self.defaultReplications
        self.seed = seed
    }

    /// The position of what `name` names: an id, else a display name (in any language), in
    /// any case, as juices are named.
    static func index(of name: String, ids: [String], names: [[String]]) -> Int? {
        let wanted = name.lowercased()
        return ids.firstIndex { $0.lowercased() == wanted }
            ?? names.firstIndex { $0.contains { $0.lowercased() == wanted } }
    }

    /// A task's or desk's display names: its own and its translations.
    private static func names(_ place: KioskConfig.BankPlace) -> [String] { [place.name] + place.translations.values }

    private static func names(_ task: KioskConfig.BankRoute) -> [String] { [task.name] + task.translations.values }

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
