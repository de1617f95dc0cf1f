import Bank
import Foundation
import KioskCore

extension Presenter {
    func render(_ outcome: BankOutcome, command: String) -> Rendering {
        switch outcome {
        case .admission(let admission):
            let byTask = catalog.amounts(
                admission.byTask.filter { $0.count > 0 }.map { (names.task($0.task), $0.count) })
            return Rendering(
                text: [
                    .message(
                        catalog.admitted(
                            customers: admission.customers, tickets: admission.tickets, byTask: byTask,
                            opened: admission.opened), .success)
                ],
                json: json(
                    command: command,
                    JSONContract.AdmissionBody(
                        customers: admission.customers,
                        tickets: JSONContract.TicketRange(
                            first: admission.tickets.lowerBound, last: admission.tickets.upperBound),
                        by_task: JSONContract.Counts(admission.byTask), opened: admission.opened)))
        case .status(let status):
            return Rendering(
                text: [
                    .message(headline(status), .heading), .table(statusTable(status)),
                    .message(serviceTimesLine(status)),
                ],
                json: json(command: command, statusBody(status)))
        case .wait(let outcome):
            return renderWait(outcome, command: command)
        case .reset(let cancellation):
            return Rendering(
                text: [
                    .message(
                        cancellation.isEmpty
                            ? catalog.nothingToCancel
                            : catalog.cancelled(
                                waiting: cancellation.waiting, inService: cancellation.inService,
                                toArrive: cancellation.toArrive))
                ],
                json: json(
                    command: command,
                    JSONContract.ResetBody(
                        cancelled: .init(
                            waiting: cancellation.waiting, in_service: cancellation.inService,
                            to_arrive: cancellation.toArrive))))
        case .history(let history):
            return renderHistory(history, command: command)
        case .report(let report):
            return Rendering(text: reportText(report), json: json(command: command, reportBody(report)))
        case .plan(let plan):
            return renderPlan(plan, command: command)
        }
    }

    private func reportBody(_ report: BankReport) -> JSONContract.ReportBody {
        JSONContract.ReportBody(
            waits: report.waits.map(JSONContract.ReportBody.Waits.init),
            utilisation: report.utilisation.map {
                JSONContract.ReportBody.Utilisation(
                    desk: $0.desk, clerks: $0.clerks, busy_ms: $0.busy.wholeMilliseconds,
                    utilisation_permille: Int(($0.share * 1_000).rounded()))
            },
            business_ms: report.businessTime.wholeMilliseconds, present: report.present)
    }

    /// Waits per task and grade, then utilisation per desk and office, as two tables.
    private func reportText(_ report: BankReport) -> [TextBlock] {
        guard !report.waits.isEmpty else {
            return [.message(report.present > 0 ? catalog.noReportYet : catalog.noReport, .muted)]
        }
        let waits = catalog.reportColumns
        let usage = catalog.utilisationColumns
        let percent = { (share: Double) in String(format: "%.1f%%", share * 100) }
        return [
            .table(
                Table(
                    columns: [
                        Table.Column(waits.task), Table.Column(waits.grade),
                        Table.Column(waits.customers, alignment: .right), Table.Column(waits.mean, alignment: .right),
                        Table.Column(waits.median, alignment: .right), Table.Column(waits.p95, alignment: .right),
                        Table.Column(waits.longest, alignment: .right),
                    ],
                    rows: report.waits.map {
                        [
                            names.task($0.task), names.grade($0.grade), String($0.customers), $0.mean.clockText,
                            $0.median.clockText, $0.p95.clockText, $0.longest.clockText,
                        ]
                    })),
            .table(
                Table(
                    columns: [
                        Table.Column(usage.desk), Table.Column(usage.clerks, alignment: .right),
                        Table.Column(usage.busy, alignment: .right), Table.Column(usage.share, alignment: .right),
                    ],
                    rows: report.utilisation.map {
                        [names.desk($0.desk), String($0.clerks), $0.busy.clockText, percent($0.share)]
                    })),
            .message(catalog.businessTime(report.businessTime.clockText)),
        ]
    }

    private func headline(_ status: BankStatus) -> String {
        let time = status.businessTime.clockText
        if status.isOpen {
            return catalog.bankOpenHeadline(
                time: time, served: status.served, waiting: status.waiting, inService: status.inService,
                toArrive: status.toArrive)
        }
        if status.served == 0 { return catalog.bankNeverOpenedHeadline }
        return catalog.bankClosedHeadline(time: time, served: status.served)
    }

    private func statusTable(_ status: BankStatus) -> Table {
        var rows: [[String]] = []
        for desk in status.desks {
            for clerk in desk.clerks {
                let first = clerk.number == 1
                rows.append([
                    first ? names.desk(desk.place.id) : "",
                    String(clerk.number),
                    serving(clerk),
                    clerk.serving == nil || clerk.isHolding ? "" : clerk.until.clockText,
                    first ? String(desk.served) : "",
                    first ? waitingText(desk) : "",
                ])
            }
        }
        let columns = catalog.statusColumns
        return Table(
            columns: [
                Table.Column(columns.desk), Table.Column(columns.clerk, alignment: .right),
                Table.Column(columns.serving), Table.Column(columns.until),
                Table.Column(columns.served, alignment: .right), Table.Column(columns.waiting),
            ],
            rows: rows)
    }

    /// Each desk's tasks with their service times, on one line under the table (a column would
    /// widen the table past a narrow terminal): by task alone where each desk serves one.
    private func serviceTimesLine(_ status: BankStatus) -> String {
        let oneTaskEach = status.desks.allSatisfy { Set($0.services.map(\.task)).count <= 1 }
        return catalog.serviceTimesLine(
            status.desks.filter { !$0.services.isEmpty }.map {
                (desk: oneTaskEach ? nil : names.desk($0.place.id), services: serviceTimes($0))
            })
    }

    /// Each task's service time at `desk`, its stages' times together (`Loan 0.300 + 0.300 s`),
    /// as the live view shows them.
    private func serviceTimes(_ desk: BankStatus.Desk) -> [String] {
        var grouped: [(task: String, seconds: [String])] = []
        for service in desk.services {
            let seconds = BankBoardLayout.seconds(service.serviceTime)
            if let last = grouped.indices.last, grouped[last].task == service.task {
                grouped[last].seconds.append(seconds)
            } else {
                grouped.append((service.task, [seconds]))
            }
        }
        // A task by its display name in the session's language ("Deposit"), as the live view shows it.
        return grouped.map { group in
            let task = bank.tasks.first { $0.id == group.task }
            let name = task.map { Sanitized.text($0.translations[language.rawValue] ?? $0.name, limit: 64) }
            return catalog.serviceTimes(task: name ?? names.task(group.task), seconds: group.seconds)
        }
    }

    /// Whom a clerk serves: `#4`, with the grade and stage in a bank that has them, or
    /// `#4 held` while the customer is served elsewhere.
    private func serving(_ clerk: BankStatus.Clerk) -> String {
        guard let customer = clerk.serving else { return catalog.clerkIdle }
        if clerk.isHolding { return catalog.clerkHeld(ticket: customer.ticket) }
        let stages = routes[customer.task.id]?.stages ?? []
        let grade = names.hasGrades ? names.grade(customer.grade.id) : nil
        let stage = stages.count > 1 && customer.stage < stages.count ? names.stage(stages[customer.stage].id) : nil
        guard grade != nil || stage != nil else { return "#\(customer.ticket)" }
        return "#\(customer.ticket) "
            + catalog.serviceSubject(task: names.task(customer.task.id), grade: grade, stage: stage)
    }

    private var routes: [String: KioskConfig.BankRoute] {
        Dictionary(bank.tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func waitingText(_ desk: BankStatus.Desk) -> String {
        guard desk.waiting > 0 else { return catalog.nobodyWaiting }
        let shown = desk.nextTickets.prefix(Self.shownTickets)
        var text = shown.map { "#\($0)" }.joined(separator: " ")
        if desk.waiting > shown.count { text += " " + catalog.andMore(desk.waiting - shown.count) }
        return text
    }

    private func statusBody(_ status: BankStatus) -> JSONContract.StatusBody {
        JSONContract.StatusBody(
            open: status.isOpen, business_ms: status.businessTime.wholeMilliseconds, served: status.served,
            waiting: status.waiting, in_service: status.inService, next_ticket: status.nextTicket,
            desks: status.desks.map { desk in
                JSONContract.StatusBody.Desk(
                    task: desk.place.id, name: desk.place.name,
                    service_ms: Set(desk.services.map(\.serviceTime)).count == 1
                        ? desk.serviceTime.wholeMilliseconds : nil,
                    served: desk.served, waiting: desk.waiting, waiting_tickets: desk.nextTickets,
                    clerks: desk.clerks.map { clerk in
                        let stages = routes[clerk.serving?.task.id ?? ""]?.stages ?? []
                        let stage = clerk.serving.flatMap { $0.stage < stages.count ? stages[$0.stage].id : nil }
                        return JSONContract.StatusBody.Clerk(
                            clerk: clerk.number, ticket: clerk.serving?.ticket,
                            since_ms: clerk.serving == nil ? nil : clerk.since.wholeMilliseconds,
                            until_ms: clerk.serving == nil || clerk.isHolding ? nil : clerk.until.wholeMilliseconds,
                            stage: stage, grade: clerk.serving?.grade.id, holding: clerk.isHolding ? true : nil)
                    },
                    desk: desk.place.id, kind: desk.place.kind.rawValue,
                    services: desk.services.map {
                        JSONContract.StatusBody.Service(
                            task: $0.task, stage: $0.stage, service_ms: $0.serviceTime.wholeMilliseconds)
                    })
            },
            by_task: JSONContract.Counts(status.servedByTask), to_arrive: status.toArrive,
            by_grade: status.counts.servedByGrade.map {
                JSONContract.StatusBody.GradeServed(task: $0.task, grade: $0.grade, served: $0.count)
            })
    }

    private func renderWait(_ outcome: BankWaitOutcome, command: String) -> Rendering {
        switch outcome {
        case .idle(let tally):
            return Rendering(
                text: [.message(catalog.allServed, .success)] + summary(tally),
                json: json(command: command, tallyBody("idle", tally)))
        case .alreadyIdle(let tally):
            let text: [TextBlock] =
                tally.served == 0
                ? [.message(catalog.idleNeverOpened)]
                : [.message(catalog.idleNobodyWaiting)] + summary(tally)
                    + closingWaits(tally).map { TextBlock.message($0, .muted) }
            return Rendering(text: text, json: json(command: command, tallyBody("already_idle", tally)))
        case .interrupted(let waiting, let inService):
            return Rendering(
                text: [.message(catalog.stoppedWaiting(waiting: waiting, inService: inService), .warning)],
                json: json(command: command, JSONContract.InterruptedWaitBody(waiting: waiting, in_service: inService)))
        case .reset:
            return Rendering(
                text: [.message(catalog.stoppedWaitingByReset, .warning)],
                json: json(command: command, JSONContract.OutcomeBody(outcome: "reset")))
        }
    }

    private func tallyBody(_ outcome: String, _ tally: BankTally) -> JSONContract.TallyBody {
        JSONContract.TallyBody(
            outcome: outcome, served: tally.served, by_task: JSONContract.Counts(tally.servedByTask),
            business_ms: tally.businessTime.wholeMilliseconds,
            waits: tally.waits.map(JSONContract.ReportBody.Waits.init))
    }

    /// The closing summary's waits, a line per task and grade: what `bank report` has, in brief.
    func closingWaits(_ tally: BankTally) -> [String] {
        tally.waits.map { waits in
            catalog.closingWaits(
                group: names.hasGrades
                    ? "\(names.grade(waits.grade)) \(names.task(waits.task))" : names.task(waits.task),
                customers: waits.customers, mean: waits.mean.clockText, p50: waits.median.clockText,
                p95: waits.p95.clockText, longest: waits.longest.clockText)
        }
    }

    /// Served per desk and the business time, as a small table.
    private func summary(_ tally: BankTally) -> [TextBlock] {
        guard let clerksByTask = classicClerks else { return routeSummary(tally) }
        var rows: [[String]] = []
        for count in tally.servedByTask {
            let clerks = clerksByTask[count.task].map(String.init) ?? ""
            rows.append([names.desk(count.task), clerks, String(count.count)])
        }
        rows.append([catalog.summaryTotal, "", String(tally.served)])
        let columns = catalog.summaryColumns
        return [
            .table(
                Table(
                    columns: [
                        Table.Column(columns.desk), Table.Column(columns.clerks, alignment: .right),
                        Table.Column(columns.served, alignment: .right),
                    ],
                    rows: rows)),
            .message(catalog.businessTime(tally.businessTime.clockText)),
        ]
    }

    /// Served per task, with the route each takes, for a bank whose tasks are not one desk each.
    private func routeSummary(_ tally: BankTally) -> [TextBlock] {
        var rows: [[String]] = []
        for count in tally.servedByTask {
            let route = routes[count.task]?.stages.map { names.desk($0.place) }.joined(separator: " → ") ?? ""
            rows.append([names.task(count.task), route, String(count.count)])
        }
        rows.append([catalog.summaryTotal, "", String(tally.served)])
        let columns = catalog.routeSummaryColumns
        return [
            .table(
                Table(
                    columns: [
                        Table.Column(columns.task), Table.Column(columns.route),
                        Table.Column(columns.served, alignment: .right),
                    ],
                    rows: rows)),
            .message(catalog.businessTime(tally.businessTime.clockText)),
        ]
    }

    /// The clerks of each task's desk when every task is served in one stage at a desk of
    /// its own id (the classic bank); nil otherwise.
    private var classicClerks: [String: Int]? {
        var clerks: [String: Int] = [:]
        for task in bank.tasks {
            guard task.stages.count == 1, task.stages.first?.place == task.id,
                let place = bank.places.first(where: { $0.id == task.id })
            else { return nil }
            clerks[task.id] = place.clerks
        }
        return clerks
    }

    private func renderHistory(_ history: BankHistory, command: String) -> Rendering {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = .current
        let body = JSONContract.BankHistoryBody(
            sessions: history.sessions.map { entry in
                JSONContract.BankHistoryBody.Session(
                    id: entry.id, opened: formatter.string(from: entry.opened),
                    idle: entry.idle.map { formatter.string(from: $0) }, ended: entry.ended?.rawValue,
                    served: entry.served,
                    by_task: JSONContract.Counts(entry.servedByTask),
                    business_ms: entry.businessTime.wholeMilliseconds)
            })
        var text: [TextBlock] = []
        if history.sessions.isEmpty {
            text.append(.message(catalog.noBankSessions, .muted))
        } else {
            let display = DateFormatter()
            display.dateFormat = "yyyy-MM-dd HH:mm:ss"
            let rows = history.sessions.map { entry in
                [
                    String(entry.id), display.string(from: entry.opened),
                    catalog.sessionState(ended: entry.ended?.rawValue, idle: entry.idle != nil),
                    String(entry.served),
                    catalog.amounts(entry.servedByTask.map { (names.task($0.task), $0.count) }),
                    entry.businessTime.clockText,
                ]
            }
            let columns = catalog.historyColumns
            text.append(
                .table(
                    Table(
                        columns: [
                            Table.Column(columns.number, alignment: .right), Table.Column(columns.opened),
                            Table.Column(columns.state), Table.Column(columns.served, alignment: .right),
                            Table.Column(columns.byTask), Table.Column(columns.business),
                        ], rows: rows)))
        }
        if let failure = history.recordingFailure {
            text.append(.message(catalog.recordingFailed(describe(failure)), .warning))
        }
        let blocks = text
        return Rendering(text: blocks, json: json(command: command, body))
    }

    /// `bank preset [NAME]`: the preset in force (and the others), or the bank just built from it.
    func render(_ outcome: BankPresetOutcome, command: String) -> Rendering {
        let others = outcome.presets.filter { $0 != outcome.preset }
        let text =
            outcome.changed
            ? catalog.presetChanged(
                to: outcome.preset ?? "",
                places: outcome.places.map { (names.desk($0.id), $0.clerks) })
            : catalog.presetInForce(outcome.preset, others: others)
        return Rendering(
            text: [.message(text, outcome.changed ? .success : .plain)],
            json: json(
                command: command,
                JSONContract.BankPresetBody(
                    preset: outcome.preset, changed: outcome.changed, presets: outcome.presets)))
    }
}
