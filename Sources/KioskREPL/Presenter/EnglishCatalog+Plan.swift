import Bank
import KioskCore

extension EnglishCatalog {
    func planTarget(share: Double?, within: String) -> String {
        share.map { "\(PlanFormat.percent($0)) within \(within)" } ?? "mean wait within \(within)"
    }

    func planHeadline(target: String, hours: String, replications: Int, rates: String) -> String {
        "Staffing plan for \(target): \(hours) h days, \(replications) replications each; arrivals \(rates)."
    }

    var planColumns: (staffing: String, cost: String, utilisation: String) { ("Clerks", "Cost", "Busiest") }
    var planRecommendedMark: String { "◀ recommended" }

    func planRecommended(staffing: String, cost: String) -> String {
        "Recommended: \(staffing) (cost \(cost)), the cheapest staffing tried whose 95% lower bound meets the target."
    }

    func planUnreachable(best: String, reaches: String) -> String {
        "No staffing within the bounds meets the target; the best reached is \(best), whose worst task reaches "
            + "\(reaches). Raise the bounds (--clerks DESK=MIN..MAX) or relax the target."
    }

    var planDetailColumns:
        (
            task: String, grade: String, customers: String, mean: String, p50: String, p95: String, within: String,
            theory: String
        )
    { ("Task", "Grade", "Customers/day", "Mean wait", "p50", "p95", "Within target (95% CI)", "Theory") }

    func planDetailTitle(staffing: String) -> String { "Waits with \(staffing):" }
    var planChartTitle: String { "Share within target of the worst task, per staffing:" }
    var planTheoryDisagrees: String { "≠ simulation" }

    func planPlotTitle(mean: Bool) -> String {
        mean
            ? "Mean wait of the worst task, per staffing tried"
            : "Share served within target, worst task, per staffing tried"
    }

    func planPlotAxes(mean: Bool, within: String, desks: String) -> (x: String, y: String) {
        ("Clerks per staffing (\(desks))", mean ? "Mean wait of the worst task" : "Worst task served within \(within)")
    }

    func planPlotClerks(desk: String, count: Int) -> String { "\(desk) \(count)" }

    func planPlotClerksKey(example: String, meaning: String) -> String { "\(example) means \(meaning)" }

    var planPlotLegend: (recommended: String, meets: String, misses: String, target: String, interval: String) {
        ("recommended", "meets the target", "misses it", "target", "95% interval")
    }

    func planProgress(staffing: Int, bar: String, days: Int, of total: Int) -> String {
        "Planning: staffing \(staffing) \(bar) day \(days) of \(total)"
    }

    var planNetworkNote: String {
        "Theory covers single-stage desks only; routes of several stages and shared desks or offices are "
            + "where it and the simulation part ways."
    }

    func describe(_ error: PlanError) -> String {
        switch error {
        case .badRate(let given):
            "'\(Sanitized.text(given))' is not a rate. Write TASK=N/h (or /m, /s): --rate deposit=60/h."
        case .unknownName(let noun, let given, let known):
            "Unknown \(noun) '\(Sanitized.text(given))'. Choose one of: \(known.joined(separator: ", "))."
        case .noArrivals:
            "Every rate is 0, so nobody would come. Give a task a rate: --rate TASK=60/h."
        case .badTarget(let given, let word):
            // A target of one word not understood is named once ('soon' is not a target).
            (word.flatMap { $0 == given ? nil : $0 }.map {
                "'\(Sanitized.text($0))' in '\(Sanitized.text(given))' is not understood. "
            }
                ?? "'\(Sanitized.text(given))' is not a target. ")
                + "Write a share within a wait (\"85% within 2 minutes\"), a mean wait (\"mean within 45s\") "
                + "or a wait alone (\"2 min\", for 85% within it)."
        case .impossibleTarget(let percent):
            "A share of \(PlanFormat.number(percent))% cannot be met. Give a share above 0% and at most 100%."
        case .zeroMeanTarget(let given):
            "'\(Sanitized.text(given))' asks that nobody ever waits, which no staffing can promise. Give a mean above 0 (\"mean within 30s\"), or a share who never wait (\"95% within 0s\")."
        case .badSetting(let option, let given):
            option == "clerks"
                ? "'\(Sanitized.text(given))' is not a clerk range. Write DESK=MIN..MAX or DESK=N (1 to 1000): --clerks deposit=2..6."
                : "'\(Sanitized.text(given))' is not a cost. Write DESK=N with N a whole number from 0 to 1000000: --cost loan=2."
        case .boundsReversed(let desk, let min, let max):
            "--clerks \(Sanitized.text(desk))=\(min)..\(max) has MIN above MAX. Write \(Sanitized.text(desk))=\(max)..\(min)."
        case .overloaded(let desk, let load, let max):
            "\(Sanitized.text(desk)) has work for \(PlanFormat.number(load)) clerks at all times and at most \(max), "
                + "so its line would grow all day. Raise its bound: --clerks \(Sanitized.text(desk))=MIN..\(Int(load.rounded(.up)) + 1)."
        case .badHours(let given):
            "'\(Sanitized.text(given))' is not a number of hours. Give one above 0 and at most 168: --hours 8."
        case .dayTooBusy(let expected, let limit):
            "These rates bring about \(expected) customers a day; a plan simulates at most \(limit). Lower --rate or --hours."
        case .tooFewArrivals(let expected, let hours):
            "These rates bring \(PlanFormat.number(expected)) customers in a day of \(PlanFormat.number(hours)) h, too few to judge a staffing by, so nothing is recommended. Give a longer day (--hours 8) or higher rates."
        case .interrupted(let tried):
            "Planning stopped after \(tried) staffings. Run it again with fewer --replications or narrower --clerks bounds."
        case .badService(let given):
            "Unknown service timing '\(Sanitized.text(given))'. Choose fixed or exponential."
        case .cannotWritePlot(let path, let reason):
            reason.map {
                "Cannot write the chart to '\(Sanitized.text(path, limit: 256))': \($0). Choose another path for --plot."
            }
                ?? "This front end draws no charts. Leave out --plot."
        case .plotNotSVG(let path):
            "--plot writes an SVG chart only: name a file ending in .svg, not '\(Sanitized.text(path, limit: 256))'."
        }
    }
}
