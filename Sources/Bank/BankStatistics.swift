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

    mutating func record(_ visitor: Visitor, leaving time: Duration) {
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
    /// The customers of one task and grade who finished their task.
    public struct Waits: Sendable, Equatable {
        public let task: String
        public let grade: String
        /// How many.
        public let customers: Int
        /// Their mean, median (p50), 95th percentile and longest total wait in lines.
        public let mean: Duration
        public let median: Duration
        public let p95: Duration
        public let longest: Duration

        /// Statistics of `waits` (nanoseconds) for `task` and `grade`.
        init(task: String, grade: String, waits: [Int64]) {
            self.task = task
            self.grade = grade
            customers = waits.count
            guard !waits.isEmpty else {
                (mean, median, p95, longest) = (.zero, .zero, .zero, .zero)
                return
            }
            let sorted = waits.sorted()
            // The sum of a million waits of a day each stays far below Double's exact range.
            let total = sorted.reduce(0.0) { $0 + Double($1) }
            mean = .nanoseconds(Int64((total / Double(sorted.count)).rounded()))
            // Nearest rank: the smallest wait that at least p% of the customers did not exceed.
            func percentile(_ p: Int) -> Duration {
                let rank = max(1, (p * sorted.count + 99) / 100)
                return .nanoseconds(sorted[min(sorted.count, rank) - 1])
            }
            median = percentile(50)
            p95 = percentile(95)
            longest = .nanoseconds(sorted[sorted.count - 1])
        }
    }

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
}
