import KioskCore

/// A task as the bank runs it: its stages, each at a desk or office by index.
struct Route {
    /// One stage, resolved against the bank's places.
    struct Stage {
        /// The stage's name in events.
        let id: String
        /// Where it is served: an index into the bank's places.
        let place: Int
        /// How long it takes (the mean, when exponential).
        let serviceTime: Duration
        /// Whether the customer's clerk stays with the customer during this stage.
        let clerkStays: Bool
        /// Whether the time is drawn from an exponential distribution.
        let isExponential: Bool
        /// Whether no later stage of the route is served at the same place: when this stage
        /// ends, the place has served the customer (a place counts customers, not stages).
        var isLastAtPlace = true
        /// `serviceTime` in whole nanoseconds, the floor's unit of time.
        var serviceNanoseconds: Int64 = 0
    }

    let task: BankTask
    /// Weight among random customers' tasks.
    let share: Int
    let stages: [Stage]

    /// A route of `stages`, each marked with whether it is the last one at its place.
    init(task: BankTask, share: Int, stages: [Stage]) {
        self.task = task
        self.share = share
        var stages = stages
        for index in stages.indices {
            stages[index].isLastAtPlace = !stages[(index + 1)...].contains { $0.place == stages[index].place }
            stages[index].serviceNanoseconds = stages[index].serviceTime.clampedNanoseconds
        }
        self.stages = stages
    }
}

/// A customer as the bank keeps them in a line or at a clerk: 32 bytes, so that a million
/// waiting customers take 32 MB. Times are whole nanoseconds of bank time (292 years fit).
struct Visitor: Comparable {
    /// The ticket; lines order customers of one grade by it.
    let ticket: Int
    /// The bank time the customer arrived, in nanoseconds.
    let arrivalNanoseconds: Int64
    /// The task, as an index into the bank's routes (at most 64 of them).
    let route: UInt16
    /// The grade, as its rank (0 is the best; at most 16 grades).
    let grade: UInt8
    /// The stage the customer is at or waits for (at most 16 stages).
    var stage: UInt8
    /// The customer's clerk, held while a `clerk_stays` stage is served elsewhere (an index
    /// into the bank's clerks); -1 when none is held.
    var heldClerk: Int32 = -1
    /// The wait in lines so far, less the moment the customer joined their current line
    /// while they wait in it: joining subtracts that moment, being served adds the start,
    /// so one field carries both, and after the last stage it is the whole wait.
    var waitBalance: Int64 = 0

    /// A customer holding `ticket` for route `route`, of grade `grade`, at stage `stage`,
    /// arrived (or arriving) at bank time `arrival`.
    init(ticket: Int, arrival: Duration, route: UInt16, grade: UInt8, stage: UInt8) {
        self.ticket = ticket
        arrivalNanoseconds = arrival.clampedNanoseconds
        self.route = route
        self.grade = grade
        self.stage = stage
    }

    /// The bank time the customer arrived.
    var arrival: Duration { .nanoseconds(arrivalNanoseconds) }

    static func < (lhs: Visitor, rhs: Visitor) -> Bool {
        lhs.ticket < rhs.ticket
    }

    static func == (lhs: Visitor, rhs: Visitor) -> Bool {
        lhs.ticket == rhs.ticket
    }
}

/// A customer announced to arrive later, ordered by arrival time, then ticket.
struct Announced: Comparable {
    let visitor: Visitor

    static func < (lhs: Announced, rhs: Announced) -> Bool {
        (lhs.visitor.arrivalNanoseconds, lhs.visitor.ticket) < (rhs.visitor.arrivalNanoseconds, rhs.visitor.ticket)
    }

    static func == (lhs: Announced, rhs: Announced) -> Bool {
        lhs.visitor.ticket == rhs.visitor.ticket
    }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to `Int64`'s range.
    var clampedNanoseconds: Int64 {
        if let quotient = wholeUnits(ofAttoseconds: 1_000_000_000), quotient <= UInt64(Int64.max) {
            return Int64(quotient)
        }
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow || sumOverflow { return seconds < 0 ? .min : .max }
        return total
    }
}
