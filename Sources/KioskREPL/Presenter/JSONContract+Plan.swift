extension JSONContract {
    /// `bank plan`: the target, the staffings tried (cheapest first) and the recommendation.
    struct PlanBody: Encodable {
        struct Target: Encodable {
            /// `share` or `mean`.
            let kind: String
            /// The share of customers (0...1) for `share`; absent for `mean`.
            let share: Double?
            let within_ms: Int
        }
        struct Interval: Encodable {
            let value: Double
            let low: Double
            let high: Double
        }
        struct Waits: Encodable {
            let mean: Int
            let p50: Int
            let p95: Int
        }
        struct Theory: Encodable {
            /// `erlang_c` or `allen_cunneen`.
            let formula: String
            /// Absent when the desk cannot keep up.
            let mean_wait_ms: Int?
            let within_target: Double
            let disagrees: Bool
        }
        struct TaskFigures: Encodable {
            let task: String
            /// Absent for all the task's customers.
            let grade: String?
            let customers: Double
            let wait_ms: Waits
            /// Each wait's 95% interval over the replications.
            let wait_ms_interval: [String: Interval]
            let within_target: Interval
            let theory: Theory?
        }
        struct Candidate: Encodable {
            let clerks: Counts
            let cost: Double
            let meets_target: Bool
            let tasks: [TaskFigures]
            let grades: [TaskFigures]
            /// Per desk and office: busy clerk time over clerks × the day, 0...1.
            let utilisation: Ratios
        }
        let target: Target
        let hours: Double
        let replications: Int
        let rates_per_hour: Ratios
        /// Clerks per desk and office of the cheapest staffing that meets the target; null if none does.
        let recommended: Counts?
        /// The best staffing reached: the recommendation, or when none meets the target the closest.
        let best: Counts
        /// Whether routes of several stages or shared desks make theory only a guide.
        let network_effects: Bool
        let candidates: [Candidate]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            try container.encode(target, forKey: DynamicKey("target"))
            try container.encode(hours, forKey: DynamicKey("hours"))
            try container.encode(replications, forKey: DynamicKey("replications"))
            try container.encode(rates_per_hour, forKey: DynamicKey("rates_per_hour"))
            // null, not absent: a reader checks it first.
            try container.encode(recommended, forKey: DynamicKey("recommended"))
            try container.encode(best, forKey: DynamicKey("best"))
            try container.encode(network_effects, forKey: DynamicKey("network_effects"))
            try container.encode(candidates, forKey: DynamicKey("candidates"))
        }
    }

    /// An object of numbers keyed by id, in a fixed order.
    struct Ratios: Encodable {
        let pairs: [(String, Double)]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DynamicKey.self)
            for (key, value) in pairs {
                try container.encode(value, forKey: DynamicKey(key))
            }
        }
    }
}
