import KioskCore
import Synchronization
import Testing

@testable import Bank

/// `bank plan`'s planner: simulated days against queueing theory, the search for the
/// cheapest staffing, determinism whatever the parallelism, and bad options.
@Suite("Staffing plan")
struct StaffingPlanTests {
    /// One desk serving one task in one stage.
    static func oneDesk(clerks: Int, serviceTime: Duration, exponential: Bool = true) -> KioskConfig.BankSetup {
        BankTheoryTests.setup(clerks: clerks, serviceTime: serviceTime, exponential: exponential)
    }

    /// A request from the options as typed, read as the edge reads them; a word it refuses is
    /// the plan error that words it, as `bank plan` reports it.
    static func request(
        _ setup: KioskConfig.BankSetup, hours: String? = nil, rates: [String] = [], service: String? = nil,
        target: String? = nil, clerks: [String] = [], costs: [String] = [], replications: Int? = nil,
        seed: UInt64 = 1
    ) throws -> PlanRequest {
        func read(_ text: String, _ grammar: PlanArgument) throws -> PlanValue {
            do { return try grammar.read(text) } catch { throw PlanError(error) }
        }
        var typedHours: Double?
        if let hours, case .hours(let value) = try read(hours, .hours) { typedHours = value }
        var typedRates: [Named<Double>] = []
        for text in rates { if case .taskRate(let rate) = try read(text, .taskRate) { typedRates.append(rate) } }
        var timing: KioskConfig.BankStage.Timing?
        if let service, case .timing(let value) = try read(service, .timing) { timing = value }
        var typedTarget: ServiceTarget?
        if let target, case .target(let value) = try read(target, .target) { typedTarget = value }
        var bounds: [Named<ClosedRange<Int>>] = []
        for text in clerks { if case .clerkRange(let bound) = try read(text, .clerkRange) { bounds.append(bound) } }
        var perClerk: [Named<Int>] = []
        for text in costs { if case .clerkCost(let cost) = try read(text, .clerkCost) { perClerk.append(cost) } }
        return try PlanRequest(
            setup: setup, hours: typedHours, rates: typedRates, timing: timing, target: typedTarget, clerks: bounds,
            costs: perClerk, replications: replications, seed: seed)
    }

    @Test(
        "one desk, Poisson arrivals, exponential service: the mean wait and the share within target agree with Erlang C",
        arguments: [(clerks: 1, perHour: 240.0), (clerks: 2, perHour: 576.0), (clerks: 3, perHour: 756.0)])
    func erlangCAgreement(clerks: Int, perHour: Double) async throws {
        // 10 s services: loads of 0.67, 0.8 and 0.7 a clerk; 12-hour days, so the empty start barely counts.
        let request = try Self.request(
            Self.oneDesk(clerks: clerks, serviceTime: .seconds(10)), hours: "12", rates: ["task=\(perHour)/h"],
            target: "80% within 10s", replications: 12, seed: 2026)
        let candidate = await StaffingPlanner(request: request).evaluate(clerks: [clerks])
        let task = try #require(candidate.tasks.first)
        let theory = QueueingTheory(
            clerks: clerks, load: perHour / 3_600 * 10, service: 10, serviceVariability: 1)
        let expectedWithin = theory.withinChance(10)
        #expect(
            task.mean.low <= theory.meanWait && theory.meanWait <= task.mean.high, "\(task.mean) vs \(theory.meanWait)")
        #expect(task.withinTarget.low <= expectedWithin && expectedWithin <= task.withinTarget.high)
        let figures = try #require(task.theory)
        #expect(figures.formula == .erlangC)
        #expect(!figures.disagrees)
        #expect(abs(candidate.utilisation[0].value - perHour / 3_600 * 10 / Double(clerks)) < 0.02)
    }

    @Test("Erlang C by the Erlang B recursion matches the direct formula")
    func erlangCFormula() {
        for (clerks, load) in [(1, 0.5), (2, 1.6), (5, 4.2), (10, 9.5)] {
            let theory = QueueingTheory(clerks: clerks, load: load, service: 1, serviceVariability: 1)
            let direct = BankTheoryTests.erlangC(servers: clerks, lambda: load, mu: 1)
            #expect(abs(theory.meanWait - direct) < 1e-9 * max(1, direct))
        }
    }

    @Test("more clerks never make the expected wait worse", arguments: [true, false])
    func moreClerksNeverWorse(exponential: Bool) async throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 1, serviceTime: .seconds(30), exponential: exponential), hours: "4",
            rates: ["task=300/h"], target: "90% within 30s", replications: 6, seed: 9)
        let planner = StaffingPlanner(request: request)
        var previous: StaffingCandidate?
        for clerks in 3...7 {
            let candidate = await planner.evaluate(clerks: [clerks])
            if let previous {
                #expect(candidate.tasks[0].mean.value <= previous.tasks[0].mean.value)
                #expect(candidate.tasks[0].p95.value <= previous.tasks[0].p95.value)
                #expect(candidate.tasks[0].withinTarget.value >= previous.tasks[0].withinTarget.value)
            }
            previous = candidate
        }
    }

    @Test("with a seed, the plan is the same whatever the number of replications run at once")
    func deterministicAcrossParallelism() async throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 1, serviceTime: .seconds(20)), hours: "3", rates: ["task=400/h"],
            target: "85% within 20s", replications: 8, seed: 77)
        let one = try await StaffingPlanner(request: request, parallelism: 1).plan()
        let two = try await StaffingPlanner(request: request, parallelism: 2).plan()
        let eight = try await StaffingPlanner(request: request, parallelism: 8).plan()
        #expect(one == two)
        #expect(one == eight)
        let other = try await StaffingPlanner(
            request: try Self.request(
                request.setup, hours: "3", rates: ["task=400/h"], target: "85% within 20s", replications: 8, seed: 78)
        ).plan()
        #expect(other.candidates.first?.tasks != one.candidates.first?.tasks)
    }

    @Test("the recommendation meets the target, and one clerk fewer anywhere does not")
    func recommendationIsCheapest() async throws {
        let request = try Self.request(
            KioskConfig.BankSetup(
                customers: 1...1,
                desks: [
                    KioskConfig.Desk(task: "deposit", name: "Deposit", clerks: 1, serviceTime: .seconds(40)),
                    KioskConfig.Desk(task: "loan", name: "Loan", clerks: 1, serviceTime: .seconds(90)),
                ]),
            hours: "6", rates: ["deposit=200/h", "loan=90/h"], service: "exponential", target: "80% within 1m",
            replications: 8, seed: 5)
        let planner = StaffingPlanner(request: request)
        let plan = try await planner.plan()
        let index = try #require(plan.recommended)
        let chosen = plan.candidates[index]
        #expect(chosen.meetsTarget)
        #expect(chosen.tasks.allSatisfy { $0.withinTarget.low >= 0.8 })
        #expect(plan.candidates[..<index].allSatisfy { !$0.meetsTarget })
        for desk in chosen.clerks.indices where chosen.clerks[desk] > request.bounds[desk].lowerBound {
            var fewer = chosen.clerks
            fewer[desk] -= 1
            #expect(!(await planner.evaluate(clerks: fewer)).meetsTarget)
        }
        // The search starts from theory and steps, not through all 21 × 21 staffings.
        #expect(plan.candidates.count < 15)
    }

    @Test("--cost weighs each clerk, and a mean target holds at its upper bound")
    func costWeighsClerks() async throws {
        let setup = KioskConfig.BankSetup(
            customers: 1...1,
            desks: [KioskConfig.Desk(task: "deposit", name: "Deposit", clerks: 2, serviceTime: .seconds(30))])
        let request = try Self.request(
            setup, hours: "2", rates: ["deposit=200/h"], target: "mean within 20s", costs: ["deposit=3"],
            replications: 4)
        let plan = try await StaffingPlanner(request: request).plan()
        let chosen = try #require(plan.recommended.map { plan.candidates[$0] })
        #expect(chosen.cost == Double(chosen.clerks[0]) * 3)
        #expect(chosen.tasks[0].mean.high <= 20)
    }

    @Test("when the bounds cannot reach the target, the plan says the best it reached")
    func unreachable() async throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 1, serviceTime: .seconds(60)), hours: "2", rates: ["task=100/h"],
            target: "99% within 1s", clerks: ["desk=2..3"], replications: 4)
        let plan = try await StaffingPlanner(request: request).plan()
        #expect(plan.recommended == nil)
        #expect(plan.candidates[plan.best].clerks == [3])
    }

    @Test(
        "bad options are refused with the value that is wrong",
        arguments: [
            (["rate": "task=0/h"], PlanError.noArrivals),
            (["rate": "task=fast"], .badRate("task=fast")),
            (["rate": "teller=60/h"], .unknownName(noun: "task", given: "teller", known: ["task"])),
            (["clerks": "vault=1..2"], .unknownName(noun: "desk", given: "vault", known: ["desk"])),
            (["clerks": "desk=5..2"], .boundsReversed(desk: "desk", min: 5, max: 2)),
            (["clerks": "desk=two"], .badSetting(option: "clerks", given: "desk=two")),
            (["cost": "desk=-1"], .badSetting(option: "cost", given: "desk=-1")),
            (["target": "150% within 1m"], .impossibleTarget(percent: 150)),
            (["target": "0% within 1m"], .impossibleTarget(percent: 0)),
            (["target": "most within 1m"], .badTarget("most within 1m", word: "most")),
            (["target": "85% within soon"], .badTarget("85% within soon", word: "soon")),
            (["hours": "0"], .badHours("0")),
            (["service": "gamma"], .badService("gamma")),
            (["rate": "task=200000/h", "hours": "8"], .dayTooBusy(expected: 1_600_000, limit: 1_000_000)),
        ])
    func badOptions(options: [String: String], error: PlanError) {
        #expect(throws: error) {
            try Self.request(
                Self.oneDesk(clerks: 1, serviceTime: .seconds(1)), hours: options["hours"],
                rates: options["rate"].map { [$0] } ?? [], service: options["service"], target: options["target"],
                clerks: options["clerks"].map { [$0] } ?? [], costs: options["cost"].map { [$0] } ?? [])
        }
    }

    @Test("a cancelled plan stops between staffings and says how many it tried")
    func cancelled() async throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 1, serviceTime: .seconds(60)), hours: "8", rates: ["task=100/h"],
            target: "99% within 1s", clerks: ["desk=2..40"], replications: 20)
        let planning = Task { try await StaffingPlanner(request: request).plan() }
        planning.cancel()
        await #expect {
            _ = try await planning.value
        } throws: { error in
            guard case .interrupted(let tried)? = error as? PlanError else { return false }
            return tried < 39
        }
    }

    @Test("by default a desk may get as few as one clerk: a quiet day is planned below today's staffing")
    func fewerThanConfigured() async throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 5, serviceTime: .milliseconds(700)), hours: "8", rates: ["task=60/h"],
            target: "85% within 2 minutes", replications: 4)
        #expect(request.bounds == [1...25])
        let plan = try await StaffingPlanner(request: request).plan()
        let chosen = try #require(plan.recommended.map { plan.candidates[$0] })
        #expect(chosen.clerks == [1])
        #expect(chosen.utilisation[0].value > 0.005)
        // An explicit range still holds.
        let bounded = try Self.request(
            Self.oneDesk(clerks: 5, serviceTime: .milliseconds(700)), hours: "8", rates: ["task=60/h"],
            target: "2 min", clerks: ["desk=3..5"], replications: 4)
        #expect(bounded.bounds == [3...5])
        let boundedPlan = try await StaffingPlanner(request: bounded).plan()
        #expect(boundedPlan.recommended.map { boundedPlan.candidates[$0].clerks } == [3])
    }

    @Test(
        "tasks and desks are named by id or display name, in any case",
        arguments: ["Desk=1..5", "DESK=1..5", "desk=1..5"])
    func namesInAnyCase(bound: String) throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 2, serviceTime: .seconds(1)), rates: ["TASK=60/h"], clerks: [bound], costs: ["Desk=3"])
        #expect(request.bounds == [1...5])
        #expect(request.costs == [3])
        #expect(request.rates == [60])
    }

    @Test("the planner reports each simulated day of each staffing it tries, in order")
    func progress() async throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 1, serviceTime: .seconds(20)), hours: "2", rates: ["task=300/h"],
            target: "85% within 20s", replications: 3)
        let recorder = ProgressRecorder()
        let plan = try await StaffingPlanner(request: request, parallelism: 2, progress: recorder).plan()
        let reports = recorder.reports
        #expect(reports.count == plan.candidates.count * 3)
        #expect(reports.map(\.days) == Array(repeating: [1, 2, 3], count: plan.candidates.count).flatMap { $0 })
        #expect(reports.map(\.staffing) == (1...plan.candidates.count).flatMap { [$0, $0, $0] })
        #expect(Set(reports.map(\.clerks)) == Set(plan.candidates.map(\.clerks)))
        #expect(reports.allSatisfy { $0.daysPerStaffing == 3 })
    }

    @Test("cancelled in the middle of a staffing, a plan starts none of its remaining days")
    func cancelledWithinAStaffing() async throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 1, serviceTime: .seconds(20)), hours: "2", rates: ["task=300/h"],
            target: "85% within 20s", replications: 20)
        let recorder = ProgressRecorder(cancelsAtFirstReport: true)
        // A task of its own, which the recorder cancels as Ctrl-C cancels the command's.
        let planning = Task { try await StaffingPlanner(request: request, parallelism: 1, progress: recorder).plan() }
        await #expect(throws: PlanError.interrupted(tried: 0)) { try await planning.value }
        #expect(recorder.reports.map(\.days) == [1])
    }

    @Test("a load the bounds cannot carry is refused before simulating")
    func overloaded() throws {
        let request = try Self.request(
            Self.oneDesk(clerks: 1, serviceTime: .seconds(60)), rates: ["task=600/h"], clerks: ["desk=1..8"])
        #expect(throws: PlanError.overloaded(desk: "desk", load: 10, max: 8)) {
            try StaffingPlanner(request: request).estimate()
        }
    }
}

/// Keeps every progress report a plan makes; cancels the plan's task at the first, if asked,
/// as Ctrl-C does.
private final class ProgressRecorder: PlanProgressReporter {
    private let recorded = Mutex<[PlanProgress]>([])
    private let cancelsAtFirstReport: Bool

    init(cancelsAtFirstReport: Bool = false) {
        self.cancelsAtFirstReport = cancelsAtFirstReport
    }

    var reports: [PlanProgress] { recorded.withLock { $0 } }

    func started() {}

    func report(_ progress: PlanProgress) {
        recorded.withLock { $0.append(progress) }
        // Reports come on the plan's own task.
        if cancelsAtFirstReport { withUnsafeCurrentTask { $0?.cancel() } }
    }

    func finished() {}
}
