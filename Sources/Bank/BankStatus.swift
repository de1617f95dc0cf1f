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
        /// How long one service here takes, in bank time, when every task and stage served
        /// here takes the same time; zero when they differ (``services`` has each).
        public let serviceTime: Duration
        /// The tasks and stages served here, each with its time, in config order.
        public let services: [BankCounts.Service]
        /// The desk's clerks, by number.
        public let clerks: [Clerk]
        /// How many customers are in line.
        public let waiting: Int
        /// The first tickets in line, in service order (at most the number asked for).
        public let nextTickets: [Int]
        /// The customers holding ``nextTickets``: their task, grade and stage.
        public let nextCustomers: [Customer]
        /// Customers served here since the bank opened or was last reset: those whose last
        /// stage here has ended (see ``BankCounts``), not the stages.
        public let served: Int

        /// `place` with its `clerks`, `waiting` in line, the first of them `nextCustomers`,
        /// `served` so far; serving `services`.
        public init(
            place: KioskConfig.BankPlace, services: [BankCounts.Service], clerks: [Clerk], waiting: Int,
            nextCustomers: [Customer], served: Int
        ) {
            self.place = place
            let first = services.first?.serviceTime ?? .zero
            self.serviceTime = services.allSatisfy { $0.serviceTime == first } ? first : .zero
            self.services = services
            self.clerks = clerks
            self.waiting = waiting
            self.nextTickets = nextCustomers.map(\.ticket)
            self.nextCustomers = nextCustomers
            self.served = served
        }

        /// `place` with its `clerks`, `waiting` in line, the first of them holding
        /// `nextTickets` (customers of the place's own task), `served` so far; every service
        /// here takes `serviceTime`.
        public init(
            place: KioskConfig.BankPlace, serviceTime: Duration, clerks: [Clerk], waiting: Int, nextTickets: [Int],
            served: Int
        ) {
            let task = BankTask(id: place.id, name: place.name)
            self.init(
                place: place, services: [BankCounts.Service(task: place.id, stage: place.id, serviceTime: serviceTime)],
                clerks: clerks, waiting: waiting,
                nextCustomers: nextTickets.map { Customer(ticket: $0, task: task, arrival: .zero) }, served: served)
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
    /// The session's counts, as every view of the bank reads them (see ``BankCounts``).
    public let counts: BankCounts

    /// A bank that `isOpen` (or not) at `businessTime`, handing out `nextTicket` next;
    /// `servedByTask` defaults to each desk's served count under the desk's id (a classic bank);
    /// `toArrive` customers are announced and not yet arrived; `counts` defaults to what the
    /// desks and these say.
    public init(
        isOpen: Bool, businessTime: Duration, nextTicket: Int, desks: [Desk], servedByTask: [TaskCount]? = nil,
        toArrive: Int = 0, counts: BankCounts? = nil
    ) {
        self.isOpen = isOpen
        self.businessTime = businessTime
        self.nextTicket = nextTicket
        self.desks = desks
        self.counts =
            counts
            ?? BankCounts(
                servedByTask: servedByTask ?? desks.map { TaskCount(task: $0.place.id, count: $0.served) },
                waiting: desks.reduce(0) { $0 + $1.waiting }, inService: desks.reduce(0) { $0 + $1.inService },
                toArrive: toArrive, businessTime: businessTime,
                places: desks.map {
                    BankCounts.Place(
                        id: $0.place.id, clerks: $0.clerks.count, served: $0.served, busy: .zero, services: $0.services)
                })
    }

    /// Customers who finished every stage of their task, per task in config order.
    public var servedByTask: [TaskCount] { counts.servedByTask }
    /// Customers announced to arrive later (`bank add --over`, `--rate`) who have not yet.
    public var toArrive: Int { counts.toArrive }
    /// Customers who finished their task.
    public var served: Int { counts.served }
    /// Customers in line at every desk.
    public var waiting: Int { counts.waiting }
    /// Customers a clerk is serving, at every desk (a clerk held by its customer serves nobody).
    public var inService: Int { counts.inService }
}
