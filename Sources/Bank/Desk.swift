import DequeModule
import KioskCore

/// One desk: a task, its clerks, its service time, and its FIFO waiting line.
struct Desk {
    let task: BankTask
    let serviceTime: Duration
    /// Clerk number `n` is `clerks[n - 1]`.
    var clerks: [Clerk]
    /// Customers waiting, lowest ticket first.
    var line: Deque<Customer> = []
    /// How many clerks are serving someone.
    var inService = 0
    /// Customers served since the bank opened or was last reset.
    var served = 0

    /// A desk as the config describes it, which ``ConfigParser`` has validated
    /// (at least one clerk, a service time that is not negative).
    init(_ config: KioskConfig.Desk) {
        task = BankTask(id: config.task, name: config.name)
        serviceTime = config.serviceTime
        clerks = Array(repeating: Clerk(), count: config.clerks)
    }

    /// The lowest-numbered clerk without a customer (0-based), if any.
    var firstFreeClerk: Int? {
        guard inService < clerks.count else { return nil }
        return clerks.firstIndex { $0.serving == nil }
    }

    /// Drops every customer and starts the clerks afresh.
    mutating func clear() {
        line = []
        inService = 0
        served = 0
        clerks = Array(repeating: Clerk(), count: clerks.count)
    }
}

/// One clerk at a desk, as the bank tracks it between the clerk task's suspensions.
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

    var activity = Activity.starting
    /// The customer in service, if any.
    var serving: Customer?
    /// Bank time the current service started and ends.
    var since = Duration.zero
    var until = Duration.zero
    /// Rung to wake the parked task when a customer is handed over; one per clerk task.
    var bell: Bell?
}
