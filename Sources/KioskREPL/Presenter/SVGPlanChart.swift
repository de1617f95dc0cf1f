import Bank
import Foundation
import KioskCore

/// `bank plan --plot FILE.svg`: a self-contained SVG of the worst task's share within target
/// (or mean wait, for a mean target) per staffing tried, with its 95% interval as a whisker,
/// the target as a dashed line, axis titles, a legend, and what the clerk counts under each
/// point mean (`2·1`: deposit 2, loan 1); readable in any browser, without kiosk.
struct SVGPlanChart: PlanChartWriter {
    let catalog: any MessageCatalog
    /// The desks' names in the session's language.
    var names = NameBook()

    /// - Throws: ``PlanError/plotNotSVG(path:)``, ``PlanError/cannotWritePlot(path:reason:)``,
    ///   or ``RefusedFile`` when `path` is a symbolic link, as `bank export` refuses it.
    func check(_ path: String) throws {
        let name = path.split(separator: "/").last ?? ""
        guard name.lowercased().hasSuffix(".svg"), name.count > 4 else { throw PlanError.plotNotSVG(path: path) }
        // The file is written whole into its directory and renamed (``BankExportFile``): the
        // directory must exist and take new files, and the path must be neither a directory
        // nor a symbolic link, which the rename would quietly replace.
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        // A link first, whatever it points to (a directory too), as `bank export` refuses it.
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw RefusedFile(path: path, use: .export, reason: .symbolicLink)
        }
        var isDirectory: ObjCBool = false
        let reason: Int32? =
            if !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
                ENOENT
            } else if !isDirectory.boolValue {
                ENOTDIR
            } else if access(directory, W_OK | X_OK) != 0 {
                errno
            } else if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                EISDIR
            } else {
                nil
            }
        if let reason {
            throw PlanError.cannotWritePlot(path: path, reason: String(cString: strerror(reason)))
        }
    }

    /// Writes the chart the way `bank export` writes its file: whole into a new file beside
    /// `path`, then renamed over it; a symbolic link refused.
    /// - Throws: ``PlanError/cannotWritePlot(path:reason:)`` with the system's reason, or
    ///   ``RefusedFile`` when `path` is a symbolic link.
    func write(_ plan: StaffingPlan, to path: String) throws {
        var text = svg(plan)
        // The writer ends each line with a newline itself.
        if text.hasSuffix("\n") { text.removeLast() }
        do {
            try BankExportFile.write(CollectionOfOne(text), to: path)
        } catch BankExportError.cannotWrite(_, let reason) {
            throw PlanError.cannotWritePlot(path: path, reason: reason)
        }
    }

    /// The figure of one staffing: the worst task's value and its 95% interval.
    private struct Point {
        let value: Double
        let low: Double
        let high: Double
    }

    /// The drawing area, in pixels; under the plot, room for the labels, the x axis's title
    /// and the key (more when the labels are turned), and no more.
    private enum Frame {
        static let width = 760.0
        static let left = 80.0
        static let right = 24.0
        static let top = 96.0
        static let plotHeight = 268.0
        static var plotWidth: Double { width - left - right }
        static func height(upright: Bool) -> Double { top + plotHeight + (upright ? 68 : 86) }
    }

    /// The chart as SVG text.
    func svg(_ plan: StaffingPlan) -> String {
        let served = plan.rates.indices.filter { plan.rates[$0].perHour > 0 }
        let isMean: Bool
        let goal: Double
        let within: Duration
        switch plan.target {
        case .share(let share, let duration): (isMean, goal, within) = (false, 100 * share, duration)
        case .mean(let duration): (isMean, goal, within) = (true, seconds(duration), duration)
        }
        let points = plan.candidates.map { candidate in
            worst(candidate, tasks: served, isMean: isMean)
        }
        // The y axis spans what there is to see: from a round value under the lowest interval
        // (or the target) for shares, from zero for waits; never a band with nothing in it.
        let (floor, ceiling): (Double, Double)
        if isMean {
            let most = max(goal, points.map(\.high).max() ?? 0)
            (floor, ceiling) = (0, niceCeiling(most * 1.1))
        } else {
            // Five ticks of a round step down from 100%, the least that leaves room under it all.
            let least = min(goal, points.map(\.low).min() ?? goal)
            let tick = [2.0, 5, 10, 20].first { 100 - 5 * $0 <= least - 2 } ?? 20
            (floor, ceiling) = (100 - 5 * tick, 100)
        }
        func y(_ value: Double) -> Double {
            Frame.top + Frame.plotHeight * (1 - (min(max(value, floor), ceiling) - floor) / max(ceiling - floor, 1e-9))
        }
        let step = Frame.plotWidth / Double(max(1, points.count))
        func x(_ index: Int) -> Double { Frame.left + step * (Double(index) + 0.5) }
        let plotBottom = Frame.top + Frame.plotHeight
        // Labels under the points stand upright while they fit; turned when they would touch.
        let labels = plan.candidates.map { $0.clerks.map(String.init).joined(separator: "·") }
        let widest = Double(labels.map(\.count).max() ?? 0) * 7
        let upright = widest + 4 <= step
        let height = Frame.height(upright: upright)
        let target = catalog.planTarget(
            share: isMean ? nil : goal / 100, within: PlanFormat.duration(seconds: seconds(within)))
        let withinText = PlanFormat.duration(seconds: seconds(within))
        let deskNames = plan.desks.map { names.desk($0) }
        let axes = catalog.planPlotAxes(mean: isMean, within: withinText, desks: deskNames.joined(separator: " · "))
        let legend = catalog.planPlotLegend
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Frame.width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(Frame.width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Frame.left)" y="24" font-size="15" font-weight="bold">\(escape(catalog.planPlotTitle(mean: isMean)))</text>
            <text x="\(Frame.left)" y="44" fill="#444">\(escape(target))</text>

            """
        svg += legendRow(legend, y: 70)
        for tick in 0...5 {
            let value = floor + (ceiling - floor) * Double(tick) / 5
            let label = isMean ? PlanFormat.duration(seconds: value) : "\(PlanFormat.number(value))%"
            svg += """
                <line x1="\(Frame.left)" y1="\(y(value))" x2="\(Frame.width - Frame.right)" y2="\(y(value))" stroke="#e5e5e5"/>
                <text x="\(Frame.left - 6)" y="\(y(value) + 4)" text-anchor="end">\(label)</text>

                """
        }
        svg += """
            <line x1="\(Frame.left)" y1="\(Frame.top)" x2="\(Frame.left)" y2="\(plotBottom)" stroke="#888"/>
            <line x1="\(Frame.left)" y1="\(plotBottom)" x2="\(Frame.width - Frame.right)" y2="\(plotBottom)" stroke="#888"/>
            <line x1="\(Frame.left)" y1="\(y(goal))" x2="\(Frame.width - Frame.right)" y2="\(y(goal))" stroke="#c0392b" stroke-width="1.5" stroke-dasharray="6 4"/>
            <text transform="translate(18,\(Frame.top + Frame.plotHeight / 2)) rotate(-90)" text-anchor="middle">\(escape(axes.y))</text>

            """
        let cap = min(8, max(3, step / 4))
        for (index, point) in points.enumerated() {
            let colour = self.colour(plan, index)
            let radius = index == plan.recommended ? 5.0 : 3.5
            svg += """
                <line class="whisker" x1="\(x(index))" y1="\(y(point.low))" x2="\(x(index))" y2="\(y(point.high))" stroke="\(colour)" stroke-width="1.5"/>
                <line x1="\(x(index) - cap)" y1="\(y(point.low))" x2="\(x(index) + cap)" y2="\(y(point.low))" stroke="\(colour)" stroke-width="1.5"/>
                <line x1="\(x(index) - cap)" y1="\(y(point.high))" x2="\(x(index) + cap)" y2="\(y(point.high))" stroke="\(colour)" stroke-width="1.5"/>
                <circle class="point" cx="\(x(index))" cy="\(y(point.value))" r="\(radius)" fill="\(colour)"/>

                """
            svg +=
                upright
                ? "<text x=\"\(x(index))\" y=\"\(plotBottom + 16)\" text-anchor=\"middle\">\(escape(labels[index]))</text>\n"
                : "<text transform=\"translate(\(x(index) - 3),\(plotBottom + 10)) rotate(45)\">\(escape(labels[index]))</text>\n"
        }
        let example = plan.recommended ?? plan.best
        let meaning = zip(deskNames, plan.candidates[example].clerks).map {
            catalog.planPlotClerks(desk: $0, count: $1)
        }
        let axisY = plotBottom + (upright ? 40 : 58)
        svg += """
            <text x="\(Frame.left + Frame.plotWidth / 2)" y="\(axisY)" text-anchor="middle">\(escape(axes.x))</text>
            <text x="\(Frame.left + Frame.plotWidth / 2)" y="\(axisY + 18)" text-anchor="middle" fill="#444">\
            \(escape(catalog.planPlotClerksKey(example: labels[example], meaning: meaning.joined(separator: ", "))))</text>
            </svg>

            """
        return svg
    }

    /// The legend: a green, a blue and a grey point, the dashed target and a whisker, as one
    /// line of text, so that the labels are spaced by the font that draws them.
    private func legendRow(
        _ legend: (recommended: String, meets: String, misses: String, target: String, interval: String), y: Double
    ) -> String {
        let samples = [
            ("fill=\"#1e8449\"", "●", legend.recommended), ("fill=\"#2e86c1\"", "●", legend.meets),
            ("fill=\"#7f8c8d\"", "●", legend.misses),
            ("fill=\"#c0392b\" font-weight=\"bold\"", "- - -", legend.target),
            // A serif capital I is a whisker with its caps.
            ("fill=\"#555\" font-family=\"serif\" font-weight=\"bold\"", "I", legend.interval),
        ]
        let items = samples.enumerated().map { index, sample in
            "<tspan \(index == 0 ? "" : "dx=\"18\" ")\(sample.0)>\(sample.1)</tspan>"
                + "<tspan dx=\"5\">\(escape(sample.2))</tspan>"
        }
        return "<text class=\"legend\" x=\"\(Frame.left)\" y=\"\(y)\">\(items.joined())</text>\n"
    }

    /// The worst served task's figure under `candidate`: the lowest share within target, or
    /// the longest mean wait, at its confidence bound.
    private func worst(_ candidate: StaffingCandidate, tasks: [Int], isMean: Bool) -> Point {
        let figures = tasks.map { candidate.tasks[$0] }
        if isMean {
            return figures.max { $0.mean.high < $1.mean.high }.map {
                Point(value: $0.mean.value, low: max(0, $0.mean.low), high: $0.mean.high)
            } ?? Point(value: 0, low: 0, high: 0)
        }
        return figures.min { $0.withinTarget.low < $1.withinTarget.low }.map {
            Point(
                value: 100 * $0.withinTarget.value, low: 100 * max(0, $0.withinTarget.low),
                high: 100 * min(1, $0.withinTarget.high))
        } ?? Point(value: 0, low: 0, high: 0)
    }

    /// Green for the recommendation, blue for another staffing that meets the target, grey
    /// for one that misses it.
    private func colour(_ plan: StaffingPlan, _ index: Int) -> String {
        index == plan.recommended ? "#1e8449" : (plan.candidates[index].meetsTarget ? "#2e86c1" : "#7f8c8d")
    }

    /// 1, 2 or 5 times a power of ten, at least `value`: a round top for a wait axis.
    private func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let power = pow(10, (log10(value)).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value } ?? 10 * power
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
