import KioskCore

/// Finds the cheapest staffing that meets a service target: starts from queueing theory's
/// estimate for each desk, simulates it over the replications, and moves one clerk at a
/// time (up while the target is missed, down while it is still met) rather than trying
/// every combination.
///
/// Replications run in parallel (at most `parallelism` at once); each is seeded from the
/// request's seed and its index, and results are combined in index order, so the plan is
/// the same whatever the number of cores.
///
/// ```swift
/// let request = try PlanRequest(setup: setup, hours: nil, rates: ["deposit=60/h"], ...)
/// let plan = try await StaffingPlanner(request: request).plan()
/// plan.recommended.map { plan.candidates[$0].clerks }      // [3, 2]
/// ```
public struct StaffingPlanner: Sendable {
    public let request: PlanRequest
    /// The most replications run at once.
    public let parallelism: Int
    /// The most staffings the search tries.
    public let candidateLimit: Int
    /// Told after each simulated day; nil: nobody watches.
    public let progress: (any PlanProgressReporter)?
    private let bus = EventBus<KioskEvent>()

    public init(
        request: PlanRequest, parallelism: Int = defaultParallelism, candidateLimit: Int = 60,
        progress: (any PlanProgressReporter)? = nil
    ) {
        self.request = request
        self.parallelism = max(1, parallelism)
        self.candidateLimit = max(1, candidateLimit)
        self.progress = progress
    }

    /// All the machine's cores.
    public static var defaultParallelism: Int { max(1, ProcessInfoCores.active) }

    /// Theory's view of each desk and office under `clerks`: offered load (a held clerk
    /// counts as busy), mean service and its variability.
    func theory(clerks: [Int]) -> [QueueingTheory] {
        let setup = request.staffed(clerks)
        var work = [Double](repeating: 0, count: setup.places.count)
        var visits = [Double](repeating: 0, count: setup.places.count)
        var exponential = [Bool](repeating: false, count: setup.places.count)
        let index = Dictionary(setup.places.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (task, rate) in zip(setup.tasks, request.rates) {
            let perSecond = rate / 3_600
            var holder: Int?
            for stage in task.stages {
                guard let place = index[stage.place] else { continue }
                work[place] += perSecond * stage.serviceTime.seconds
                visits[place] += perSecond
                if stage.timing == .exponential { exponential[place] = true }
                if stage.clerkStays, let holder { work[holder] += perSecond * stage.serviceTime.seconds }
                if !stage.clerkStays { holder = place }
            }
        }
        return setup.places.indices.map { place in
            QueueingTheory(
                clerks: clerks[place], load: work[place],
                service: visits[place] > 0 ? work[place] / visits[place] : 0,
                serviceVariability: exponential[place] ? 1 : 0)
        }
    }

    /// Theory's staffing: per desk, the fewest clerks within its bounds for which the
    /// formulas meet the target.
    /// - Throws: ``PlanError/overloaded(desk:load:max:)`` when a desk's load needs more clerks than its bound.
    public func estimate() throws(PlanError) -> [Int] {
        let upper = request.bounds.map(\.upperBound)
        let loads = theory(clerks: upper)
        var clerks = request.bounds.map(\.lowerBound)
        for (place, desk) in loads.enumerated() {
            guard desk.isStable else {
                throw .overloaded(desk: request.setup.places[place].id, load: desk.load, max: upper[place])
            }
            while clerks[place] < upper[place] {
                let at = QueueingTheory(
                    clerks: clerks[place], load: desk.load, service: desk.service,
                    serviceVariability: desk.serviceVariability)
                if at.isStable, at.meets(request.target) { break }
                clerks[place] += 1
            }
        }
        return clerks
    }

    /// The fewest customers a day must bring, on average, for a plan to judge a staffing:
    /// below it most simulated days are empty, every staffing "meets" the target, and the
    /// cheapest would be recommended for a bank nobody visits.
    static let fewestCustomersPerDay = 1.0

    /// Searches for the cheapest staffing that meets the target.
    /// - Throws: ``PlanError/tooFewArrivals(expected:hours:)`` when the day brings fewer than
    ///   one customer; ``PlanError/overloaded(desk:load:max:)``; ``PlanError/interrupted(tried:)``
    ///   when cancelled.
    public func plan() async throws(PlanError) -> StaffingPlan {
        let expected = request.rates.reduce(0, +) * request.hours
        guard expected >= Self.fewestCustomersPerDay else {
            throw .tooFewArrivals(expected: expected, hours: request.hours)
        }
        var tried: [[Int]: StaffingCandidate] = [:]
        var order: [[Int]] = []
        func evaluate(_ clerks: [Int]) async throws(PlanError) -> StaffingCandidate {
            if let known = tried[clerks] { return known }
            // Ctrl-C cancels the command: stop between staffings rather than finish the search.
            guard !Task.isCancelled else { throw .interrupted(tried: order.count) }
            let candidate = await self.evaluate(clerks: clerks, staffing: order.count + 1)
            // Cancelled meanwhile: its days were cut short, so it is not a finding.
            guard !Task.isCancelled else { throw .interrupted(tried: order.count) }
            tried[clerks] = candidate
            order.append(clerks)
            return candidate
        }
        let bounds = request.bounds
        var current = try await evaluate(try estimate())
        // Up: add the clerk that helps the worst task most for its cost, until the target is met.
        while !current.meetsTarget, order.count < candidateLimit {
            var next: StaffingCandidate?
            for place in bounds.indices where current.clerks[place] < bounds[place].upperBound {
                var clerks = current.clerks
                clerks[place] += 1
                let candidate = try await evaluate(clerks)
                if next.map({ Self.better(candidate, than: $0) }) ?? true { next = candidate }
                if order.count >= candidateLimit { break }
            }
            guard let next else { break }
            current = next
        }
        // Down: drop the clerk whose removal saves most while the target is still met.
        while current.meetsTarget, order.count < candidateLimit {
            var next: StaffingCandidate?
            for place in bounds.indices where current.clerks[place] > bounds[place].lowerBound {
                var clerks = current.clerks
                clerks[place] -= 1
                let candidate = try await evaluate(clerks)
                if candidate.meetsTarget, next.map({ candidate.cost < $0.cost }) ?? true { next = candidate }
                if order.count >= candidateLimit { break }
            }
            guard let next else { break }
            current = next
        }
        let candidates = order.compactMap { tried[$0] }.sorted { lhs, rhs in
            if lhs.cost != rhs.cost { return lhs.cost < rhs.cost }
            if lhs.margin != rhs.margin { return lhs.margin > rhs.margin }
            return lhs.clerks.lexicographicallyPrecedes(rhs.clerks)
        }
        let recommended = candidates.firstIndex { $0.meetsTarget }
        let best =
            recommended ?? candidates.indices.max { candidates[$0].margin < candidates[$1].margin } ?? 0
        return StaffingPlan(
            desks: request.setup.places.map(\.id), offices: request.setup.places.map { $0.kind == .office },
            target: request.target, hours: request.hours, replications: request.replications,
            rates: zip(request.setup.tasks, request.rates).map { ($0.id, $1) }, candidates: candidates,
            recommended: recommended, best: best, hasNetworkEffects: hasNetworkEffects)
    }

    /// Whether some route has several stages, or a desk serves several tasks.
    var hasNetworkEffects: Bool {
        let firstPlaces = request.setup.tasks.compactMap { $0.stages.first?.place }
        return request.setup.tasks.contains { $0.stages.count > 1 } || Set(firstPlaces).count < firstPlaces.count
    }

    /// Whether `candidate` is a better step up than `other`: meeting the target first, then
    /// the larger worst-task margin per unit of cost.
    private static func better(_ candidate: StaffingCandidate, than other: StaffingCandidate) -> Bool {
        if candidate.meetsTarget != other.meetsTarget { return candidate.meetsTarget }
        if candidate.meetsTarget { return candidate.cost < other.cost }
        return candidate.margin / max(candidate.cost, 1e-9) > other.margin / max(other.cost, 1e-9)
            || (candidate.margin > other.margin && candidate.cost <= other.cost)
    }

    /// Simulates `clerks` over the request's replications.
    /// - Parameter staffing: which staffing of the search this is, counting from 1, for ``progress``.
    public func evaluate(clerks: [Int], staffing: Int = 1) async -> StaffingCandidate {
        let setup = request.staffed(clerks)
        let days = await replicate(setup) { done in
            progress?.report(
                PlanProgress(staffing: staffing, clerks: clerks, days: done, daysPerStaffing: request.replications))
        }
        return summarise(clerks: clerks, setup: setup, days: days)
    }

    /// Every replication of `setup`, in index order, at most ``parallelism`` at once;
    /// `dayDone` hears how many have finished after each one. Cancelled, it starts no more
    /// and returns those that finished.
    func replicate(_ setup: KioskConfig.BankSetup, dayDone: (Int) -> Void = { _ in }) async
        -> [DayReplication.Measures]
    {
        let request = request
        let bus = bus
        let count = request.replications
        return await withTaskGroup(of: (Int, DayReplication.Measures).self) { group in
            var results = [DayReplication.Measures?](repeating: nil, count: count)
            var next = 0
            func start() {
                let index = next
                next += 1
                group.addTask {
                    (
                        index,
                        DayReplication.run(
                            setup: setup, rates: request.rates, hours: request.hours, seed: request.seed,
                            index: index, bus: bus)
                    )
                }
            }
            while next < min(parallelism, count) { start() }
            var done = 0
            for await (index, measures) in group {
                results[index] = measures
                done += 1
                dayDone(done)
                // Cancelled (Ctrl-C): no new day starts; those running end first.
                if next < count, !Task.isCancelled { start() }
            }
            return results.compactMap { $0 }
        }
    }

    private func summarise(clerks: [Int], setup: KioskConfig.BankSetup, days: [DayReplication.Measures])
        -> StaffingCandidate
    {
        let grades = max(1, setup.grades.count)
        let threshold = request.target.threshold.clampedNanoseconds
        let theories = theory(clerks: clerks)
        let firstPlaces = setup.tasks.map { $0.stages.first?.place }
        func estimates(task: Int, grade: Int?) -> WaitEstimates {
            var customers: [Double] = []
            var means: [Double] = []
            var p50s: [Double] = []
            var p95s: [Double] = []
            var within: [Double] = []
            for day in days {
                let waits =
                    grade.map { day.waits[task * grades + $0] }
                    ?? (0..<grades).flatMap { day.waits[task * grades + $0] }.sorted()
                customers.append(Double(waits.count))
                guard !waits.isEmpty else { continue }
                means.append(waits.reduce(0.0) { $0 + Double($1) } / Double(waits.count) / 1e9)
                p50s.append(Double(Self.percentile(waits, 50)) / 1e9)
                p95s.append(Double(Self.percentile(waits, 95)) / 1e9)
                within.append(Double(Self.countAtMost(threshold, in: waits)) / Double(waits.count))
            }
            let share = Estimate(within)
            var figures: TheoryFigures?
            let route = setup.tasks[task]
            if grade == nil, route.stages.count == 1,
                let place = setup.places.firstIndex(where: {
                    $0.id == route.stages[0].place
                }), firstPlaces.filter({ $0 == route.stages[0].place }).count == 1
            {
                let desk = theories[place]
                let expected = desk.withinChance(request.target.threshold.seconds)
                figures = TheoryFigures(
                    formula: desk.serviceVariability > 0 ? .erlangC : .allenCunneen, meanWait: desk.meanWait,
                    withinTarget: expected, disagrees: expected < share.low - 1e-9 || expected > share.high + 1e-9)
            }
            return WaitEstimates(
                task: route.id, grade: grade.map { setup.grades[$0].id },
                customers: Estimate(customers).value, mean: Estimate(means), p50: Estimate(p50s),
                p95: Estimate(p95s), withinTarget: share, theory: figures)
        }
        let tasks = setup.tasks.indices.map { estimates(task: $0, grade: nil) }
        let byGrade =
            grades > 1
            ? setup.tasks.indices.flatMap { task in (0..<grades).map { estimates(task: task, grade: $0) } }
            : []
        var margin = Double.infinity
        for (index, task) in tasks.enumerated() where request.rates[index] > 0 && task.customers > 0 {
            switch request.target {
            case .share(let share, _): margin = min(margin, task.withinTarget.low - share)
            case .mean(let within): margin = min(margin, within.seconds - task.mean.high)
            }
        }
        if margin == .infinity { margin = 0 }
        let utilisation = setup.places.indices.map { place in Estimate(days.map { $0.utilisation[place] }) }
        let cost = zip(clerks, request.costs).reduce(0) { $0 + Double($1.0) * $1.1 }
        return StaffingCandidate(
            clerks: clerks, cost: cost, tasks: tasks, grades: byGrade, utilisation: utilisation,
            meetsTarget: margin >= 0, margin: margin)
    }

    /// Nearest rank: the smallest wait that at least p% of the sorted `waits` did not exceed.
    static func percentile(_ waits: [Int64], _ p: Int) -> Int64 {
        let rank = max(1, (p * waits.count + 99) / 100)
        return waits[min(waits.count, rank) - 1]
    }

    /// How many of the sorted `waits` are at most `limit`.
    static func countAtMost(_ limit: Int64, in waits: [Int64]) -> Int {
        var low = 0
        var high = waits.count
        while low < high {
            let middle = (low + high) / 2
            if waits[middle] <= limit { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
