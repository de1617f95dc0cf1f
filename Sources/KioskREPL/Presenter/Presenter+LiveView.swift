import Bank
import KioskCore

extension Presenter {
    /// Back from `bank watch`: one line on where the bank stands.
    func render(_ outcome: WatchOutcome) -> Rendering {
        guard let status = outcome.status else {
            return Rendering(text: [], json: json(command: "bank watch", JSONContract.Empty()))
        }
        let time = status.businessTime.clockText
        let line =
            status.isOpen
            ? catalog.bankOpenHeadline(
                time: time, served: status.served, waiting: status.waiting, inService: status.inService,
                toArrive: status.toArrive)
            : status.served == 0
                ? catalog.bankNeverOpenedHeadline : catalog.bankClosedHeadline(time: time, served: status.served)
        return Rendering(
            text: [.message(line, .muted)],
            json: json(
                command: "bank watch",
                JSONContract.WatchBody(
                    open: status.isOpen, waiting: status.waiting, in_service: status.inService,
                    served: status.served, business_ms: status.businessTime.wholeMilliseconds)))
    }

    /// `events [mode]`.
    func render(_ outcome: EventsOutcome) -> Rendering {
        var text: [TextBlock] = [
            .message(
                catalog.eventsMode(
                    outcome.mode, changed: outcome.changed,
                    rememberedIn: outcome.rememberedIn.map { Sanitized.text($0, limit: 256) }))
        ]
        if let failure = outcome.failure {
            text.append(.message(describe(failure), .warning))
        }
        let blocks = text
        return Rendering(
            text: blocks,
            json: json(
                command: "events",
                JSONContract.EventsBody(events: outcome.mode.rawValue, remembered: outcome.rememberedIn)))
    }

    /// The `events summary` line, as text.
    func summaryText(_ status: BankStatus) -> String {
        catalog.bankSummary(
            waiting: status.waiting, inService: status.inService, served: status.served,
            time: status.businessTime.clockText)
    }

    /// `{"type":"event","event":"bank_summary",...}`: the `events summary` line, as JSON.
    func json(summary status: BankStatus) -> JSONLine {
        JSONLine(
            JSONContract.Event(
                event: "bank_summary",
                body: JSONContract.SummaryBody(
                    waiting: status.waiting, in_service: status.inService, served: status.served,
                    business_ms: status.businessTime.wholeMilliseconds)),
            orElse: .object([JSONField("type", "event"), JSONField("event", "bank_summary")]))
    }
}
