/// The words `bank watch` draws, from the presenter's catalog: the view places them and
/// never words anything itself.
public struct WatchWords: Sendable {
    /// The header's title: "Bank".
    public var title: String
    /// "business 00:31.200".
    public var business: @Sendable (_ time: String) -> String
    /// "12 waiting · 3 in service · 41 served", and "· 9 to arrive" while customers are announced.
    public var totals: @Sendable (_ waiting: Int, _ inService: Int, _ served: Int, _ toArrive: Int) -> String
    /// A station's title: "Deposit desk · 2 clerks · 0.700 s each · 24 served".
    public var station:
        @Sendable (_ name: String, _ office: Bool, _ clerks: Int, _ serviceTime: String, _ served: Int) -> String
    /// The title of a station serving several tasks or stages, each task with the time of
    /// each of its stages there: "Counter desk · 3 clerks · Deposit 0.700 s · Loan 0.300 + 0.300 s · 30 served".
    public var stationServices:
        @Sendable (
            _ name: String, _ office: Bool, _ clerks: Int, _ services: [(task: String, seconds: [String])],
            _ served: Int
        ) -> String
    /// What a clerk held by its customer shows while another place serves `stage`: "held: review".
    public var held: @Sendable (_ stage: String) -> String
    /// "clerk 1".
    public var clerk: @Sendable (_ number: Int) -> String
    /// What an idle clerk shows.
    public var idle: String
    /// A customer: "#12 Deposit" (with a grade: "#13 Loan VIP").
    public var customer: @Sendable (_ ticket: Int, _ task: String, _ grade: String?) -> String
    /// "0.28 s left".
    public var remaining: @Sendable (_ time: String) -> String
    /// The label before a line: "waiting 1,204".
    public var waiting: @Sendable (_ count: Int) -> String
    /// A line without customers.
    public var nobodyWaiting: String
    /// What stands for customers not drawn: "+ 1,204 more".
    public var more: @Sendable (_ count: Int) -> String
    /// The events footer's title.
    public var latestEvents: String
    /// The bottom row: "a add 10 · A add 100 · r reset · q back · ? keys".
    public var keyBar: String
    /// The `?` panel: each key and what it does.
    public var keys: [(key: String, does: String)]
    /// The `?` panel's title.
    public var keysTitle: String
    /// Asked once before `r` resets.
    public var confirmReset: @Sendable (_ waiting: Int, _ inService: Int) -> String
    /// Said when the answer to the reset question was not yes.
    public var resetKept: String
    /// Said when the terminal is too small to draw in.
    public var tooSmall: String

    public init(
        title: String, business: @escaping @Sendable (String) -> String,
        totals: @escaping @Sendable (Int, Int, Int, Int) -> String,
        station: @escaping @Sendable (String, Bool, Int, String, Int) -> String,
        stationServices: @escaping @Sendable (String, Bool, Int, [(task: String, seconds: [String])], Int) -> String,
        held: @escaping @Sendable (String) -> String,
        clerk: @escaping @Sendable (Int) -> String, idle: String,
        customer: @escaping @Sendable (Int, String, String?) -> String,
        remaining: @escaping @Sendable (String) -> String, waiting: @escaping @Sendable (Int) -> String,
        nobodyWaiting: String, more: @escaping @Sendable (Int) -> String, latestEvents: String, keyBar: String,
        keys: [(key: String, does: String)], keysTitle: String,
        confirmReset: @escaping @Sendable (Int, Int) -> String, resetKept: String, tooSmall: String
    ) {
        self.title = title
        self.business = business
        self.totals = totals
        self.station = station
        self.stationServices = stationServices
        self.held = held
        self.clerk = clerk
        self.idle = idle
        self.customer = customer
        self.remaining = remaining
        self.waiting = waiting
        self.nobodyWaiting = nobodyWaiting
        self.more = more
        self.latestEvents = latestEvents
        self.keyBar = keyBar
        self.keys = keys
        self.keysTitle = keysTitle
        self.confirmReset = confirmReset
        self.resetKept = resetKept
        self.tooSmall = tooSmall
    }
}
