/// A snapshot of the bank for `bank status`.
public struct BankStatus: Sendable, Equatable {
    /// One clerk and whom it serves.
    public struct Clerk: Sendable, Equatable {
        /// The clerk's number at its desk, from 1.
        public let number: Int
        /// The customer in service, if any.
        public let serving: Customer?
        /// Bank time the service started and ends; zero when idle.
        public let since: Duration
        public let until: Duration

        public init(number: Int, serving: Customer?, since: Duration, until: Duration) {
            self.number = number
            self.serving = serving
            self.since = since
            self.until = until
        }
    }

    /// One desk: its clerks, its line and what it has done.
    public struct Desk: Sendable, Equatable {
        public let task: BankTask
        public let serviceTime: Duration
        public let clerks: [Clerk]
        /// How many customers are in line.
        public let waiting: Int
        /// The first tickets in line, in service order (at most the number asked for).
        public let nextTickets: [Int]
        /// Customers served since the bank opened or was last reset.
        public let served: Int

        public init(
            task: BankTask, serviceTime: Duration, clerks: [Clerk], waiting: Int, nextTickets: [Int], served: Int
        ) {
            self.task = task
            self.serviceTime = serviceTime
            self.clerks = clerks
            self.waiting = waiting
            self.nextTickets = nextTickets
            self.served = served
        }

        /// Customers a clerk of this desk is serving.
        public var inService: Int { clerks.count { $0.serving != nil } }
    }

    /// Whether customers are waiting or in service (business time runs).
    public let isOpen: Bool
    /// Bank time so far.
    public let businessTime: Duration
    /// The ticket the next customer will take.
    public let nextTicket: Int
    public let desks: [Desk]

    public init(isOpen: Bool, businessTime: Duration, nextTicket: Int, desks: [Desk]) {
        self.isOpen = isOpen
        self.businessTime = businessTime
        self.nextTicket = nextTicket
        self.desks = desks
    }

    public var served: Int { desks.reduce(0) { $0 + $1.served } }
    public var waiting: Int { desks.reduce(0) { $0 + $1.waiting } }
    public var inService: Int { desks.reduce(0) { $0 + $1.inService } }
}
