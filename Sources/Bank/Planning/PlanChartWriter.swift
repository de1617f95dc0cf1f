/// Where `bank plan --plot FILE.svg` sends its chart: the bank only asks; the front end draws
/// and writes the file.
public protocol PlanChartWriter: Sendable {
    /// Writes a chart of `plan` to `path`.
    /// - Throws: ``PlanError/cannotWritePlot(path:reason:)``.
    func write(_ plan: StaffingPlan, to path: String) throws(PlanError)
}
