/// One kind of business the bank does (deposit, loan, ...), served at its own desk.
///
/// Tasks come from the config's `[[bank.desk]]` tables; nothing about them is hard-coded.
/// The `task` argument of `bank add` holds one: `try invocation.value("task", as: BankTask.self)`.
public struct BankTask: Sendable, Hashable {
    /// The task's id in commands and JSON: `"deposit"`.
    public let id: String
    /// The desk's display name from the config: `"Deposit"`.
    public let name: String

    /// The task `id`, served at the desk called `name`.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// A customer holding a ticket for one task.
public struct Customer: Sendable, Hashable {
    /// The ticket number: consecutive from 1 since the bank opened or was last reset.
    public let ticket: Int
    /// The business the customer came for.
    public let task: BankTask
    /// The bank time at which the customer took the ticket.
    public let arrival: Duration

    /// A customer holding `ticket` for `task`, arrived at bank time `arrival`.
    public init(ticket: Int, task: BankTask, arrival: Duration) {
        self.ticket = ticket
        self.task = task
        self.arrival = arrival
    }
}
