/// A snapshot of the bank for `bank status`: every desk, its line and its clerks.
public struct BankStatus: Sendable, Equatable {
    /// How many waiting tickets `bank status` lists per desk (in ``Desk/nextTickets``);
    /// the presenter decides how many of them it shows.
    public static let listedTickets = 100

    /// One clerk and whom it serves.
    public struct Clerk: Sendable, Equatable {
        /// The clerk's number at its desk, from 1.
        public let number: Int
        /// The customer in service, if any.
        public let serving: Customer?
        /// Bank time the service started; zero when idle.
        public let since: Duration
        /// Bank time the service ends; zero when idle.
        public let until: Duration

        /// Clerk `number`, serving `serving` from `since` until `until`.
        public init(number: Int, serving: Customer?, since: Duration, until: Duration) {
            self.number = number
            self.serving = serving
            self.since = since
            self.until = until
        }
    }

    /// One desk: its clerks, its line and what it has done.
    public struct Desk: Sendable, Equatable {
        /// The task the desk serves.
        public let task: BankTask
        /// How long one customer takes, in bank time.
        public let serviceTime: Duration
        /// The desk's clerks, by number.
        public let clerks: [Clerk]
        /// How many customers are in line.
        public let waiting: Int
        /// The first tickets in line, in service order (at most the number asked for).
        public let nextTickets: [Int]
        /// Customers served since the bank opened or was last reset.
        public let served: Int

        /// A desk for `task` whose `clerks` take `serviceTime` each; `waiting` in line,
        /// the first of them holding `nextTickets`; `served` so far.
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
    /// The desks, in config order.
    public let desks: [Desk]

    /// A bank that `isOpen` (or not) at `businessTime`, handing out `nextTicket` next.
    public init(isOpen: Bool, businessTime: Duration, nextTicket: Int, desks: [Desk]) {
        self.isOpen = isOpen
        self.businessTime = businessTime
        self.nextTicket = nextTicket
        self.desks = desks
    }

    /// Customers served at every desk.
    public var served: Int { desks.reduce(0) { $0 + $1.served } }
    /// Customers in line at every desk.
    public var waiting: Int { desks.reduce(0) { $0 + $1.waiting } }
    /// Customers in service at every desk.
    public var inService: Int { desks.reduce(0) { $0 + $1.inService } }
}
