import Bank

/// The bank's sentences: admissions, status, report, history, export and service events.
protocol BankMessages: Sendable {
    func admitted(customers: Int, tickets: ClosedRange<Int>, byTask: String, opened: Bool) -> String
    func bankOpenHeadline(time: String, served: Int, waiting: Int, inService: Int, toArrive: Int) -> String
    var bankNeverOpenedHeadline: String { get }
    func bankClosedHeadline(time: String, served: Int) -> String
    var statusColumns: (desk: String, clerk: String, serving: String, until: String, served: String, waiting: String) {
        get
    }
    var clerkIdle: String { get }
    /// `bank status`'s line of service times: each desk (nil where every desk serves one task,
    /// named by it) with its tasks' times from ``serviceTimes(task:seconds:)``.
    func serviceTimesLine(_ desks: [(desk: String?, services: [String])]) -> String
    /// One task's service time at a desk, as the live view shows it: `Deposit 0.700 s`, or a
    /// stage's time after another's (`Loan 0.300 + 0.300 s`).
    func serviceTimes(task: String, seconds: [String]) -> String
    /// `bank report` before anyone has finished their task.
    var noReport: String { get }
    /// `bank report` before anyone finished, while customers are still at the bank.
    var noReportYet: String { get }
    /// The columns of `bank report`'s waits: task, grade, customers, mean, p50, p95, max.
    var reportColumns:
        (task: String, grade: String, customers: String, mean: String, median: String, p95: String, longest: String)
    { get }
    /// The columns of `bank report`'s utilisation: desk or office, clerks, busy time, share.
    var utilisationColumns: (desk: String, clerks: String, busy: String, share: String) { get }
    /// A clerk held by customer `ticket` while one of its stages is served elsewhere.
    func clerkHeld(ticket: Int) -> String
    var nobodyWaiting: String { get }
    func andMore(_ count: Int) -> String
    var allServed: String { get }
    var idleNeverOpened: String { get }
    var idleNobodyWaiting: String { get }
    func stoppedWaiting(waiting: Int, inService: Int) -> String
    var stoppedWaitingByReset: String { get }
    var summaryColumns: (desk: String, clerks: String, served: String) { get }
    /// The columns of the closing summary of a bank whose tasks take routes: task, route, served.
    var routeSummaryColumns: (task: String, route: String, served: String) { get }
    var summaryTotal: String { get }
    func businessTime(_ time: String) -> String
    var nothingToCancel: String { get }
    func cancelled(waiting: Int, inService: Int, toArrive: Int) -> String
    var noBankSessions: String { get }
    var historyColumns:
        (number: String, opened: String, state: String, served: String, byTask: String, business: String)
    {
        get
    }
    func sessionState(ended: String?, idle: Bool) -> String
    func recordingFailed(_ reason: String) -> String
    /// `bank export` wrote `customers` rows to `path` as `format` (`csv`, `jsonl`).
    func exported(customers: Int, path: String, format: String) -> String
    /// Why `bank export` failed; `path` is already made safe to print.
    func describe(_ error: BankExportError, path: String) -> String
    /// A service began: `grade` in a bank with grades, `stage` for a task of several stages.
    func serviceStarted(
        time: String, ticket: Int, grade: String?, task: String, stage: String?, desk: String, clerk: Int
    ) -> String
    /// A service ended: `grade` in a bank with grades, `stage` for a task of several stages.
    func serviceFinished(
        time: String, ticket: Int, grade: String?, task: String, stage: String?, desk: String, clerk: Int
    ) -> String
    /// What a service line calls the customer's business: the task, with the grade (in a
    /// bank with grades) and the stage (of a task with several): `VIP loan (review)`.
    func serviceSubject(task: String, grade: String?, stage: String?) -> String
    /// `time` as mm:ss.SSS, `seconds` as the exercises print it (`6.60`).
    func bankClosed(served: Int, byTask: String, time: String, seconds: String) -> String
    /// One line of the closing summary's waits: the task (with its grade where the bank has
    /// grades), its customers, and their mean, p50, p95 and longest wait.
    func closingWaits(group: String, customers: Int, mean: String, p50: String, p95: String, longest: String) -> String
    var bankWasReset: String { get }
    /// `bank preset`: the preset in force (nil: the config's own bank) and the others.
    func presetInForce(_ preset: String?, others: [String]) -> String
    /// `bank preset NAME`: the bank now runs preset `name`, with these desks and offices.
    func presetChanged(to name: String, places: [(name: String, clerks: Int)]) -> String
    func skippedBankEvents(_ count: Int) -> String
}
