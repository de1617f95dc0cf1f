/// Where `bank plan --plot FILE.svg` sends its chart: the bank only asks; the front end draws
/// and writes the file.
public protocol PlanChartWriter: Sendable {
    /// Checks, before any planning, that a chart can be written to `path`: its format and
    /// its directory, so that a long plan is not computed for a file that cannot be written.
    /// - Throws: ``PlanError/plotNotSVG(path:)`` or ``PlanError/cannotWritePlot(path:reason:)``,
    ///   or the front end's own refusal of a file it will not write (a symbolic link).
    func check(_ path: String) throws
    /// Writes a chart of `plan` to `path`.
    /// - Throws: ``PlanError/cannotWritePlot(path:reason:)``, or the front end's own refusal.
    func write(_ plan: StaffingPlan, to path: String) throws
}
