import Bank

/// The sentences of `bank plan`: its tables, its recommendation and its errors.
protocol PlanMessages: Sendable {
    /// The service target: `85% within 1m` (`share` nil: the mean wait within `within`).
    func planTarget(share: Double?, within: String) -> String
    /// The first line: target, opening hours, replications, and the rates (`deposit 40/h, loan 20/h`).
    func planHeadline(target: String, hours: String, replications: Int, rates: String) -> String
    /// The candidates table's first columns, and the mark of the recommendation.
    var planColumns: (staffing: String, cost: String, utilisation: String) { get }
    var planRecommendedMark: String { get }
    /// The cheapest staffing that meets the target.
    func planRecommended(staffing: String, cost: String) -> String
    /// No staffing within the bounds meets it: the best reached and what its worst task reaches.
    func planUnreachable(best: String, reaches: String) -> String
    /// The detail table's columns for one staffing.
    var planDetailColumns:
        (
            task: String, grade: String, customers: String, mean: String, p50: String, p95: String, within: String,
            theory: String
        )
    { get }
    /// The title of the detail table of `staffing`.
    func planDetailTitle(staffing: String) -> String
    /// The bar chart's title.
    var planChartTitle: String { get }
    /// The `--plot` chart's title: the worst task's share within target, or its mean wait.
    func planPlotTitle(mean: Bool) -> String
    /// The chart's axis titles: staffings along x (`desks` named in the order of their
    /// counts), the worst task's figure up y.
    func planPlotAxes(mean: Bool, within: String, desks: String) -> (x: String, y: String)
    /// One desk's count in the key under the x axis: `Deposit 2`.
    func planPlotClerks(desk: String, count: Int) -> String
    /// The key under the x axis: what `example` (`2·1`) means (`Deposit 2, Loan 1`).
    func planPlotClerksKey(example: String, meaning: String) -> String
    /// The chart's legend: the points' colours, the target's dashed line, the whiskers.
    var planPlotLegend: (recommended: String, meets: String, misses: String, target: String, interval: String) {
        get
    }
    /// A task whose theory lies outside the simulation's interval.
    var planTheoryDisagrees: String { get }
    /// The progress line of a long plan: which staffing it simulates, a bar of its days
    /// (drawn), and how many of them are done.
    func planProgress(staffing: Int, bar: String, days: Int, of total: Int) -> String
    /// Routes of several stages or shared desks: theory is only a guide there.
    var planNetworkNote: String { get }
    func describe(_ error: PlanError) -> String
}
