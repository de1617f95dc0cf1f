/// How long the customers of one task and grade who finished their task waited in lines (all
/// stages together): how many, and their mean, median, 95th percentile and longest wait.
/// `bank report` and the bank's closing tally carry one per task and grade.
public struct WaitSummary: Sendable, Equatable {
    /// The task's id.
    public let task: String
    /// The grade's id.
    public let grade: String
    /// How many customers.
    public let customers: Int
    /// Their mean, median (p50), 95th percentile and longest total wait in lines.
    public let mean: Duration
    public let median: Duration
    public let p95: Duration
    public let longest: Duration

    /// Statistics of `waits` (nanoseconds) for `task` and `grade`.
    package init(task: String, grade: String, waits: [Int64]) {
        self.task = task
        self.grade = grade
        customers = waits.count
        guard !waits.isEmpty else {
            (mean, median, p95, longest) = (.zero, .zero, .zero, .zero)
            return
        }
        // The sum of a million waits of a day each stays far below Double's exact range.
        // The same pass asks whether the waits came sorted: customers of one task and grade
        // who arrived together leave in the order they were served, each having waited
        // longer than the last, and then the ranks are read where they are.
        var total = 0.0
        var isSorted = true
        var previous = Int64.min
        for wait in waits {
            total += Double(wait)
            if wait < previous { isSorted = false }
            previous = wait
        }
        mean = .nanoseconds(Int64((total / Double(waits.count)).rounded()))
        // Nearest rank: the smallest wait that at least p% of the customers did not exceed.
        func rank(_ p: Int) -> Int { min(waits.count, max(1, (p * waits.count + 99) / 100)) - 1 }
        let p95Rank = rank(95)
        let medianRank = rank(50)
        guard !isSorted else {
            median = .nanoseconds(waits[medianRank])
            p95 = .nanoseconds(waits[p95Rank])
            longest = .nanoseconds(previous)
            return
        }
        // Two selections in linear time rather than a sort: the tally computes this every
        // time the bank goes idle, after up to millions of customers.
        var work = waits
        Self.select(p95Rank, in: &work, from: 0, to: work.count - 1)
        p95 = .nanoseconds(work[p95Rank])
        // After the selection everything before p95's rank is at most it: select within.
        Self.select(medianRank, in: &work, from: 0, to: p95Rank)
        median = .nanoseconds(work[medianRank])
        // Everything from p95's rank on is at least it: the longest is among those.
        longest = .nanoseconds(work[p95Rank...].max() ?? 0)
    }

    /// Moves the `k`-th smallest of `values[low...high]` to index `k`, smaller ones before
    /// it and larger ones after (Hoare's selection, median-of-three pivots).
    private static func select(_ k: Int, in values: inout [Int64], from low: Int, to high: Int) {
        var low = low
        var high = high
        while low < high {
            let middle = low + (high - low) / 2
            // Median of three, so sorted or equal input does not go quadratic.
            if values[middle] < values[low] { values.swapAt(middle, low) }
            if values[high] < values[low] { values.swapAt(high, low) }
            if values[high] < values[middle] { values.swapAt(high, middle) }
            let pivot = values[middle]
            var i = low
            var j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return
            }
        }
    }
}
