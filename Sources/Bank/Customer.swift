/// A customer holding a ticket for one task.
public struct Customer: Sendable, Hashable {
    /// The ticket number: consecutive from 1 since the bank opened or was last reset.
    public let ticket: Int
    public let task: BankTask
    /// The bank time at which the customer took the ticket.
    public let arrival: Duration

    public init(ticket: Int, task: BankTask, arrival: Duration) {
        self.ticket = ticket
        self.task = task
        self.arrival = arrival
    }
}
