/// A snapshot of the bank for `bank status`.
struct BankStatus: Sendable, Equatable {
    /// One clerk and whom it serves.
    struct Clerk: Sendable, Equatable {
        /// The clerk's number at its desk, from 1.
        let number: Int
        /// The customer in service, if any.
        let serving: Customer?
        /// Bank time the service started and ends; zero when idle.
        let since: Duration
        let until: Duration

        init(number: Int, serving: Customer?, since: Duration, until: Duration) {
            self.number = number
            self.serving = serving
            self.since = since
            self.until = until
        }
    }

    /// One desk: its clerks, its line and what it has done.
    struct Desk: Sendable, Equatable {
        let task: BankTask
        let serviceTime: Duration
        let clerks: [Clerk]
        /// How many customers are in line.
        let waiting: Int
        /// The first tickets in line, in service order (at most the number asked for).
        let nextTickets: [Int]
        /// Customers served since the bank opened or was last reset.
        let served: Int

        init(
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
        var inService: Int { clerks.count { $0.serving != nil } }
    }

    /// Whether customers are waiting or in service (business time runs).
    let isOpen: Bool
    /// Bank time so far.
    let businessTime: Duration
    /// The ticket the next customer will take.
    let nextTicket: Int
    let desks: [Desk]

    init(isOpen: Bool, businessTime: Duration, nextTicket: Int, desks: [Desk]) {
        self.isOpen = isOpen
        self.businessTime = businessTime
        self.nextTicket = nextTicket
        self.desks = desks
    }

    var served: Int { desks.reduce(0) { $0 + $1.served } }
    var waiting: Int { desks.reduce(0) { $0 + $1.waiting } }
    var inService: Int { desks.reduce(0) { $0 + $1.inService } }
}
