/// A customer holding a ticket for one task.
struct Customer: Sendable, Hashable {
    /// The ticket number: consecutive from 1 since the bank opened or was last reset.
    let ticket: Int
    let task: BankTask
    /// The bank time at which the customer took the ticket.
    let arrival: Duration

    init(ticket: Int, task: BankTask, arrival: Duration) {
        self.ticket = ticket
        self.task = task
        self.arrival = arrival
    }
}
