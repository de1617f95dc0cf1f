/// How far `bank plan` has got: which staffing it is simulating and how many of its days are
/// done. The search stops when it has its answer, so no total is known in advance.
public struct PlanProgress: Sendable, Equatable {
    /// The staffing being simulated, counting from 1.
    public let staffing: Int
    /// Clerks per desk and office in it, in config order.
    public let clerks: [Int]
    /// Its days simulated so far.
    public let days: Int
    /// The days each staffing is simulated for (the plan's replications).
    public let daysPerStaffing: Int

    public init(staffing: Int, clerks: [Int], days: Int, daysPerStaffing: Int) {
        self.staffing = staffing
        self.clerks = clerks
        self.days = days
        self.daysPerStaffing = daysPerStaffing
    }
}

/// Where `bank plan` tells how far it has got: the bank only tells; a front end on a
/// terminal may show it, and scripts ignore it.
public protocol PlanProgressReporter: Sendable {
    /// A plan starts.
    func started()
    /// Called after each simulated day, in the order of the search.
    func report(_ progress: PlanProgress)
    /// The plan has ended: answered, refused or interrupted.
    func finished()
}
