import HeapModule
import KioskCore

/// The bank counter as a queueing network: desks and offices with clerks and waiting
/// lines, tasks that are routes of stages through them, clerks serving in the background,
/// and bank time read from an injected clock.
///
/// Every clerk is a child task of one task group that ``run()`` owns. At each desk and
/// office, a free clerk takes the best-graded customer waiting there, lowest ticket
/// first, and serves their current stage; a stage starts only when the one before it has
/// finished, and a `clerk_stays` stage keeps the customer's clerk busy while it is served
/// elsewhere (see ``BankFloor``). Services end from one time-ordered queue across all
/// places (equal instants in the order the services started), whichever clerk task wakes
/// first. Everything the bank does is announced on the event bus:
/// arrivals, service starts and ends (in bank time), the moment the bank becomes idle,
/// and resets.
///
/// ```swift
/// let bank = Bank(setup: config.bank, clock: ScaledClock(speed: 20), bus: bus)
/// let clerks = Task { await bank.run() }
/// let admission = try await bank.open(customers: 12)     // tickets #1...#12
/// if case .idle(let tally) = await bank.waitUntilIdle() {
///     tally.businessTime                                 // 5.6 s of bank time, say
/// }
/// clerks.cancel()
/// ```
public actor Bank {
    /// How many customers one `bank open` or `bank add` may admit. The config parser holds
    /// `customers_max` to the same bound, so a configured default is always admitted.
    public static let admissionRange = 1...KioskConfig.BankSetup.admissionLimit
    /// The most customers the bank holds at once (waiting, in service or announced): 4
    /// million waiting take 128 MB (32 bytes each, in chunks freed as the lines move on), and
    /// every customer served keeps 40 bytes until a reset (32 in the books `bank export`
    /// reads, 8 for their wait); `bank add` beyond it is refused with
    /// ``BankError/bankFull(present:adding:capacity:)``.
    public static let capacity = 4_000_000
    /// How many customers `bank add` admits when no count is given.
    public static let defaultAdmission = 10
    /// The windows `bank add --over` spreads arrivals over: a millisecond to a week.
    public static let arrivalWindows = Duration.milliseconds(1)...Duration.seconds(7 * 86_400)
    /// The rates `bank add --rate` admits: one an hour to a million a second, so that a
    /// million arrivals end well within bank time's 64-bit nanoseconds.
    public static let arrivalRates = ArrivalRate(1, per: .hour)...ArrivalRate(1_000_000, per: .second)
    /// How many sessions `bank history` may list.
    public static let historyRange = 1...1_000
    /// How many sessions `bank history` lists when no count is given.
    public static let defaultHistory = 10

    /// The desks, offices, tasks and grades the bank was built with.
    nonisolated let setup: KioskConfig.BankSetup
    /// The tasks, in config order.
    nonisolated let tasks: [BankTask]
    /// The grades, best first.
    nonisolated let grades: [BankGrade]

    let bus: EventBus<KioskEvent>
    var floor: BankFloor
    var timer: BankTimer
    var random: any RandomNumberGenerator & Sendable
    /// The ticket the next customer takes.
    var nextTicket = 1
    /// The most customers this bank holds at once.
    nonisolated let capacity: Int
    /// The sum of the tasks' shares, and the grades' shares, for picking random customers.
    let shareTotal: UInt64
    let gradeShares: [UInt64]
    /// Bumped by every reset; a clerk that finds it changed after a suspension stops
    /// without touching anything, so no event of a cancelled customer appears.
    var generation = 0
    /// The tally published when the bank last became idle (or was reset).
    var lastTally: BankTally
    var idleWaiters: [Bell] = []
    var settleWaiters: [Bell] = []
    /// Rung on reset so that ``run()`` replaces the clerk tasks; one per run.
    var restartBell: Bell?
    /// The door: the task that lets announced customers in when their time comes (the
    /// clerks may all be idle then); its activity and bell, like a clerk's.
    var door = Clerk(point: -1, number: 0)
    var doorBell: Bell? { door.bell }
    /// The clock, when bank time is virtual (`--speed max`), and its instant when the bank
    /// was created; waiting for the bank then plays the services out at once.
    let virtualClock: VirtualClock?
    let virtualOrigin: VirtualClock.Instant
    /// Called between runs of services played out in virtual time, so that a consumer of
    /// the events (the terminal) keeps up rather than skipping them.
    var pacer: Pacer?
    /// Records the sessions the bank opens, tallies and ends, for `bank history`; nil
    /// records none (a bank for planning or a benchmark).
    nonisolated let sessions: BankSessionRecorder?

    /// - Parameters:
    ///   - setup: the desks, as ``ConfigParser`` validated them (each with at least one
    ///     clerk and a service time that is not negative); it is not checked again here.
    ///   - clock: where bank time comes from (`ScaledClock` in the REPL, `TestClock` in tests).
    ///   - bus: where the bank publishes its events.
    ///   - random: picks default customer counts and tasks; seed it for reproducible runs.
    ///   - capacity: the most customers at once, at most ``capacity`` (smaller for tests).
    ///   - sessions: where the bank's sessions are stored, for `bank history`; nil keeps none.
    public init(
        setup: KioskConfig.BankSetup, clock: any Clock<Duration>, bus: EventBus<KioskEvent>,
        random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(), capacity: Int = Bank.capacity,
        sessions: (any BankSessionLog)? = nil
    ) {
        self.capacity = min(max(1, capacity), Self.capacity)
        self.sessions = sessions.map(BankSessionRecorder.init(log:))
        self.setup = setup
        self.bus = bus
        var random = random
        // Exponential service times draw from a generator of their own, seeded from this
        // one only when some stage needs it, so a classic bank's customers stay the same.
        let exponential = setup.tasks.contains { $0.stages.contains { $0.timing == .exponential } }
        floor = BankFloor(setup: setup, bus: bus, seed: exponential ? random.next() : 0)
        self.random = random
        tasks = floor.routes.map(\.task)
        grades = floor.grades
        shareTotal = floor.routes.reduce(0) { $0 + UInt64(max(0, $1.share)) }
        gradeShares = setup.grades.map { UInt64(max(0, $0.share)) }
        timer = BankTimer(clock: clock)
        virtualClock = clock as? VirtualClock
        virtualOrigin = virtualClock?.now ?? VirtualClock.Instant(offset: .zero)
        lastTally = BankTally(
            servedByTask: floor.routes.map { TaskCount(task: $0.task.id, count: 0) }, businessTime: .zero)
    }

    /// Whether customers are waiting or in service.
    var isOpen: Bool { timer.isRunning }

    // MARK: - Admitting customers

    /// Opens an idle bank: `count` customers (nil: a random number in the configured
    /// range) take the next tickets, each for a random task.
    /// - Throws: ``BankError/alreadyOpen(waiting:inService:)`` while customers are still
    ///   waiting or in service; ``BankError/customerCountOutOfRange(_:)``; ``BankError/noDesks``.
    @discardableResult
    public func open(customers count: Int? = nil) throws(BankError) -> BankAdmission {
        guard !timer.isRunning else {
            throw .alreadyOpen(waiting: floor.waiting, inService: floor.inService)
        }
        let count = count ?? Int.random(in: setup.customers, using: &random)
        return try admit(count, route: nil, grade: nil)
    }

    /// Adds `count` customers, each for `task` (nil: a random task each) and of `grade`
    /// (nil: a random grade each); opens the bank if it is idle.
    /// - Throws: ``BankError/unknownTask(_:suggestion:tasks:)`` when the bank does not serve
    ///   `task`; ``BankError/unknownGrade(_:grades:)``; ``BankError/customerCountOutOfRange(_:)``;
    ///   ``BankError/noDesks``.
    ///   - arrivals: when they arrive: now (the default), evenly spread, or as a Poisson stream.
    @discardableResult
    public func add(
        customers count: Int = defaultAdmission, task: BankTask? = nil, grade: BankGrade? = nil,
        arrivals: BankArrivals = .now
    ) throws(BankError) -> BankAdmission {
        var route: Int?
        if let task { route = try taskIndex(for: task) }
        var rank: Int?
        if let grade {
            guard let index = grades.firstIndex(where: { $0.id == grade.id }) else {
                throw .unknownGrade(grade.id, grades: grades.map(\.id))
            }
            rank = index
        }
        return try admit(count, route: route, grade: rank, arrivals: arrivals)
    }

    private func admit(
        _ count: Int, route fixedRoute: Int?, grade fixedGrade: Int?, arrivals: BankArrivals = .now
    ) throws(BankError) -> BankAdmission {
        guard Self.admissionRange.contains(count) else { throw .customerCountOutOfRange(count) }
        guard !floor.routes.isEmpty, shareTotal > 0 || fixedRoute != nil else { throw .noDesks }
        let present = floor.waiting + floor.inService + floor.announced.count
        guard present <= capacity - count else {
            throw .bankFull(present: present, adding: count, capacity: capacity)
        }
        // Services that ended before this arrival end first (clerks may wake a little late),
        // so their clerks are free for it, and a bank whose last service has ended is idle.
        catchUp()
        let opened = !timer.isRunning
        if opened { timer.resume() }
        sessions?.admitted()
        let first = nextTicket
        let arrival = timer.now
        var counts = [Int](repeating: 0, count: tasks.count)
        var at = arrival
        // Read once, not per customer: each read of the floor's routes retained them.
        let routeShares = floor.routes.map { UInt64(max(0, $0.share)) }
        let gradeTotal = gradeShareTotal
        let drawsGrade = grades.count != 1
        // The draws come from a local copy of the generator, and customers arriving now go to
        // the floor a chunk at a time: every read or write of the actor's own variables is
        // checked for exclusive access at run time, which was a third of admitting a crowd.
        var generator = random
        defer { random = generator }
        var arriving: [Visitor] = []
        arriving.reserveCapacity(min(count, Self.admissionChunk))
        for (index, ticket) in (first..<(first + count)).enumerated() {
            let route = fixedRoute ?? Self.pick(shares: routeShares, total: shareTotal, using: &generator)
            // One grade: no draw, so a bank without grades admits the same customers as ever.
            let grade =
                fixedGrade ?? (drawsGrade ? Self.pick(shares: gradeShares, total: gradeTotal, using: &generator) : 0)
            counts[route] += 1
            switch arrivals {
            case .now: break
            case .spread(let window): at = arrival + window * index / count
            case .poisson(let mean): at += BankFloor.exponential(mean: mean, bits: generator.next())
            }
            let visitor = Visitor(ticket: ticket, arrival: at, route: UInt16(route), grade: UInt8(grade), stage: 0)
            if at > arrival {
                floor.announce(visitor)
            } else {
                arriving.append(visitor)
                if arriving.count == Self.admissionChunk {
                    floor.receive(contentsOf: arriving)
                    arriving.removeAll(keepingCapacity: true)
                }
            }
        }
        floor.receive(contentsOf: arriving)
        // The whole batch is in line before any clerk takes one: the best grade goes first.
        floor.dispatch(at: arrival)
        if arrivals != .now { doorBell?.ring() }
        nextTicket = first + count
        floor.flush()
        return BankAdmission(
            tickets: first...(nextTicket - 1),
            byTask: zip(tasks, counts).map { TaskCount(task: $0.id, count: $1) },
            opened: opened)
    }

    private var gradeShareTotal: UInt64 { gradeShares.reduce(0, +) }

    /// How many customers arriving at once go to the floor together.
    private static let admissionChunk = 4_096

    /// A random index drawn from `generator`, each `i` with probability `shares[i] / total`.
    private static func pick(
        shares: [UInt64], total: UInt64, using generator: inout some RandomNumberGenerator
    ) -> Int {
        // The high half of a 128-bit product maps 64 random bits onto 0..<total without a
        // division; its bias (at most total / 2^64) is far below anything observable.
        let draw = generator.next().multipliedFullWidth(by: total).high
        var sum: UInt64 = 0
        var last = 0
        for (index, share) in shares.enumerated() {
            sum += share
            if share > 0 { last = index }
            if draw < sum { return index }
        }
        return last
    }

    /// The route of `task`, matched by id.
    private func taskIndex(for task: BankTask) throws(BankError) -> Int {
        if let index = tasks.firstIndex(where: { $0.id == task.id }) { return index }
        let suggestion: String?
        do {
            suggestion = try taskChoices.resolve(task.id).id
        } catch .unknownValue(_, _, let closest, _) {
            suggestion = closest
        } catch {
            suggestion = nil
        }
        throw .unknownTask(task.id, suggestion: suggestion, tasks: tasks.map(\.id))
    }

    /// 64 bits from the bank's generator, so that `--seed` fixes what `bank plan` simulates.
    func drawSeed() -> UInt64 {
        random.next()
    }

    // MARK: - Looking and waiting

    /// Suspends until no customer is waiting or in service.
    ///
    /// Cancelling the waiting task ends the wait, not the service: the outcome is then
    /// ``BankWaitOutcome/interrupted(waiting:inService:)``.
    public func waitUntilIdle() async -> BankWaitOutcome {
        guard timer.isRunning else { return .alreadyIdle(lastTally) }
        if let virtualClock { return await playOut(on: virtualClock) }
        let generation = self.generation
        let bell = Bell()
        idleWaiters.append(bell)
        guard await bell.wait() else {
            idleWaiters.removeAll { $0 === bell }
            return .interrupted(waiting: floor.waiting, inService: floor.inService)
        }
        return self.generation == generation ? .idle(lastTally) : .reset
    }

    /// What runs between runs of services played out in virtual time. It runs on the
    /// bank's own executor (`nonisolated(nonsending)`): a pacer that prints the events
    /// itself costs no hop to another thread and back per run.
    public typealias Pacer = nonisolated(nonsending) @Sendable () async -> Void

    /// Sets what runs between runs of services played out in virtual time: it should
    /// return once the events published so far are taken care of.
    public func pace(with pacer: @escaping Pacer) {
        self.pacer = pacer
    }

    /// How many services virtual time plays out before it lets the pacer and other work
    /// on the bank (a status, a reset) run.
    static let virtualServicesPerTurn = 1_024
    /// Past every deadline a bank can have: services end at most a day after they start.
    private static let endOfTime = Duration.seconds(Int64(1) << 60)

    /// Virtual time: ends every service in schedule order (which starts the next ones at
    /// their exact instants) until nobody is waiting or in service, moving the clock to
    /// each run's last end. The events are those a real clock would give, without the wait.
    private func playOut(on clock: VirtualClock) async -> BankWaitOutcome {
        let generation = self.generation
        while timer.isRunning, self.generation == generation, !Task.isCancelled {
            let progress = floor.endServices(by: Self.endOfTime, budget: Self.virtualServicesPerTurn)
            floor.flush()
            clock.advance(to: virtualOrigin.advanced(by: timer.clockTime(at: floor.lastFinish)))
            if floor.isEmpty {
                becomeIdle()
                break
            }
            guard progress.ended > 0 else { break }
            if let pacer { await pacer() } else { await Task.yield() }
        }
        guard self.generation == generation else { return .reset }
        if timer.isRunning { return .interrupted(waiting: floor.waiting, inService: floor.inService) }
        return .idle(lastTally)
    }

    // MARK: - Starting over

    /// Cancels every service in progress and every waiting customer at once, and starts
    /// tickets and bank time over; publishes ``KioskEvent/bankReset``.
    @discardableResult
    public func reset() -> BankCancellation {
        announceStop()
        let cancelled = clear()
        sessions?.ended(.reset)
        bus.publish(.bankReset)
        return cancelled
    }

    /// How many customers are waiting, in service and still to arrive now: whom leaving
    /// would send away.
    public func occupancy() -> (waiting: Int, inService: Int, toArrive: Int) {
        let counts = counts()
        return (counts.waiting, counts.inService, counts.toArrive)
    }

    /// ``shutdown()``, and the tickets it sent away, a run of consecutive tickets per task:
    /// what leaving tells the person at the prompt.
    public func shutdownNamingTickets() -> (cancelled: BankCancellation, tickets: [TaskTickets]) {
        let tickets = floor.heldTickets
        return (shutdown(), tickets)
    }

    /// Cancels every customer, like `bank reset` but without the reset event: for quitting.
    /// A session in progress is announced with ``KioskEvent/bankStopped(_:)`` first.
    /// - Returns: whom it sent away.
    @discardableResult
    public func shutdown() -> BankCancellation {
        announceStop()
        defer { sessions?.ended(.quit) }
        return clear()
    }

    /// Publishes what a session in progress has served so far, before it is cleared: the
    /// services already ended by now count.
    private func announceStop() {
        guard timer.isRunning else { return }
        catchUp()
        // Catching up may have ended the last service: the idle event said it all.
        guard timer.isRunning else { return }
        let tally = tally()
        sessions?.stopped(tally)
        bus.publish(.bankStopped(tally))
    }

    func clear() -> BankCancellation {
        generation += 1
        let cancelled = floor.clear()
        nextTicket = 1
        timer.reset()
        lastTally = tally()
        restartBell?.ring()
        ringAll(&idleWaiters)
        return cancelled
    }

    // MARK: - Service

    /// Ends, in time order across all desks, every service that ends by bank time `now`;
    /// each clerk that finishes takes the next ticket of its line. This is the one place
    /// services end, so the outcome never depends on which clerk task happens to wake first.
    /// - Parameter budget: the most services to end in one go.
    /// - Returns: whether services that end by `now` remain (the budget ran out).
    func finishServices(endingBy now: Duration, budget: Int = .max) -> Bool {
        let progress = floor.endServices(by: now, budget: budget)
        floor.flush()
        guard progress.ended > 0 else { return false }
        if floor.isEmpty {
            becomeIdle()
        }
        return progress.isCut
    }

    /// Ends every service that has ended by now.
    func catchUp() {
        guard timer.isRunning else { return }
        _ = finishServices(endingBy: timer.now)
    }

    private func becomeIdle() {
        timer.stop(at: floor.lastFinish)
        lastTally = tally()
        sessions?.wentIdle(lastTally)
        bus.publish(.bankIdle(lastTally))
        ringAll(&idleWaiters)
    }

    func ringAll(_ bells: inout [Bell]) {
        let waiting = bells
        bells = []
        for bell in waiting { bell.ring() }
    }
}
