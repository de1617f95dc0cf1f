import KioskCore

/// What a bank command hands back: typed data that the presenter words.
///
/// ```swift
/// switch outcome {
/// case .admission(let admission): admission.tickets        // 1...12
/// case .wait(.idle(let tally)): tally.businessTime
/// default: break
/// }
/// ```
public enum BankOutcome: CommandOutcome {
    /// `bank open`, `bank add`: who took tickets.
    case admission(BankAdmission)
    /// `bank status`: every desk, line and clerk.
    case status(BankStatus)
    /// `bank wait`: how the wait ended.
    case wait(BankWaitOutcome)
    /// `bank reset`: whom the reset sent away.
    case reset(BankCancellation)
    /// `bank history`: the latest recorded sessions.
    case history(BankHistory)
    /// `bank report`: waits per task and grade, utilisation per desk and office.
    case report(BankReport)
    /// `bank plan`: the staffings tried and the cheapest that meets the target.
    case plan(StaffingPlan)
}

/// Customers who just took tickets (`bank open`, `bank add`).
public struct BankAdmission: Sendable, Equatable {
    /// The first and last ticket handed out; the tickets in between are consecutive.
    public let tickets: ClosedRange<Int>
    /// How many of them came for each task, in desk order.
    public let byTask: [TaskCount]
    /// Whether these customers opened a bank that was idle.
    public let opened: Bool

    /// Customers holding `tickets`, counted per task in `byTask`; `opened` when they opened the bank.
    public init(tickets: ClosedRange<Int>, byTask: [TaskCount], opened: Bool) {
        self.tickets = tickets
        self.byTask = byTask
        self.opened = opened
    }

    /// How many customers were admitted.
    public var customers: Int { tickets.count }
}

/// Tickets of one task, as runs of consecutive numbers (`deposit #3–#7, #9`).
public struct TaskTickets: Sendable, Equatable {
    /// The task's id.
    public let task: String
    /// Runs of consecutive tickets, lowest first.
    public let ranges: [ClosedRange<Int>]

    /// The `tickets` of `task`, in any order, gathered into runs.
    public init(task: String, tickets: [Int]) {
        self.task = task
        var ranges: [ClosedRange<Int>] = []
        for ticket in tickets.sorted() {
            if let last = ranges.last, last.upperBound == ticket - 1 {
                ranges[ranges.count - 1] = last.lowerBound...ticket
            } else if ranges.last?.contains(ticket) != true {
                ranges.append(ticket...ticket)
            }
        }
        self.ranges = ranges
    }
}

/// How ``Bank/waitUntilIdle()`` ended.
public enum BankWaitOutcome: Sendable, Equatable {
    /// The bank became idle while waiting; the tally of that moment.
    case idle(BankTally)
    /// Nobody was waiting or in service to begin with; the tally so far.
    case alreadyIdle(BankTally)
    /// The waiting task was cancelled; the bank goes on serving.
    case interrupted(waiting: Int, inService: Int)
    /// `bank reset` cancelled every customer while waiting.
    case reset
}

/// Customers dropped by `bank reset` or when the bank shuts down.
public struct BankCancellation: Sendable, Equatable {
    /// Customers who were still in line.
    public let waiting: Int
    /// Customers a clerk was serving.
    public let inService: Int
    /// Customers announced (`bank add --over`, `--rate`) who had not arrived yet.
    public let toArrive: Int

    /// `waiting` customers dropped from the lines, `inService` from the clerks and
    /// `toArrive` from those announced.
    public init(waiting: Int, inService: Int, toArrive: Int = 0) {
        self.waiting = waiting
        self.inService = inService
        self.toArrive = toArrive
    }

    /// Whether nobody was dropped.
    public var isEmpty: Bool { waiting == 0 && inService == 0 && toArrive == 0 }
}

/// When customers added together arrive.
public enum BankArrivals: Sendable, Equatable {
    /// All at once, now.
    case now
    /// Evenly spread over the window: the first now, then one every window ÷ count.
    case spread(over: Duration)
    /// A Poisson stream: exponential gaps with this mean, the first one gap from now (seeded).
    case poisson(meanGap: Duration)
}
