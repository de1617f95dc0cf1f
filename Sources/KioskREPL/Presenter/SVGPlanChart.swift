import Bank
import Foundation
import KioskCore

/// `bank plan --plot FILE.svg`: a self-contained SVG of the worst task's share within target
/// (or mean wait, for a mean target) per staffing tried, with its 95% interval and the
/// target as a dashed line; readable in any browser, without kiosk.
struct SVGPlanChart: PlanChartWriter {
    let catalog: any MessageCatalog

    func write(_ plan: StaffingPlan, to path: String) throws(PlanError) {
        do {
            try Data(svg(plan).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = (error as NSError).localizedDescription
            throw .cannotWritePlot(path: path, reason: reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
        }
    }

    /// The chart as SVG text.
    func svg(_ plan: StaffingPlan) -> String {
        let width = 760.0
        let height = 420.0
        let (left, right, top, bottom) = (70.0, 20.0, 50.0, 120.0)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let served = plan.rates.indices.filter { plan.rates[$0].perHour > 0 }
        // Per staffing, the worst task's figure and interval.
        let points: [(value: Double, low: Double, high: Double)] = plan.candidates.map { candidate in
            let figures = served.map { candidate.tasks[$0] }
            switch plan.target {
            case .share:
                let worst = figures.min { $0.withinTarget.low < $1.withinTarget.low }
                return worst.map {
                    (100 * $0.withinTarget.value, 100 * max(0, $0.withinTarget.low), 100 * min(1, $0.withinTarget.high))
                } ?? (0, 0, 0)
            case .mean:
                let worst = figures.max { $0.mean.high < $1.mean.high }
                return worst.map { ($0.mean.value, max(0, $0.mean.low), $0.mean.high) } ?? (0, 0, 0)
            }
        }
        let (goal, unit, title): (Double, String, String) =
            switch plan.target {
            case .share(let share, let within):
                (
                    100 * share, "%",
                    catalog.planTarget(share: share, within: PlanFormat.duration(seconds: seconds(within)))
                )
            case .mean(let within):
                (
                    seconds(within), "s",
                    catalog.planTarget(share: nil, within: PlanFormat.duration(seconds: seconds(within)))
                )
            }
        let top100 = unit == "%" ? 100.0 : max(goal, points.map(\.high).max() ?? 0) * 1.15 + 1e-9
        func y(_ value: Double) -> Double { top + plotHeight * (1 - min(max(value, 0), top100) / top100) }
        let step = plotWidth / Double(max(1, points.count))
        func x(_ index: Int) -> Double { left + step * (Double(index) + 0.5) }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="22" font-size="15" font-weight="bold">\(escape(catalog.planChartTitle))</text>
            <text x="\(left)" y="40">\(escape(title)) · \(escape(plan.desks.joined(separator: " · ")))</text>

            """
        for tick in 0...5 {
            let value = top100 * Double(tick) / 5
            let label = unit == "%" ? "\(Int(value))%" : PlanFormat.duration(seconds: value)
            svg += """
                <line x1="\(left)" y1="\(y(value))" x2="\(width - right)" y2="\(y(value))" stroke="#ddd"/>
                <text x="\(left - 6)" y="\(y(value) + 4)" text-anchor="end">\(label)</text>

                """
        }
        svg += """
            <line x1="\(left)" y1="\(y(goal))" x2="\(width - right)" y2="\(y(goal))" stroke="#c0392b" stroke-dasharray="6 4"/>

            """
        for (index, point) in points.enumerated() {
            let colour =
                index == plan.recommended ? "#1e8449" : (plan.candidates[index].meetsTarget ? "#2e86c1" : "#7f8c8d")
            let label = plan.candidates[index].clerks.map(String.init).joined(separator: "·")
            svg += """
                <line x1="\(x(index))" y1="\(y(point.low))" x2="\(x(index))" y2="\(y(point.high))" stroke="\(colour)" stroke-width="2"/>
                <circle cx="\(x(index))" cy="\(y(point.value))" r="\(index == plan.recommended ? 6 : 4)" fill="\(colour)"/>
                <text transform="translate(\(x(index) + 4),\(top + plotHeight + 12)) rotate(60)">\(escape(label))</text>

                """
        }
        svg += "</svg>\n"
        return svg
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
