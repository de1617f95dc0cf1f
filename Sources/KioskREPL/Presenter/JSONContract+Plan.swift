// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The stored properties are the JSON Lines contract's field names, spelled as users read them.

extension JSONContract {
    /// `bank plan`: the target, the staffings tried (cheapest first) and the recommendation.
    struct PlanBody: Encodable {
        struct Target: Encodable {
            /// `share` or `mean`.
            let kind: String
            /// The share of customers in thousandths for `share` (850: 85%); absent for `mean`.
            let share_permille: Int?
            let within_ms: Int
        }
        /// A figure over the replications and its 95% confidence interval.
        struct Interval: Encodable {
            let value: Int
            let low: Int
            let high: Int
        }
        struct Waits: Encodable {
            let mean: Int
            let p50: Int
            let p95: Int
        }
        struct WaitIntervals: Encodable {
            let mean: Interval
            let p50: Interval
            let p95: Interval
        }
        struct Theory: Encodable {
            /// `erlang_c` or `allen_cunneen`.
            let formula: String
            /// Absent when the desk cannot keep up.
            let mean_wait_ms: Int?
            /// The share within the target's duration, in thousandths; also written as
            /// `within_target`, its name before every thousandths field ended in `_permille`.
            let within_target_permille: Int
            let disagrees: Bool

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DynamicKey.self)
                try container.encode(formula, forKey: DynamicKey("formula"))
                try container.encodeIfPresent(mean_wait_ms, forKey: DynamicKey("mean_wait_ms"))
                try container.encode(within_target_permille, forKey: DynamicKey("within_target"))
                try container.encode(within_target_permille, forKey: DynamicKey("within_target_permille"))
                try container.encode(disagrees, forKey: DynamicKey("disagrees"))
            }
        }
        struct TaskFigures: Encodable {
            let task: String
            /// Absent for all the task's customers.
            let grade: String?
            /// Per day, on average (rounded).
            let customers: Int
            let wait_ms: Waits
            /// Each wait's 95% interval over the replications.
            let wait_ms_interval: WaitIntervals
            /// The share within the target's duration, in thousandths; also written as
            /// `within_target`, its name before every thousandths field ended in `_permille`.
            let within_target_permille: Interval
            let theory: Theory?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DynamicKey.self)
                try container.encode(task, forKey: DynamicKey("task"))
                try container.encodeIfPresent(grade, forKey: DynamicKey("grade"))
                try container.encode(customers, forKey: DynamicKey("customers"))
                try container.encode(wait_ms, forKey: DynamicKey("wait_ms"))
                try container.encode(wait_ms_interval, forKey: DynamicKey("wait_ms_interval"))
                try container.encode(within_target_permille, forKey: DynamicKey("within_target"))
                try container.encode(within_target_permille, forKey: DynamicKey("within_target_permille"))
                try container.encodeIfPresent(theory, forKey: DynamicKey("theory"))
            }
        }
        struct Candidate: Encodable {
            let clerks: Counts
            let cost: Int
            let meets_target: Bool
            let tasks: [TaskFigures]
            let grades: [TaskFigures]
            /// Per desk and office: busy clerk time over clerks × the day, in thousandths; also
            /// written as `utilisation`, its name before every thousandths field ended in `_permille`.
            let utilisation_permille: Counts

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: DynamicKey.self)
                try container.encode(clerks, forKey: DynamicKey("clerks"))
                try container.encode(cost, forKey: DynamicKey("cost"))
                try container.encode(meets_target, forKey: DynamicKey("meets_target"))
                try container.encode(tasks, forKey: DynamicKey("tasks"))
                try container.encode(grades, forKey: DynamicKey("grades"))
                try container.encode(utilisation_permille, forKey: DynamicKey("utilisation"))
                try container.encode(utilisation_permille, forKey: DynamicKey("utilisation_permille"))
            }
        }
        let target: Target
        /// The opening hours, in milliseconds.
        let day_ms: Int
        let replications: Int
        /// Customers an hour per task, rounded.
        let rates_per_hour: Counts
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
            try container.encode(day_ms, forKey: DynamicKey("day_ms"))
            try container.encode(replications, forKey: DynamicKey("replications"))
            try container.encode(rates_per_hour, forKey: DynamicKey("rates_per_hour"))
            // null, not absent: a reader checks it first.
            try container.encode(recommended, forKey: DynamicKey("recommended"))
            try container.encode(best, forKey: DynamicKey("best"))
            try container.encode(network_effects, forKey: DynamicKey("network_effects"))
            try container.encode(candidates, forKey: DynamicKey("candidates"))
        }
    }
}
