/// Everything the kiosk announces on its ``EventBus``.
///
/// The names mirror the JSON Lines contract (`stock_changed`, `juice_served`, ...);
/// new cases may be added, existing ones are never renamed.
public indirect enum KioskEvent: Sendable, Equatable {
    /// One fruit's stock changed from `old` to `new`.
    case stockChanged(fruit: String, old: Int, new: Int)
    /// An order was taken.
    case juiceServed(juice: String, count: Int)
    /// An order was refused; nothing was taken.
    case orderRefused(juice: String, count: Int, shortages: [Shortage])
    /// A juice can no longer be made from the current stock.
    case juiceSoldOut(juice: String, shortages: [Shortage])
    /// A juice that was sold out can be made again.
    case juiceAvailable(juice: String)

    /// A customer took a ticket and joined a desk's line.
    case customerArrived(ticket: Int, task: String)
    /// A clerk started serving a customer, at bank time `at`: one `stage` of the customer's
    /// `task` (a one-stage task's stage is named after it), at `desk` (a desk or office id),
    /// for a customer of `grade`. `clerk` is the clerk's number at that desk or office.
    case serviceStarted(ticket: Int, task: String, clerk: Int, at: Duration, stage: String, grade: String, desk: String)
    /// A clerk finished serving one stage of a customer's task, at bank time `at`.
    case serviceFinished(
        ticket: Int, task: String, clerk: Int, at: Duration, stage: String, grade: String, desk: String)
    /// A run of arrivals, service starts and service ends, in order, as compact records: what
    /// a bank publishes instead of those events where every subscriber takes runs (see
    /// ``EventBus/publish(run:weight:expanded:)``). ``BankProgress/events`` gives them one by one.
    case bankProgress(BankProgress)
    /// No customer is waiting or in service any more.
    case bankIdle(BankTally)
    /// All service was cancelled and the bank's timer and tickets start over.
    case bankReset
    /// The bank stopped serving before it went idle (`bank reset`, quitting, a signal):
    /// what it had served, and its business time, up to that moment. Published just before
    /// the customers are sent away, and only while a session is in progress.
    case bankStopped(BankTally)
}

/// One missing ingredient: the recipe needs `need`, the stock has `have`.
public struct Shortage: Sendable, Equatable, Hashable {
    /// The fruit's id.
    public let fruit: String
    /// How many the order or recipe needs.
    public let need: Int
    /// How many the stock has.
    public let have: Int

    /// A shortage of `fruit`: `need` wanted, `have` on the shelf.
    public init(fruit: String, need: Int, have: Int) {
        self.fruit = fruit
        self.need = need
        self.have = have
    }

    /// How many more the stock needs.
    public var missing: Int { need - have }
}

/// A count of customers for one task.
public struct TaskCount: Sendable, Equatable {
    /// The task's id: `deposit`.
    public let task: String
    /// How many customers.
    public let count: Int

    /// `count` customers for `task`.
    public init(task: String, count: Int) {
        self.task = task
        self.count = count
    }
}

/// What a bank has done since it opened (or was last reset).
public struct BankTally: Sendable, Equatable {
    /// Customers served, per task, in the configured desk order.
    public let servedByTask: [TaskCount]
    /// Bank time during which a customer was waiting or in service.
    public let businessTime: Duration
    /// How long the customers who finished waited, per task (config order) and grade (best
    /// first); groups without customers are left out.
    public let waits: [WaitSummary]

    /// A tally of customers served per task in `businessTime`, and their `waits`.
    public init(servedByTask: [TaskCount], businessTime: Duration, waits: [WaitSummary] = []) {
        self.servedByTask = servedByTask
        self.businessTime = businessTime
        self.waits = waits
    }

    /// Customers served in all.
    public var served: Int { servedByTask.reduce(0) { $0 + $1.count } }
}
