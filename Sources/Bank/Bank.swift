import DequeModule
import KioskCore

/// The bank counter: desks with FIFO waiting lines, clerks serving in the background,
/// and bank time read from an injected clock.
///
/// Each desk serves one task with a fixed number of clerks. Every clerk is a child task
/// of one task group that ``run()`` owns; a clerk takes the lowest waiting ticket of its
/// desk, serves it for the desk's service time, and takes the next. Everything the bank
/// does is announced on the event bus: arrivals, service starts and ends (in bank time),
/// the moment the bank becomes idle, and resets.
///
/// ```swift
/// let bank = Bank(setup: config.bank, clock: ScaledClock(speed: 20), bus: bus)
/// let clerks = Task { await bank.run() }
/// let admission = try await bank.open(customers: 12)     // tickets #1...#12
/// if case .idle(let tally) = await bank.waitUntilIdle() {
///     print(tally.served, tally.businessTime)
/// }
/// clerks.cancel()
/// ```
public actor Bank {
    /// How many customers one `bank open` or `bank add` may admit.
    public static let admissionRange = 1...1_000_000
    /// How many customers `bank add` admits when no count is given.
    public static let defaultAdmission = 10

    /// The desks, clerk counts and service times the bank was built with.
    nonisolated let setup: KioskConfig.BankSetup
    /// The tasks of the desks, in desk order.
    nonisolated let tasks: [BankTask]

    let bus: EventBus<KioskEvent>
    var desks: [Desk]
    var timer: BankTimer
    var random: any RandomNumberGenerator & Sendable
    /// The ticket the next customer takes.
    var nextTicket = 1
    /// Bumped by every reset; a clerk that finds it changed after a suspension stops
    /// without touching anything, so no event of a cancelled customer appears.
    var generation = 0
    var waitingCount = 0
    var inServiceCount = 0
    /// The latest planned end of a service: where business time stops when the bank idles.
    var lastFinish = Duration.zero
    /// The tally published when the bank last became idle (or was reset).
    var lastTally: BankTally
    var idleWaiters: [Bell] = []
    var settleWaiters: [Bell] = []
    /// Rung on reset so that ``run()`` replaces the clerk tasks; one per run.
    var restartBell: Bell?

    /// - Parameters:
    ///   - setup: the desks; each needs at least one clerk.
    ///   - clock: where bank time comes from (`ScaledClock` in the REPL, `TestClock` in tests).
    ///   - bus: where the bank publishes its events.
    ///   - random: picks default customer counts and tasks; seed it for reproducible runs.
    public init(
        setup: KioskConfig.BankSetup, clock: any Clock<Duration>, bus: EventBus<KioskEvent>,
        random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.setup = setup
        self.bus = bus
        self.random = random
        let desks = setup.desks.map(Desk.init)
        self.desks = desks
        tasks = desks.map(\.task)
        timer = BankTimer(clock: clock)
        lastTally = BankTally(servedByTask: desks.map { TaskCount(task: $0.task.id, count: 0) }, businessTime: .zero)
    }

    /// Whether customers are waiting or in service.
    var isOpen: Bool { timer.isRunning }

    // MARK: - Admitting customers

    /// Opens an idle bank: `count` customers (default: a random number in the configured
    /// range) take the next tickets, each for a random task.
    /// - Throws: ``BankError/alreadyOpen(waiting:inService:)`` while customers are still
    ///   waiting or in service; ``BankError/customerCountOutOfRange(_:)``.
    @discardableResult
    public func open(customers count: Int? = nil) throws(BankError) -> BankAdmission {
        guard !timer.isRunning else {
            throw .alreadyOpen(waiting: waitingCount, inService: inServiceCount)
        }
        let count = count ?? Int.random(in: setup.customers, using: &random)
        return try admit(count, desk: nil)
    }

    /// Adds `count` customers, each for `task` (an id, e.g. `"loan"`) or a random task;
    /// opens the bank if it is idle.
    /// - Throws: ``BankError/unknownTask(_:suggestion:tasks:)``,
    ///   ``BankError/customerCountOutOfRange(_:)``.
    @discardableResult
    public func add(customers count: Int = defaultAdmission, task: String? = nil) throws(BankError) -> BankAdmission {
        var desk: Int?
        if let task { desk = try deskIndex(for: task) }
        return try admit(count, desk: desk)
    }

    private func admit(_ count: Int, desk fixedDesk: Int?) throws(BankError) -> BankAdmission {
        guard Self.admissionRange.contains(count) else { throw .customerCountOutOfRange(count) }
        guard !desks.isEmpty else { throw .noDesks }
        // Services that ended before this arrival end first (clerks may wake a little late),
        // so their clerks are free for it, and a bank whose last service has ended is idle.
        catchUp()
        let opened = !timer.isRunning
        if opened { timer.resume() }
        let first = nextTicket
        var counts = [Int](repeating: 0, count: desks.count)
        let handedOver = admitCustomers(count, desk: fixedDesk, at: timer.now, counts: &counts, random: &random)
        inServiceCount += handedOver
        waitingCount += count - handedOver
        return BankAdmission(
            tickets: first...(nextTicket - 1),
            byTask: zip(tasks, counts).map { TaskCount(task: $0.id, count: $1) },
            opened: opened)
    }

    /// Gives the next `count` tickets to customers arriving at `arrival`.
    /// - Returns: how many of them a free clerk took at once.
    private func admitCustomers(
        _ count: Int, desk fixedDesk: Int?, at arrival: Duration, counts: inout [Int],
        random: inout some RandomNumberGenerator
    ) -> Int {
        var ticket = nextTicket
        var handedOver = 0
        let deskCount = UInt64(tasks.count)
        for _ in 0..<count {
            // The high half of a 128-bit product maps 64 random bits onto the desks without a
            // division; its bias (at most desks / 2^64) is far below anything observable.
            let desk = fixedDesk ?? Int(random.next().multipliedFullWidth(by: deskCount).high)
            counts[desk] += 1
            if desks[desk].receive(Customer(ticket: ticket, task: tasks[desk], arrival: arrival), bus: bus) {
                handedOver += 1
            }
            ticket += 1
        }
        nextTicket = ticket
        return handedOver
    }

    private func deskIndex(for task: String) throws(BankError) -> Int {
        do {
            let id = try taskChoices.resolve(task)
            if let index = tasks.firstIndex(where: { $0.id == id }) { return index }
        } catch .unknownValue(_, let given, let suggestion, let ids) {
            throw .unknownTask(given, suggestion: suggestion, tasks: ids)
        } catch {}
        throw .unknownTask(task, suggestion: nil, tasks: tasks.map(\.id))
    }

    // MARK: - Looking and waiting

    /// What every desk and clerk is doing now.
    /// - Parameter limit: how many waiting tickets to list per desk.
    func status(listing limit: Int = 100) -> BankStatus {
        catchUp()
        return BankStatus(
            isOpen: timer.isRunning, businessTime: timer.now, nextTicket: nextTicket,
            desks: desks.map { desk in
                BankStatus.Desk(
                    task: desk.task, serviceTime: desk.serviceTime,
                    clerks: desk.clerks.enumerated().map { number, clerk in
                        BankStatus.Clerk(
                            number: number + 1, serving: clerk.serving,
                            since: clerk.serving == nil ? .zero : clerk.since,
                            until: clerk.serving == nil ? .zero : clerk.until)
                    },
                    waiting: desk.line.count,
                    nextTickets: desk.line.prefix(max(0, limit)).map(\.ticket),
                    served: desk.served)
            })
    }

    /// Suspends until no customer is waiting or in service.
    ///
    /// Cancelling the waiting task ends the wait, not the service: the outcome is then
    /// ``BankWaitOutcome/interrupted(waiting:inService:)``.
    public func waitUntilIdle() async -> BankWaitOutcome {
        guard timer.isRunning else { return .alreadyIdle(lastTally) }
        let generation = self.generation
        let bell = Bell()
        idleWaiters.append(bell)
        guard await bell.wait() else {
            idleWaiters.removeAll { $0 === bell }
            return .interrupted(waiting: waitingCount, inService: inServiceCount)
        }
        return self.generation == generation ? .idle(lastTally) : .reset
    }

    // MARK: - Starting over

    /// Cancels every service in progress and every waiting customer at once, and starts
    /// tickets and bank time over; publishes ``KioskEvent/bankReset``.
    @discardableResult
    func reset() -> BankCancellation {
        let cancelled = clear()
        bus.publish(.bankReset)
        return cancelled
    }

    /// Cancels every customer, like ``reset()`` but without an event: for quitting.
    @discardableResult
    public func shutdown() -> BankCancellation {
        clear()
    }

    @discardableResult
    private func clear() -> BankCancellation {
        let cancelled = BankCancellation(waiting: waitingCount, inService: inServiceCount)
        generation += 1
        for index in desks.indices {
            desks[index].clear()
        }
        waitingCount = 0
        inServiceCount = 0
        nextTicket = 1
        lastFinish = .zero
        timer.reset()
        lastTally = tally()
        restartBell?.ring()
        ringAll(&idleWaiters)
        return cancelled
    }

    // MARK: - Service

    /// Ends, in order, every service of `desk` that ends by bank time `now`; each clerk
    /// that finishes takes the next ticket in line. This is the one place services end,
    /// so the outcome never depends on which clerk task happens to wake first.
    /// - Parameter budget: the most services to end in one go.
    /// - Returns: whether services that end by `now` remain (the budget ran out).
    func finishServices(desk: Int, endingBy now: Duration, budget: Int = .max) -> Bool {
        let progress = desks[desk].endServices(by: now, budget: budget, bus: bus)
        guard progress.ended > 0 else { return false }
        waitingCount -= progress.taken
        inServiceCount -= progress.ended - progress.taken
        if progress.latestEnd > lastFinish { lastFinish = progress.latestEnd }
        if inServiceCount == 0, waitingCount == 0 {
            becomeIdle()
        }
        return progress.isCut
    }

    /// Ends every service that has ended by now, at every desk.
    func catchUp() {
        guard timer.isRunning else { return }
        let now = timer.now
        for desk in desks.indices {
            _ = finishServices(desk: desk, endingBy: now)
        }
    }

    private func becomeIdle() {
        timer.stop(at: lastFinish)
        lastTally = tally()
        bus.publish(.bankIdle(lastTally))
        ringAll(&idleWaiters)
    }

    func tally() -> BankTally {
        BankTally(
            servedByTask: desks.map { TaskCount(task: $0.task.id, count: $0.served) },
            businessTime: timer.now)
    }

    func ringAll(_ bells: inout [Bell]) {
        let waiting = bells
        bells = []
        for bell in waiting { bell.ring() }
    }
}
