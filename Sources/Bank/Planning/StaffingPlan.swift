import KioskCore

/// A figure measured over replications: its mean and a 95% confidence interval (Student's t).
public struct Estimate: Sendable, Equatable {
    public let value: Double
    public let low: Double
    public let high: Double

    /// The mean of `samples` with its 95% interval; all zero when there are none.
    init(_ samples: [Double]) {
        guard !samples.isEmpty else {
            (value, low, high) = (0, 0, 0)
            return
        }
        let n = Double(samples.count)
        let mean = samples.reduce(0, +) / n
        guard samples.count > 1 else {
            (value, low, high) = (mean, mean, mean)
            return
        }
        let variance = samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        let half = Self.studentT975(degrees: samples.count - 1) * (variance / n).squareRoot()
        (value, low, high) = (mean, mean - half, mean + half)
    }

    /// The 97.5% quantile of Student's t with `degrees` degrees of freedom.
    static func studentT975(degrees: Int) -> Double {
        let table = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
            2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
            2.045, 2.042,
        ]
        if degrees >= 1, degrees <= table.count { return table[degrees - 1] }
        return 1.960 + 2.4 / Double(max(1, degrees))
    }
}

/// How one task's customers (of one grade, or all) waited under one staffing, over the replications.
public struct WaitEstimates: Sendable, Equatable {
    /// The task's id.
    public let task: String
    /// The grade's id; nil for all the task's customers.
    public let grade: String?
    /// Customers per day, on average.
    public let customers: Double
    /// Mean, median and 95th percentile wait, in seconds.
    public let mean: Estimate
    public let p50: Estimate
    public let p95: Estimate
    /// The share of customers who waited no longer than the target's duration (0...1).
    public let withinTarget: Estimate
    /// What queueing theory expects, for a task served in one stage at a desk nobody else uses.
    public let theory: TheoryFigures?
}

/// Queueing theory's figures for a single-stage desk, and whether the simulation agrees.
public struct TheoryFigures: Sendable, Equatable {
    /// Erlang C (exponential service) or Allen–Cunneen (fixed).
    public let formula: Formula
    /// Steady-state mean wait, in seconds.
    public let meanWait: Double
    /// Steady-state chance of waiting no longer than the target's duration.
    public let withinTarget: Double
    /// Whether the theory's share within target lies outside the simulation's interval.
    public let disagrees: Bool

    public enum Formula: String, Sendable, Equatable {
        case erlangC = "erlang_c"
        case allenCunneen = "allen_cunneen"
    }
}

/// One staffing tried, and what it achieved.
public struct StaffingCandidate: Sendable, Equatable {
    /// Clerks per desk and office, in config order.
    public let clerks: [Int]
    /// Clerks weighted by their cost.
    public let cost: Double
    /// Per task (all grades), in config order.
    public let tasks: [WaitEstimates]
    /// Per task and grade, when the bank has several grades.
    public let grades: [WaitEstimates]
    /// Per desk and office, in config order.
    public let utilisation: [Estimate]
    /// Whether every task meets the target at its confidence bound.
    public let meetsTarget: Bool
    /// The worst task's margin over the target (share points, or seconds of mean wait);
    /// not negative when the target is met.
    public let margin: Double
}

/// `bank plan`'s answer: the staffings tried, in the order they were, and the cheapest that
/// meets the target.
public struct StaffingPlan: Sendable, Equatable {
    /// The desks' and offices' ids, in config order.
    public let desks: [String]
    /// Whether each is an office.
    public let offices: [Bool]
    public let target: ServiceTarget
    public let hours: Double
    public let replications: Int
    /// Customers an hour per task, in config order, with the tasks' ids.
    public let rates: [(task: String, perHour: Double)]
    /// Every staffing tried, cheapest first (then by the worst task's margin, best first).
    public let candidates: [StaffingCandidate]
    /// The index in ``candidates`` of the recommendation: the cheapest that meets the target.
    public let recommended: Int?
    /// When none meets it: the index of the best reached.
    public let best: Int
    /// Whether some task's route has several stages or shares a desk, where theory is only a guide.
    public let hasNetworkEffects: Bool

    public static func == (lhs: StaffingPlan, rhs: StaffingPlan) -> Bool {
        lhs.desks == rhs.desks && lhs.candidates == rhs.candidates && lhs.recommended == rhs.recommended
            && lhs.best == rhs.best && lhs.target == rhs.target && lhs.hours == rhs.hours
            && lhs.rates.map(\.task) == rhs.rates.map(\.task) && lhs.rates.map(\.perHour) == rhs.rates.map(\.perHour)
    }
}
