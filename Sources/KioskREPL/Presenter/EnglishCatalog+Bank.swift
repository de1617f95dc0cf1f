import Bank
import KioskCore

/// The bank, in English.
extension EnglishCatalog {
    func admitted(customers: Int, tickets: ClosedRange<Int>, byTask: String, opened: Bool) -> String {
        let who =
            customers == 1
            ? "1 customer took ticket #\(tickets.lowerBound)"
            : "\(customers) customers took tickets #\(tickets.lowerBound)–#\(tickets.upperBound)"
        return (opened ? "Bank open: " : "") + "\(who) (\(byTask))."
    }

    func bankOpenHeadline(time: String, served: Int, waiting: Int, inService: Int, toArrive: Int) -> String {
        "Bank open · business time \(time) · served \(served) · \(waiting) waiting · \(inService) in service"
            + (toArrive > 0 ? " · \(toArrive) to arrive" : "")
    }

    var bankNeverOpenedHeadline: String { "Bank closed · no customers yet; 'bank open' lets them in" }

    func bankClosedHeadline(time: String, served: Int) -> String {
        "Bank closed · business time \(time) · served \(served)"
    }

    var statusColumns: (desk: String, clerk: String, serving: String, until: String, served: String, waiting: String) {
        ("Desk", "Clerk", "Serving", "Until", "Served", "Waiting")
    }
    var clerkIdle: String { "idle" }
    func serviceTimesLine(_ desks: [(desk: String?, services: [String])]) -> String {
        "Service times: "
            + desks.map { ($0.desk.map { "\($0): " } ?? "") + $0.services.joined(separator: ", ") }.joined(
                separator: " · ")
    }
    func serviceTimes(task: String, seconds: [String]) -> String { "\(task) \(seconds.joined(separator: " + ")) s" }
    var noReport: String { "Nobody has finished a task yet: 'bank open' lets customers in." }
    var noReportYet: String {
        "Nobody has finished a task yet: customers are still being served. 'bank wait' waits until they are done."
    }
    var reportColumns:
        (task: String, grade: String, customers: String, mean: String, median: String, p95: String, longest: String)
    { ("Task", "Grade", "Customers", "Mean wait", "p50", "p95", "Max") }
    var utilisationColumns: (desk: String, clerks: String, busy: String, share: String) {
        ("Desk", "Clerks", "Busy", "Utilisation")
    }
    func clerkHeld(ticket: Int) -> String { "#\(ticket) held" }
    var nobodyWaiting: String { "none" }
    // No-break spaces: a wrapped table cell keeps the phrase on one line.
    func andMore(_ count: Int) -> String { "and\u{A0}\(count.grouped)\u{A0}more" }
    var allServed: String { "All customers are served." }
    var idleNeverOpened: String { "The bank is idle: nobody is waiting. 'bank open' lets customers in." }
    var idleNobodyWaiting: String { "The bank is idle: nobody is waiting." }

    func stoppedWaiting(waiting: Int, inService: Int) -> String {
        "Stopped waiting. The bank goes on serving: \(waiting) waiting, \(inService) in service."
    }

    var stoppedWaitingByReset: String { "Stopped waiting: the bank was reset." }
    var summaryColumns: (desk: String, clerks: String, served: String) { ("Desk", "Clerks", "Served") }
    var routeSummaryColumns: (task: String, route: String, served: String) { ("Task", "Route", "Served") }
    var summaryTotal: String { "Total" }
    func businessTime(_ time: String) -> String { "Business time \(time)." }
    var nothingToCancel: String { "Nobody was waiting or in service." }

    func cancelled(waiting: Int, inService: Int, toArrive: Int) -> String {
        // The last count names the noun: "1 in-service customer", "4 still-to-arrive customers".
        let last = toArrive > 0 ? toArrive : inService
        let counts =
            toArrive > 0
            ? "\(waiting) waiting, \(inService) in-service and \(toArrive) still-to-arrive"
            : "\(waiting) waiting and \(inService) in-service"
        return "Cancelled \(counts) \(plural(last, "customer", "customers"))."
    }

    var noBankSessions: String { "No bank sessions recorded yet. Start one with 'bank open'." }
    var historyColumns:
        (number: String, opened: String, state: String, served: String, byTask: String, business: String)
    {
        ("#", "opened", "state", "served", "by task", "business")
    }

    func sessionState(ended: String?, idle: Bool) -> String {
        ended ?? (idle ? "idle" : "serving")
    }

    func recordingFailed(_ reason: String) -> String { "Recording the bank session failed: \(reason)" }

    func exported(customers: Int, path: String, format: String) -> String {
        "Exported \(customers) \(plural(customers, "customer", "customers")) to \(path) (\(format == "csv" ? "CSV" : "JSON Lines"))."
    }

    func describe(_ error: BankExportError, path: String) -> String {
        switch error {
        case .unknownFormat:
            "Cannot tell the format of '\(path)' from its name. End it in .csv or .jsonl, or add --format csv or --format jsonl."
        case .cannotWrite(_, let reason):
            "Cannot write '\(path)': \(reason). Choose a file in a directory you can write to."
        }
    }

    var acceptsPath: String { "a file's path" }

    func serviceStarted(
        time: String, ticket: Int, grade: String?, task: String, stage: String?, desk: String, clerk: Int
    ) -> String {
        "[\(time)] #\(ticket) \(serviceSubject(task: task, grade: grade, stage: stage)) started at \(desk) clerk \(clerk)"
    }

    func serviceFinished(
        time: String, ticket: Int, grade: String?, task: String, stage: String?, desk: String, clerk: Int
    ) -> String {
        "[\(time)] #\(ticket) \(serviceSubject(task: task, grade: grade, stage: stage)) finished at \(desk) clerk \(clerk)"
    }

    func serviceSubject(task: String, grade: String?, stage: String?) -> String {
        [grade, task, stage.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
    }

    func bankClosed(served: Int, byTask: String, time: String, seconds: String) -> String {
        "Bank closed: served \(served) \(plural(served, "customer", "customers")) (\(byTask)) in \(time) of business time."
    }

    func closingWaits(group: String, customers: Int, mean: String, p50: String, p95: String, longest: String) -> String
    {
        "  \(group) waited, \(customers) \(plural(customers, "customer", "customers")): mean \(mean) · p50 \(p50) · p95 \(p95) · max \(longest)"
    }

    var bankWasReset: String { "Bank reset: service cancelled, tickets and timer start over." }

    func presetInForce(_ preset: String?, others: [String]) -> String {
        let list = others.joined(separator: ", ")
        guard let preset else {
            return "The bank is the config's own, with no preset. Presets: \(list). 'bank preset NAME' runs one."
        }
        return "The bank runs preset \(preset). Other presets: \(list)."
    }

    func presetChanged(to name: String, places: [(name: String, clerks: Int)]) -> String {
        let desks = places.map { "\($0.name) (\($0.clerks) \(plural($0.clerks, "clerk", "clerks")))" }
        return "The bank now runs preset \(name): \(desks.joined(separator: ", ")). Tickets start at #1."
    }

    func skippedBankEvents(_ count: Int) -> String {
        "… \(count) bank \(plural(count, "event", "events")) not shown: the terminal fell behind."
    }
}
