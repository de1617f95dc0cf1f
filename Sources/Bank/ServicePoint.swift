import KioskCore

/// One desk or office as the bank runs it: its clerks (a range of the bank's clerk list)
/// and its waiting line.
struct ServicePoint {
    /// The place as the config declares it.
    let place: KioskConfig.BankPlace
    /// The one-stage task declared with the desk (classic form), whose time `bank status`
    /// shows; zero for desks and offices declared apart.
    let serviceTime: Duration
    /// The bank's clerks `firstClerk ..< firstClerk + clerkCount` work here, clerk number
    /// `n` being `firstClerk + n - 1`.
    let firstClerk: Int
    let clerkCount: Int
    var line: WaitingLine
    /// Clerks serving a customer or held by one.
    var busy = 0
    /// Customers served here since the bank opened or was last reset: counted when the last
    /// stage of their route at this place ends, so a customer served twice here counts once.
    var served = 0
    /// Clerk time spent serving or held, for utilisation, in nanoseconds.
    var busyNanoseconds: Int64 = 0

    /// Clerk time spent serving or held, for utilisation.
    var busyTime: Duration { .nanoseconds(busyNanoseconds) }

    var clerks: Range<Int> { firstClerk..<(firstClerk + clerkCount) }

    /// Forgets every customer and the counts.
    mutating func clear(grades: Int) {
        line = WaitingLine(grades: grades)
        busy = 0
        served = 0
        busyNanoseconds = 0
    }
}

/// One clerk (a reviewer, at an office), as the bank tracks it between the clerk task's
/// suspensions.
struct Clerk {
    /// What the clerk's task is doing, as far as the rest of the bank can tell.
    enum Activity: Equatable {
        /// The task has not run yet (or the bank was just reset).
        case starting
        /// Parked until a customer is handed over.
        case waiting
        /// A customer was handed over; the task has not resumed yet.
        case woken
        /// Parked on the clock until this bank time.
        case sleeping(until: Duration)
        /// Paused in a long run of instant services; resumes on its own.
        case yielding
    }

    /// What the clerk does for customers.
    enum Duty: Equatable {
        case free
        /// Serving `visitor` from `since` until `until`.
        case serving
        /// Held by `visitor` while one of its stages is served elsewhere, since `since`.
        case holding
    }

    /// The desk or office (an index into the bank's places).
    let point: Int
    /// The clerk's number there, from 1.
    let number: Int
    var activity = Activity.starting
    var duty = Duty.free
    /// The customer served or holding the clerk; meaningful unless `duty` is `.free`.
    var visitor = Visitor(ticket: 0, arrival: .zero, route: 0, grade: 0, stage: 0)
    /// Bank time the current service (or hold) started, and when the service ends, in
    /// nanoseconds (as the floor keeps time).
    var sinceNanoseconds: Int64 = 0
    var untilNanoseconds: Int64 = 0
    /// Rung to wake the parked task when a customer is handed over; one per clerk task.
    var bell: Bell?

    init(point: Int, number: Int) {
        self.point = point
        self.number = number
    }

    /// Bank time the current service (or hold) started.
    var since: Duration { .nanoseconds(sinceNanoseconds) }
    /// Bank time the current service ends.
    var until: Duration { .nanoseconds(untilNanoseconds) }
}
