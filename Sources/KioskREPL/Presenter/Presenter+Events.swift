import KioskCore

extension Presenter {
    /// The JSON Lines object of an event.
    func json(event: KioskEvent) -> JSONLine {
        switch event {
        case .stockChanged(let fruit, let old, let new):
            Self.stockChangedLine(fruit: fruit, old: old, new: new)
        case .juiceServed(let juice, let count):
            Self.juiceServedLine(juice: juice, count: count)
        case .orderRefused(let juice, let count, let shortages):
            line(
                "order_refused",
                JSONContract.OrderRefusedBody(
                    juice: juice, count: count, shortages: shortages.map(JSONContract.ShortageBody.init)))
        case .juiceSoldOut(let juice, let shortages):
            line(
                "juice_sold_out",
                JSONContract.SoldOutBody(juice: juice, shortages: shortages.map(JSONContract.ShortageBody.init)))
        case .juiceAvailable(let juice):
            line("juice_available", JSONContract.JuiceBody(juice: juice))
        case .customerArrived(let ticket, let task):
            line("customer_arrived", JSONContract.ArrivalBody(ticket: ticket, task: task))
        case .serviceStarted(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
            line(
                "service_started",
                JSONContract.ServiceBody(
                    ticket: ticket, task: task, clerk: clerk, at_ms: at.wholeMilliseconds, stage: stage, grade: grade,
                    desk: desk))
        case .serviceFinished(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
            line(
                "service_finished",
                JSONContract.ServiceBody(
                    ticket: ticket, task: task, clerk: clerk, at_ms: at.wholeMilliseconds, stage: stage, grade: grade,
                    desk: desk))
        case .bankIdle(let tally):
            line(
                "bank_idle",
                JSONContract.IdleBody(
                    served: tally.served, by_task: JSONContract.Counts(tally.servedByTask),
                    business_ms: tally.businessTime.wholeMilliseconds,
                    waits: tally.waits.map(JSONContract.ReportBody.Waits.init)))
        case .bankProgress:
            // ``Console/line(for:)`` writes a run as the lines of its events.
            .null
        case .bankReset:
            line("bank_reset", JSONContract.Empty())
        case .bankStopped(let tally):
            line(
                "bank_stopped",
                JSONContract.IdleBody(
                    served: tally.served, by_task: JSONContract.Counts(tally.servedByTask),
                    business_ms: tally.businessTime.wholeMilliseconds,
                    waits: tally.waits.map(JSONContract.ReportBody.Waits.init)))
        }
    }

    /// `stock_changed`, as ``JSONContract/StockChangedBody`` encodes it, written straight into
    /// its bytes: every order of a `--json` script prints one per fruit it takes.
    static func stockChangedLine(fruit: String, old: Int, new: Int) -> JSONLine {
        var object = JSONFieldWriter()
        object.field("type", "event")
        object.field("event", "stock_changed")
        object.field("fruit", fruit)
        object.field("old", old)
        object.field("new", new)
        return object.line()
    }

    /// `juice_served`, as ``JSONContract/JuiceServedBody`` encodes it, written straight into
    /// its bytes: every order of a `--json` script prints one.
    static func juiceServedLine(juice: String, count: Int) -> JSONLine {
        var object = JSONFieldWriter()
        object.field("type", "event")
        object.field("event", "juice_served")
        object.field("juice", juice)
        object.field("count", count)
        return object.line()
    }

    /// Appends the JSON line of an event every order publishes (`stock_changed`,
    /// `juice_served`) and a newline to `bytes`, as ``json(event:)`` words it.
    /// - Returns: false, having appended nothing, for any other event.
    static func appendOrderEventLine(_ event: KioskEvent, to bytes: inout [UInt8]) -> Bool {
        // The fields of ``stockChangedLine(fruit:old:new:)`` and
        // ``juiceServedLine(juice:count:)``, written in place.
        switch event {
        case .stockChanged(let fruit, let old, let new):
            OutputRoom.write(to: &bytes) { line in
                line.write(#"{"type":"event","event":"stock_changed","fruit":"#)
                line.write(string: fruit)
                line.write(#","old":"#)
                line.write(integer: old)
                line.write(#","new":"#)
                line.write(integer: new)
                line.write("}\n")
            }
        case .juiceServed(let juice, let count):
            OutputRoom.write(to: &bytes) { line in
                line.write(#"{"type":"event","event":"juice_served","juice":"#)
                line.write(string: juice)
                line.write(#","count":"#)
                line.write(integer: count)
                line.write("}\n")
            }
        default:
            return false
        }
        return true
    }

    /// `{"type":"event","event":"events_skipped","count":N}`: what a slow terminal missed.
    func json(skipped count: Int) -> JSONLine {
        line("events_skipped", JSONContract.SkippedBody(count: count))
    }

    private func line(_ name: String, _ body: some Encodable) -> JSONLine {
        JSONLine(
            JSONContract.Event(event: name, body: body),
            orElse: .object([JSONField("type", "event"), JSONField("event", .string(name))]))
    }

    /// The lines that follow an event's text line: the waits of the closing summary.
    func detailLines(event: KioskEvent) -> [String] {
        if case .bankIdle(let tally) = event { return closingWaits(tally) }
        return []
    }

    /// The text line of an event, or nil for events the text view leaves to the command's
    /// own result (stock changes, served and refused orders, arrivals).
    func text(event: KioskEvent) -> (text: String, tone: Tone)? {
        switch event {
        // A stop is worded by the reset or quit that caused it.
        // A run of bank progress is written event by event (``Console/line(for:)``).
        case .stockChanged, .juiceServed, .orderRefused, .customerArrived, .bankStopped, .bankProgress:
            return nil
        case .juiceSoldOut(let juice, let shortages):
            return (
                catalog.soldOut(
                    juice: names.juice(juice), lacking: shortages.map { (names.fruit($0.fruit), $0.have, $0.need) }),
                .warning
            )
        case .juiceAvailable(let juice):
            return (catalog.availableAgain(juice: names.juice(juice)), .success)
        case .serviceStarted(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
            return (
                catalog.serviceStarted(
                    time: at.clockText, ticket: ticket, grade: shownGrade(grade), task: names.task(task),
                    stage: shownStage(stage, of: task), desk: names.desk(desk), clerk: clerk),
                .muted
            )
        case .serviceFinished(let ticket, let task, let clerk, let at, let stage, let grade, let desk):
            return (
                catalog.serviceFinished(
                    time: at.clockText, ticket: ticket, grade: shownGrade(grade), task: names.task(task),
                    stage: shownStage(stage, of: task), desk: names.desk(desk), clerk: clerk),
                .muted
            )
        case .bankIdle(let tally):
            let parts = catalog.amounts(tally.servedByTask.map { (names.task($0.task), $0.count) })
            return (
                catalog.bankClosed(
                    served: tally.served, byTask: parts, time: tally.businessTime.clockText,
                    seconds: tally.businessTime.secondsText),
                .success
            )
        case .bankReset:
            return (catalog.bankWasReset, .warning)
        }
    }

    /// A service line's grade, only in a bank with grades, so that a classic bank's lines
    /// read as they always have.
    private func shownGrade(_ grade: String) -> String? {
        names.hasGrades ? names.grade(grade) : nil
    }

    /// A service line's stage, only for a task of several stages.
    private func shownStage(_ stage: String, of task: String) -> String? {
        names.isMultiStage(task) ? names.stage(stage) : nil
    }

    /// Bank progress: what a terminal that falls behind may skip (with a count).
    static func isDroppable(_ event: KioskEvent) -> Bool {
        switch event {
        case .customerArrived, .serviceStarted, .serviceFinished, .bankProgress: true
        default: false
        }
    }
}
