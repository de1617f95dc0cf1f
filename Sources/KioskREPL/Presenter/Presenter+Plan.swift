import Bank
import Foundation
import KioskCore

/// Numbers as `bank plan` shows them, the same in every language.
enum PlanFormat {
    /// `85%`, `91.3%`.
    static func percent(_ share: Double) -> String {
        let value = (share * 1_000).rounded() / 10
        return value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }

    /// A mean count of customers, to the nearest whole one: `240`, `237`.
    static func customers(_ value: Double) -> String {
        value.isFinite ? String(Int(value.rounded())) : "–"
    }

    /// `2`, `2.5`, `2.35`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "∞" }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%g", rounded)
    }

    /// `700ms`, `45s`, `2m`, `1m 30s`, `1.5h` — as `--target` reads them.
    static func duration(seconds: Double) -> String {
        guard seconds.isFinite else { return "∞" }
        if seconds < 1 { return "\(Int((seconds * 1_000).rounded()))ms" }
        if seconds < 60 { return "\(number((seconds * 10).rounded() / 10))s" }
        if seconds < 3_600 {
            let whole = Int(seconds.rounded())
            return whole % 60 == 0 ? "\(whole / 60)m" : "\(whole / 60)m \(whole % 60)s"
        }
        return "\(number(seconds / 3_600))h"
    }
}

extension Presenter {
    func renderPlan(_ plan: StaffingPlan, command: String) -> Rendering {
        Rendering(text: planText(plan), json: json(command: command, planBody(plan)))
    }

    private func staffing(_ plan: StaffingPlan, _ clerks: [Int]) -> String {
        zip(plan.desks, clerks).map { "\(names.desk($0)) \($1)" }.joined(separator: " · ")
    }

    private func targetText(_ plan: StaffingPlan) -> String {
        switch plan.target {
        case .share(let share, let within):
            catalog.planTarget(share: share, within: PlanFormat.duration(seconds: within.planSeconds))
        case .mean(let within): catalog.planTarget(share: nil, within: PlanFormat.duration(seconds: within.planSeconds))
        }
    }

    /// The figure the target is about, for one task: its share within target, or its mean wait.
    private func figure(_ plan: StaffingPlan, _ task: WaitEstimates) -> String {
        switch plan.target {
        case .share:
            "\(PlanFormat.percent(task.withinTarget.value)) [\(PlanFormat.percent(max(0, task.withinTarget.low)))–\(PlanFormat.percent(min(1, task.withinTarget.high)))]"
        case .mean:
            "\(PlanFormat.duration(seconds: task.mean.value)) [\(PlanFormat.duration(seconds: max(0, task.mean.low)))–\(PlanFormat.duration(seconds: task.mean.high))]"
        }
    }

    private func planText(_ plan: StaffingPlan) -> [TextBlock] {
        let rates = plan.rates.filter { $0.perHour > 0 }.map {
            "\(names.task($0.task)) \(PlanFormat.number($0.perHour))/h"
        }
        var blocks: [TextBlock] = [
            .message(
                catalog.planHeadline(
                    target: targetText(plan), hours: PlanFormat.number(plan.hours), replications: plan.replications,
                    rates: rates.joined(separator: ", ")), .heading)
        ]
        let served = plan.rates.indices.filter { plan.rates[$0].perHour > 0 }
        let columns = catalog.planColumns
        blocks.append(
            .table(
                Table(
                    columns: [Table.Column(columns.staffing), Table.Column(columns.cost, alignment: .right)]
                        + served.map { Table.Column(names.task(plan.rates[$0].task), alignment: .right) }
                        + [Table.Column(columns.utilisation, alignment: .right), Table.Column("")],
                    rows: plan.candidates.enumerated().map { index, candidate in
                        [staffing(plan, candidate.clerks), PlanFormat.number(candidate.cost)]
                            + served.map { figure(plan, candidate.tasks[$0]) }
                            + [
                                PlanFormat.percent(candidate.utilisation.map(\.value).max() ?? 0),
                                index == plan.recommended ? catalog.planRecommendedMark : "",
                            ]
                    })))
        blocks.append(.message(catalog.planChartTitle))
        blocks.append(
            .table(
                Table(
                    columns: [Table.Column(""), Table.Column(""), Table.Column("")], rows: chart(plan),
                    showsHeader: false)))
        let chosen = plan.candidates[plan.best]
        if let recommended = plan.recommended {
            let candidate = plan.candidates[recommended]
            blocks.append(
                .message(
                    catalog.planRecommended(
                        staffing: staffing(plan, candidate.clerks), cost: PlanFormat.number(candidate.cost)), .success))
        } else {
            let worst = chosen.tasks.indices.filter { plan.rates[$0].perHour > 0 }.min {
                chosen.tasks[$0].withinTarget.low < chosen.tasks[$1].withinTarget.low
            }
            blocks.append(
                .message(
                    catalog.planUnreachable(
                        best: staffing(plan, chosen.clerks),
                        reaches: worst.map { figure(plan, chosen.tasks[$0]) } ?? "–"), .warning))
        }
        blocks.append(.message(catalog.planDetailTitle(staffing: staffing(plan, chosen.clerks))))
        let detail = catalog.planDetailColumns
        blocks.append(
            .table(
                Table(
                    columns: [
                        Table.Column(detail.task), Table.Column(detail.grade),
                        Table.Column(detail.customers, alignment: .right), Table.Column(detail.mean, alignment: .right),
                        Table.Column(detail.p50, alignment: .right), Table.Column(detail.p95, alignment: .right),
                        Table.Column(detail.within, alignment: .right), Table.Column(detail.theory, alignment: .right),
                    ],
                    rows: (chosen.tasks + chosen.grades).filter { $0.customers > 0 }.map { task in
                        [
                            names.task(task.task), task.grade.map { names.grade($0) } ?? "",
                            // The mean over the days, as a whole number of customers, as JSON gives it.
                            PlanFormat.customers(task.customers), PlanFormat.duration(seconds: task.mean.value),
                            PlanFormat.duration(seconds: task.p50.value), PlanFormat.duration(seconds: task.p95.value),
                            "\(PlanFormat.percent(task.withinTarget.value)) [\(PlanFormat.percent(max(0, task.withinTarget.low)))–\(PlanFormat.percent(min(1, task.withinTarget.high)))]",
                            task.theory.map {
                                "\(PlanFormat.duration(seconds: $0.meanWait)), \(PlanFormat.percent($0.withinTarget))"
                                    + ($0.disagrees ? " \(catalog.planTheoryDisagrees)" : "")
                            } ?? "",
                        ]
                    })))
        let usage = catalog.utilisationColumns
        blocks.append(
            .table(
                Table(
                    columns: [
                        Table.Column(usage.desk), Table.Column(usage.clerks, alignment: .right),
                        Table.Column(usage.share, alignment: .right),
                    ],
                    rows: plan.desks.indices.map {
                        [
                            names.desk(plan.desks[$0]), String(chosen.clerks[$0]),
                            PlanFormat.percent(chosen.utilisation[$0].value),
                        ]
                    })))
        if plan.hasNetworkEffects { blocks.append(.message(catalog.planNetworkNote, .muted)) }
        return blocks
    }

    /// One bar per staffing: the worst task's share within target, 20 cells for 100%.
    private func chart(_ plan: StaffingPlan) -> [[String]] {
        plan.candidates.map { candidate in
            let worst =
                candidate.tasks.indices.filter { plan.rates[$0].perHour > 0 }
                .map { candidate.tasks[$0].withinTarget.value }.min() ?? 0
            let cells = Int((min(1, max(0, worst)) * 20).rounded())
            return [
                staffing(plan, candidate.clerks),
                String(repeating: "█", count: cells) + String(repeating: "·", count: 20 - cells),
                PlanFormat.percent(worst),
            ]
        }
    }

    private func planBody(_ plan: StaffingPlan) -> JSONContract.PlanBody {
        func whole(_ value: Double) -> Int { value.isFinite ? Int(value.rounded()) : 0 }
        // A confidence interval is cut at what the figure can be: no wait below 0, no share above all.
        func interval(_ estimate: Estimate, scale: Double, most: Double = .infinity) -> JSONContract.PlanBody.Interval {
            .init(
                value: whole(estimate.value * scale), low: whole(max(0, estimate.low) * scale),
                high: whole(min(most, estimate.high) * scale))
        }
        func figures(_ task: WaitEstimates) -> JSONContract.PlanBody.TaskFigures {
            JSONContract.PlanBody.TaskFigures(
                task: task.task, grade: task.grade, customers: whole(task.customers),
                wait_ms: .init(
                    mean: whole(task.mean.value * 1_000), p50: whole(task.p50.value * 1_000),
                    p95: whole(task.p95.value * 1_000)),
                wait_ms_interval: .init(
                    mean: interval(task.mean, scale: 1_000), p50: interval(task.p50, scale: 1_000),
                    p95: interval(task.p95, scale: 1_000)),
                within_target_permille: interval(task.withinTarget, scale: 1_000, most: 1),
                theory: task.theory.map {
                    .init(
                        formula: $0.formula.rawValue,
                        mean_wait_ms: $0.meanWait.isFinite ? whole($0.meanWait * 1_000) : nil,
                        within_target_permille: whole($0.withinTarget * 1_000), disagrees: $0.disagrees)
                })
        }
        func counts(_ clerks: [Int]) -> JSONContract.Counts { JSONContract.Counts(Array(zip(plan.desks, clerks))) }
        let target: JSONContract.PlanBody.Target =
            switch plan.target {
            case .share(let share, let within):
                .init(kind: "share", share_permille: whole(share * 1_000), within_ms: within.wholeMilliseconds)
            case .mean(let within): .init(kind: "mean", share_permille: nil, within_ms: within.wholeMilliseconds)
            }
        return JSONContract.PlanBody(
            target: target, day_ms: whole(plan.hours * 3_600_000), replications: plan.replications,
            rates_per_hour: JSONContract.Counts(plan.rates.map { ($0.task, whole($0.perHour)) }),
            recommended: plan.recommended.map { counts(plan.candidates[$0].clerks) },
            best: counts(plan.candidates[plan.best].clerks), network_effects: plan.hasNetworkEffects,
            candidates: plan.candidates.map { candidate in
                JSONContract.PlanBody.Candidate(
                    clerks: counts(candidate.clerks), cost: whole(candidate.cost),
                    meets_target: candidate.meetsTarget, tasks: candidate.tasks.map(figures),
                    grades: candidate.grades.map(figures),
                    utilisation_permille: JSONContract.Counts(
                        zip(plan.desks, candidate.utilisation).map { ($0, whole($1.value * 1_000)) }))
            })
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    fileprivate var planSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
