import KioskCore

/// A snapshot of the bank for `bank status`: every desk and office, its line and its clerks.
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
        /// Bank time the service ends; zero when idle or held.
        public let until: Duration
        /// Whether the clerk is held by `serving` while one of its stages is served
        /// elsewhere (then `since` is when the hold began).
        public let isHolding: Bool

        /// Clerk `number`, serving `serving` from `since` until `until`, or held by it when `isHolding`.
        public init(number: Int, serving: Customer?, since: Duration, until: Duration, isHolding: Bool = false) {
            self.number = number
            self.serving = serving
            self.since = since
            self.until = until
            self.isHolding = isHolding
        }
    }

    /// One desk or office: its clerks, its line and what it has done.
    public struct Desk: Sendable, Equatable {
        /// The desk or office, as configured.
        public let place: KioskConfig.BankPlace
        /// How long one customer takes, in bank time, for a desk declared with its task
        /// (the classic form); zero for desks and offices declared apart from their tasks.
        public let serviceTime: Duration
        /// The desk's clerks, by number.
        public let clerks: [Clerk]
        /// How many customers are in line.
        public let waiting: Int
        /// The first tickets in line, in service order (at most the number asked for).
        public let nextTickets: [Int]
        /// Stages served here since the bank opened or was last reset (customers, at a
        /// desk that serves one task in one stage).
        public let served: Int

        /// `place` with its `clerks`, `waiting` in line, the first of them holding
        /// `nextTickets`, `served` so far; `serviceTime` as ``serviceTime`` says.
        public init(
            place: KioskConfig.BankPlace, serviceTime: Duration, clerks: [Clerk], waiting: Int, nextTickets: [Int],
            served: Int
        ) {
            self.place = place
            self.serviceTime = serviceTime
            self.clerks = clerks
            self.waiting = waiting
            self.nextTickets = nextTickets
            self.served = served
        }

        /// A classic desk for `task`, whose `clerks` take `serviceTime` each.
        public init(
            task: BankTask, serviceTime: Duration, clerks: [Clerk], waiting: Int, nextTickets: [Int], served: Int
        ) {
            self.init(
                place: KioskConfig.BankPlace(id: task.id, name: task.name, kind: .desk, clerks: clerks.count),
                serviceTime: serviceTime, clerks: clerks, waiting: waiting, nextTickets: nextTickets, served: served)
        }

        /// The place's id and name as a task (the task of a classic desk).
        public var task: BankTask { BankTask(id: place.id, name: place.name) }

        /// Customers a clerk of this desk is serving (not counting clerks held by a customer).
        public var inService: Int { clerks.count { $0.serving != nil && !$0.isHolding } }
    }

    /// Whether customers are waiting, in service or still to arrive (business time runs).
    public let isOpen: Bool
    /// Bank time so far.
    public let businessTime: Duration
    /// The ticket the next customer will take.
    public let nextTicket: Int
    /// The desks and offices, in config order.
    public let desks: [Desk]
    /// Customers who finished every stage of their task, per task in config order.
    public let servedByTask: [TaskCount]
    /// Customers announced to arrive later (`bank add --over`, `--rate`) who have not yet.
    public let toArrive: Int

    /// A bank that `isOpen` (or not) at `businessTime`, handing out `nextTicket` next;
    /// `servedByTask` defaults to each desk's served count under the desk's id (a classic bank);
    /// `toArrive` customers are announced and not yet arrived.
    public init(
        isOpen: Bool, businessTime: Duration, nextTicket: Int, desks: [Desk], servedByTask: [TaskCount]? = nil,
        toArrive: Int = 0
    ) {
        self.isOpen = isOpen
        self.toArrive = toArrive
        self.businessTime = businessTime
        self.nextTicket = nextTicket
        self.desks = desks
        self.servedByTask = servedByTask ?? desks.map { TaskCount(task: $0.place.id, count: $0.served) }
    }

    /// Customers who finished their task.
    public var served: Int { servedByTask.reduce(0) { $0 + $1.count } }
    /// Customers in line at every desk.
    public var waiting: Int { desks.reduce(0) { $0 + $1.waiting } }
    /// Customers in service at every desk.
    public var inService: Int { desks.reduce(0) { $0 + $1.inService } }
}
