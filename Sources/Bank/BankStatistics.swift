import KioskCore

/// What the bank measures about the customers who left: each one's total wait in lines
/// (every stage's start minus the moment they joined its line), per task and grade.
///
/// Waits are kept one per customer (8 bytes each), so percentiles are exact.
struct BankStatistics {
    /// Waits in nanoseconds, by `task * grades + grade`.
    private var waits: [[Int64]]
    private let grades: Int

    init(tasks: Int, grades: Int) {
        self.grades = max(1, grades)
        waits = Array(repeating: [], count: max(1, tasks) * self.grades)
    }

    /// `visitor` left: their whole wait is their wait balance.
    mutating func record(_ visitor: Visitor) {
        waits[Int(visitor.route) * grades + Int(visitor.grade)].append(max(0, visitor.waitBalance))
    }

    /// The waits of customers of task `task` and grade `grade` (indices).
    func waits(task: Int, grade: Int) -> [Int64] {
        waits[task * grades + grade]
    }
}

/// `bank report`: per task and grade, how many customers left and how long they waited;
/// per desk and office, how busy its clerks were.
public struct BankReport: Sendable, Equatable {
    /// The customers of one task and grade who finished their task, and their waits.
    public typealias Waits = WaitSummary

    /// How busy one desk's or office's clerks were.
    public struct Utilisation: Sendable, Equatable {
        /// The desk's or office's id.
        public let desk: String
        public let clerks: Int
        /// Clerk time spent serving or held by a customer.
        public let busy: Duration
        /// `busy` over clerks × business time, from 0 to 1 (0 before any business).
        public let share: Double
    }

    /// Per task (config order), then grade (best first); groups without customers are left out.
    public let waits: [Waits]
    /// Per desk and office, in config order.
    public let utilisation: [Utilisation]
    /// The business time the report covers.
    public let businessTime: Duration
    /// Customers still at the bank (waiting, in service or still to arrive) when the report
    /// was taken: whose waits may yet come.
    public var present = 0
}
