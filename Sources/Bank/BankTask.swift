/// One kind of business the bank does (deposit, loan, ...): a route of stages through
/// the bank's desks and offices.
///
/// Tasks come from the config's `[[bank.desk]]` and `[[bank.task]]` tables; nothing about
/// them is hard-coded. The `task` argument of `bank add` holds one:
/// `try invocation[task]` for an ``ArgumentKey`` of ``Bank/taskChoices``.
public struct BankTask: Sendable, Hashable {
    /// The task's id in commands and JSON: `"deposit"`.
    public let id: String
    /// The display name from the config: `"Deposit"`.
    public let name: String

    /// The task `id`, shown as `name`.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// A customer grade: at every desk and office, better grades are served first.
public struct BankGrade: Sendable, Hashable {
    /// The grade's id in commands and JSON: `"vvip"`.
    public let id: String
    /// The display name from the config: `"VVIP"`.
    public let name: String

    /// The grade `id`, shown as `name`.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The one grade of a bank that configures none.
    public static let regular = BankGrade(id: "regular", name: "Regular")
}

/// A customer holding a ticket for one task.
public struct Customer: Sendable, Hashable {
    /// The ticket number: consecutive from 1 since the bank opened or was last reset.
    public let ticket: Int
    /// The business the customer came for.
    public let task: BankTask
    /// The bank time at which the customer took the ticket.
    public let arrival: Duration
    /// The customer's grade.
    public let grade: BankGrade
    /// The stage of the task the customer is at (0-based).
    public let stage: Int

    /// A customer of `grade` holding `ticket` for `task`, arrived at bank time `arrival`,
    /// now at stage `stage` (0-based) of the task.
    public init(ticket: Int, task: BankTask, arrival: Duration, grade: BankGrade = .regular, stage: Int = 0) {
        self.ticket = ticket
        self.task = task
        self.arrival = arrival
        self.grade = grade
        self.stage = stage
    }
}
