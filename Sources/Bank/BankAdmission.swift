import KioskCore

/// Customers who just took tickets (`bank open`, `bank add`).
public struct BankAdmission: Sendable, Equatable {
    /// The first and last ticket handed out; the tickets in between are consecutive.
    public let tickets: ClosedRange<Int>
    /// How many of them came for each task, in desk order.
    public let byTask: [TaskCount]
    /// Whether these customers opened a bank that was idle.
    public let opened: Bool

    init(tickets: ClosedRange<Int>, byTask: [TaskCount], opened: Bool) {
        self.tickets = tickets
        self.byTask = byTask
        self.opened = opened
    }

    /// How many customers were admitted.
    public var customers: Int { tickets.count }
}
