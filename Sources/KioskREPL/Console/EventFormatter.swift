import KioskCore

/// How each ``KioskEvent`` looks: its JSON Lines object, and its text line where
/// the text view shows it at all.
enum EventFormatter {
    static func json(_ event: KioskEvent) -> JSONValue {
        var fields: [JSONField] = [JSONField("type", "event")]
        switch event {
        case .stockChanged(let fruit, let old, let new):
            fields += [
                JSONField("event", "stock_changed"), JSONField("fruit", .string(fruit)),
                JSONField("old", .int(old)), JSONField("new", .int(new)),
            ]
        case .juiceServed(let juice, let count):
            fields += [
                JSONField("event", "juice_served"), JSONField("juice", .string(juice)), JSONField("count", .int(count)),
            ]
        case .orderRefused(let juice, let count, let shortages):
            fields += [
                JSONField("event", "order_refused"), JSONField("juice", .string(juice)),
                JSONField("count", .int(count)), JSONField("shortages", shortagesJSON(shortages)),
            ]
        case .juiceSoldOut(let juice, _, let shortages):
            fields += [
                JSONField("event", "juice_sold_out"), JSONField("juice", .string(juice)),
                JSONField("shortages", shortagesJSON(shortages)),
            ]
        case .juiceAvailable(let juice, _):
            fields += [JSONField("event", "juice_available"), JSONField("juice", .string(juice))]
        case .customerArrived(let ticket, let task):
            fields += [
                JSONField("event", "customer_arrived"), JSONField("ticket", .int(ticket)),
                JSONField("task", .string(task)),
            ]
        case .serviceStarted(let ticket, let task, let clerk, let at):
            fields += [
                JSONField("event", "service_started"), JSONField("ticket", .int(ticket)),
                JSONField("task", .string(task)), JSONField("clerk", .int(clerk)),
                JSONField("at_ms", .int(at.wholeMilliseconds)),
            ]
        case .serviceFinished(let ticket, let task, let clerk, let at):
            fields += [
                JSONField("event", "service_finished"), JSONField("ticket", .int(ticket)),
                JSONField("task", .string(task)), JSONField("clerk", .int(clerk)),
                JSONField("at_ms", .int(at.wholeMilliseconds)),
            ]
        case .bankIdle(let tally):
            fields += [
                JSONField("event", "bank_idle"), JSONField("served", .int(tally.served)),
                JSONField("by_task", .object(tally.servedByTask.map { JSONField($0.task, .int($0.count)) })),
                JSONField("business_ms", .int(tally.businessTime.wholeMilliseconds)),
            ]
        case .bankReset:
            fields += [JSONField("event", "bank_reset")]
        }
        return .object(fields)
    }

    /// The text line for an event, or nil for events the text view leaves to the
    /// command's own result (stock changes, served and refused orders, arrivals).
    static func text(_ event: KioskEvent, names: NameBook) -> (text: String, tone: Tone)? {
        switch event {
        case .stockChanged, .juiceServed, .orderRefused, .customerArrived:
            return nil
        case .juiceSoldOut(let juice, _, let shortages):
            let reasons = shortages.map { "\(names.fruit($0.fruit)) \($0.have) left, needs \($0.need)" }
            return ("\(names.juice(juice)) is sold out: \(reasons.joined(separator: ", ")).", .warning)
        case .juiceAvailable(let juice, _):
            return ("\(names.juice(juice)) is available again.", .success)
        case .serviceStarted(let ticket, let task, let clerk, let at):
            return (
                "[\(at.clockText)] #\(ticket) \(names.task(task)) started at \(names.desk(task)) clerk \(clerk)", .muted
            )
        case .serviceFinished(let ticket, let task, let clerk, let at):
            return (
                "[\(at.clockText)] #\(ticket) \(names.task(task)) finished at \(names.desk(task)) clerk \(clerk)",
                .muted
            )
        case .bankIdle(let tally):
            let parts = tally.servedByTask.map { "\(names.task($0.task)) \($0.count)" }.joined(separator: ", ")
            return (
                "Bank closed: served \(tally.served) customers (\(parts)) in \(tally.businessTime.clockText) of business time.",
                .success
            )
        case .bankReset:
            return ("Bank reset: service cancelled, tickets and timer start over.", .warning)
        }
    }

    private static func shortagesJSON(_ shortages: [Shortage]) -> JSONValue {
        .array(
            shortages.map {
                ["fruit": .string($0.fruit), "need": .int($0.need), "have": .int($0.have)]
            })
    }
}
