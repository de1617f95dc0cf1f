import KioskCore

/// The bank's one read model of the session in progress: who is at the bank, whom it has
/// served, for how long it has done business, and what each desk and office has done.
///
/// The ``Bank`` builds it in one place (``Bank/counts()``); `bank status`, the closing
/// summary, `bank report`, `bank history`, the quit warning, `bank watch` and `bank export`
/// all read their numbers from it, so no two views count differently.
///
/// - A customer is *served* when they finish the last stage of their task (a loan of three
///   stages counts once, when its last stage ends).
/// - A desk or office has *served* a customer when the last stage of their task served there
///   ends (the 2021-05 counter counts a loan once, at its execution; the head office at its review).
/// - *Waiting* customers are in a line (a loan waiting for the head office's review, too);
///   *in service*, a clerk is serving them (a clerk held during the review serves nobody);
///   *to arrive*, announced by `bank add --over` or `--rate` and not yet come.
/// - *Business time* runs while anyone is waiting, in service or still to arrive.
///
/// ```swift
/// let counts = await bank.counts()
/// counts.served                      // 30
/// counts.places[0].served            // 30 customers at the counter, not 40 stages
/// ```
public struct BankCounts: Sendable, Equatable {
    /// One task's service, or one stage of it, at a place: what a clerk there spends on it.
    public struct Service: Sendable, Equatable {
        /// The task's id.
        public let task: String
        /// The stage's id (a one-stage task's stage is named after the task).
        public let stage: String
        /// How long it takes (the mean, when drawn from an exponential distribution).
        public let serviceTime: Duration

        /// Stage `stage` of `task`, taking `serviceTime`.
        public init(task: String, stage: String, serviceTime: Duration) {
            self.task = task
            self.stage = stage
            self.serviceTime = serviceTime
        }
    }

    /// One desk or office.
    public struct Place: Sendable, Equatable {
        /// The desk's or office's id.
        public let id: String
        /// Its clerks.
        public let clerks: Int
        /// Customers whose last stage here has ended.
        public let served: Int
        /// Clerk time spent serving or held by a customer, up to now.
        public let busy: Duration
        /// The tasks and stages served here, in config order.
        public let services: [Service]

        /// Place `id` with `clerks`, having `served` customers, busy for `busy`, serving `services`.
        public init(id: String, clerks: Int, served: Int, busy: Duration, services: [Service]) {
            self.id = id
            self.clerks = clerks
            self.served = served
            self.busy = busy
            self.services = services
        }

        /// The one time every service here takes, or nil when they differ (or there are none).
        public var serviceTime: Duration? {
            guard let first = services.first?.serviceTime, services.allSatisfy({ $0.serviceTime == first })
            else { return nil }
            return first
        }
    }

    /// Customers served, per task in config order.
    public let servedByTask: [TaskCount]
    /// Customers served, per task (config order) and grade (best first); groups without any left out.
    public let servedByGrade: [GradeCount]
    /// Customers in a line, at every place.
    public let waiting: Int
    /// Customers a clerk is serving.
    public let inService: Int
    /// Customers announced to arrive later who have not yet.
    public let toArrive: Int
    /// Bank time so far.
    public let businessTime: Duration
    /// Per desk and office, in config order.
    public let places: [Place]

    /// The counts of a session: `servedByTask` and `servedByGrade`, `waiting`, `inService`,
    /// `toArrive`, `businessTime` so far, and each place's.
    public init(
        servedByTask: [TaskCount], servedByGrade: [GradeCount] = [], waiting: Int = 0, inService: Int = 0,
        toArrive: Int = 0, businessTime: Duration = .zero, places: [Place] = []
    ) {
        self.servedByTask = servedByTask
        self.servedByGrade = servedByGrade
        self.waiting = waiting
        self.inService = inService
        self.toArrive = toArrive
        self.businessTime = businessTime
        self.places = places
    }

    /// Customers served in all.
    public var served: Int { servedByTask.reduce(0) { $0 + $1.count } }
    /// Whether anyone is waiting, in service or still to arrive: then business time runs.
    public var isBusy: Bool { waiting + inService + toArrive > 0 }
}

/// How many customers of one task and grade.
public struct GradeCount: Sendable, Equatable {
    /// The task's id.
    public let task: String
    /// The grade's id (`regular` in a bank without grades).
    public let grade: String
    public let count: Int

    /// `count` customers of `task` and `grade`.
    public init(task: String, grade: String, count: Int) {
        self.task = task
        self.grade = grade
        self.count = count
    }
}
