import KioskCore

/// The bank's command results: the JSON fields (a stable contract) and the text a person reads.
struct BankReport: Sendable {
    /// How many waiting tickets `bank status` lists per desk in JSON.
    static let listedTickets = 100
    /// How many of them the text table shows.
    static let shownTickets = 8

    let setup: KioskConfig.BankSetup

    // MARK: - bank open, bank add

    func admission(_ admission: BankAdmission, command: String) -> CommandResult {
        let tickets = admission.tickets
        let plural =
            admission.customers == 1
            ? "customer took ticket #\(tickets.lowerBound)"
            : "customers took tickets #\(tickets.lowerBound)–#\(tickets.upperBound)"
        let tasks = admission.byTask.filter { $0.count > 0 }.map { "\($0.task) \($0.count)" }.joined(separator: ", ")
        let opening = admission.opened ? "Bank open: " : ""
        return CommandResult(
            command: command,
            fields: [
                JSONField("customers", .int(admission.customers)),
                JSONField("tickets", ["first": .int(tickets.lowerBound), "last": .int(tickets.upperBound)]),
                JSONField("by_task", Self.byTask(admission.byTask)),
                JSONField("opened", .bool(admission.opened)),
            ],
            text: [.message("\(opening)\(admission.customers) \(plural) (\(tasks)).", .success)])
    }

    // MARK: - bank status

    func status(_ status: BankStatus, command: String) -> CommandResult {
        CommandResult(
            command: command,
            fields: [
                JSONField("open", .bool(status.isOpen)),
                JSONField("business_ms", .int(status.businessTime.wholeMilliseconds)),
                JSONField("served", .int(status.served)),
                JSONField("waiting", .int(status.waiting)),
                JSONField("in_service", .int(status.inService)),
                JSONField("next_ticket", .int(status.nextTicket)),
                JSONField("desks", .array(status.desks.map(Self.deskJSON))),
            ],
            text: [.message(Self.headline(status), .heading), .table(Self.table(status))])
    }

    private static func deskJSON(_ desk: BankStatus.Desk) -> JSONValue {
        .object([
            JSONField("task", .string(desk.task.id)),
            JSONField("name", .string(desk.task.name)),
            JSONField("service_ms", .int(desk.serviceTime.wholeMilliseconds)),
            JSONField("served", .int(desk.served)),
            JSONField("waiting", .int(desk.waiting)),
            JSONField("waiting_tickets", .array(desk.nextTickets.map { .int($0) })),
            JSONField(
                "clerks",
                .array(
                    desk.clerks.map { clerk in
                        guard let customer = clerk.serving else {
                            return ["clerk": .int(clerk.number), "ticket": nil]
                        }
                        return [
                            "clerk": .int(clerk.number), "ticket": .int(customer.ticket),
                            "since_ms": .int(clerk.since.wholeMilliseconds),
                            "until_ms": .int(clerk.until.wholeMilliseconds),
                        ]
                    })),
        ])
    }

    private static func headline(_ status: BankStatus) -> String {
        let time = status.businessTime.clockText
        if status.isOpen {
            return "Bank open · business time \(time) · served \(status.served) · "
                + "\(status.waiting) waiting · \(status.inService) in service"
        }
        if status.served == 0 {
            return "Bank closed · no customers yet; 'bank open' lets them in"
        }
        return "Bank closed · business time \(time) · served \(status.served)"
    }

    private static func table(_ status: BankStatus) -> Table {
        var rows: [[String]] = []
        for desk in status.desks {
            for clerk in desk.clerks {
                let first = clerk.number == 1
                rows.append([
                    first ? desk.task.name : "",
                    String(clerk.number),
                    clerk.serving.map { "#\($0.ticket)" } ?? "idle",
                    clerk.serving == nil ? "" : clerk.until.clockText,
                    first ? String(desk.served) : "",
                    first ? waitingText(desk) : "",
                ])
            }
        }
        return Table(
            columns: [
                Table.Column("Desk"), Table.Column("Clerk", alignment: .right), Table.Column("Serving"),
                Table.Column("Until"), Table.Column("Served", alignment: .right), Table.Column("Waiting"),
            ],
            rows: rows)
    }

    private static func waitingText(_ desk: BankStatus.Desk) -> String {
        guard desk.waiting > 0 else { return "none" }
        let shown = desk.nextTickets.prefix(shownTickets)
        var text = shown.map { "#\($0)" }.joined(separator: " ")
        if desk.waiting > shown.count { text += " and \(desk.waiting - shown.count) more" }
        return text
    }

    // MARK: - bank wait

    func wait(_ outcome: BankWaitOutcome, command: String) -> CommandResult {
        switch outcome {
        case .idle(let tally):
            return CommandResult(
                command: command, fields: [JSONField("outcome", "idle")] + Self.tallyFields(tally),
                text: [.message("All customers are served.", .success)] + summary(tally))
        case .alreadyIdle(let tally):
            let text: [TextBlock] =
                tally.served == 0
                ? [.message("The bank is idle: nobody is waiting. 'bank open' lets customers in.")]
                : [.message("The bank is idle: nobody is waiting.")] + summary(tally)
            return CommandResult(
                command: command, fields: [JSONField("outcome", "already_idle")] + Self.tallyFields(tally), text: text)
        case .interrupted(let waiting, let inService):
            return CommandResult(
                command: command,
                fields: [
                    JSONField("outcome", "interrupted"), JSONField("waiting", .int(waiting)),
                    JSONField("in_service", .int(inService)),
                ],
                text: [
                    .message(
                        "Stopped waiting. The bank goes on serving: \(waiting) waiting, \(inService) in service.",
                        .warning)
                ])
        case .reset:
            return CommandResult(
                command: command, fields: [JSONField("outcome", "reset")],
                text: [.message("Stopped waiting: the bank was reset.", .warning)])
        }
    }

    /// Served per desk and the business time, as a small table.
    private func summary(_ tally: BankTally) -> [TextBlock] {
        var rows: [[String]] = []
        for (desk, count) in zip(setup.desks, tally.servedByTask) {
            rows.append([desk.name, String(desk.clerks), String(count.count)])
        }
        rows.append(["Total", "", String(tally.served)])
        return [
            .table(
                Table(
                    columns: [
                        Table.Column("Desk"), Table.Column("Clerks", alignment: .right),
                        Table.Column("Served", alignment: .right),
                    ],
                    rows: rows)),
            .message("Business time \(tally.businessTime.clockText)."),
        ]
    }

    private static func tallyFields(_ tally: BankTally) -> [JSONField] {
        [
            JSONField("served", .int(tally.served)),
            JSONField("by_task", byTask(tally.servedByTask)),
            JSONField("business_ms", .int(tally.businessTime.wholeMilliseconds)),
        ]
    }

    // MARK: - bank reset

    func reset(_ cancellation: BankCancellation, command: String) -> CommandResult {
        CommandResult(
            command: command,
            fields: [
                JSONField(
                    "cancelled",
                    ["waiting": .int(cancellation.waiting), "in_service": .int(cancellation.inService)])
            ],
            text: [.message(cancellation.isEmpty ? "Nobody was waiting or in service." : cancellation.sentence)])
    }

    private static func byTask(_ counts: [TaskCount]) -> JSONValue {
        .object(counts.map { JSONField($0.task, .int($0.count)) })
    }
}
