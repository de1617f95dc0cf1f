import KioskCore

/// The bank counter: desks with FIFO waiting lines, clerks serving in the background,
/// and bank time read from an injected clock.
///
/// Each desk serves one task with a fixed number of clerks. Every clerk is a child task
/// of one task group that ``run()`` owns; a free clerk takes the lowest waiting ticket of
/// its desk and serves it for the desk's service time. Services end from one time-ordered
/// queue across all desks (equal instants in the order the services started), whichever
/// clerk task wakes first. Everything the bank does is announced on the event bus:
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
    /// How many customers `bank add` admits when no count is given.
    public static let defaultAdmission = 10
    /// How many sessions `bank history` may list.
    public static let historyRange = 1...1_000
    /// How many sessions `bank history` lists when no count is given.
    public static let defaultHistory = 10

    /// The desks, clerk counts and service times the bank was built with.
    nonisolated let setup: KioskConfig.BankSetup
    /// The tasks of the desks, in desk order.
    nonisolated let tasks: [BankTask]

    let bus: EventBus<KioskEvent>
    var floor: BankFloor
    var timer: BankTimer
    var random: any RandomNumberGenerator & Sendable
    /// The ticket the next customer takes.
    var nextTicket = 1
    /// Bumped by every reset; a clerk that finds it changed after a suspension stops
    /// without touching anything, so no event of a cancelled customer appears.
    var generation = 0
    /// The tally published when the bank last became idle (or was reset).
    var lastTally: BankTally
    var idleWaiters: [Bell] = []
    var settleWaiters: [Bell] = []
    /// Rung on reset so that ``run()`` replaces the clerk tasks; one per run.
    var restartBell: Bell?

    /// - Parameters:
    ///   - setup: the desks, as ``ConfigParser`` validated them (each with at least one
    ///     clerk and a service time that is not negative); it is not checked again here.
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
        floor = BankFloor(desks: desks, bus: bus)
        tasks = desks.map(\.task)
        timer = BankTimer(clock: clock)
        lastTally = BankTally(servedByTask: desks.map { TaskCount(task: $0.task.id, count: 0) }, businessTime: .zero)
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
        return try admit(count, desk: nil)
    }

    /// Adds `count` customers, each for `task` (nil: a random task each); opens the bank
    /// if it is idle.
    /// - Throws: ``BankError/unknownTask(_:suggestion:tasks:)`` when no desk serves `task`;
    ///   ``BankError/customerCountOutOfRange(_:)``; ``BankError/noDesks``.
    @discardableResult
    public func add(customers count: Int = defaultAdmission, task: BankTask? = nil) throws(BankError) -> BankAdmission {
        var desk: Int?
        if let task { desk = try deskIndex(for: task) }
        return try admit(count, desk: desk)
    }

    private func admit(_ count: Int, desk fixedDesk: Int?) throws(BankError) -> BankAdmission {
        guard Self.admissionRange.contains(count) else { throw .customerCountOutOfRange(count) }
        guard !floor.desks.isEmpty else { throw .noDesks }
        // Services that ended before this arrival end first (clerks may wake a little late),
        // so their clerks are free for it, and a bank whose last service has ended is idle.
        catchUp()
        let opened = !timer.isRunning
        if opened { timer.resume() }
        let first = nextTicket
        let arrival = timer.now
        let deskCount = UInt64(tasks.count)
        var counts = [Int](repeating: 0, count: tasks.count)
        for ticket in first..<(first + count) {
            // The high half of a 128-bit product maps 64 random bits onto the desks without a
            // division; its bias (at most desks / 2^64) is far below anything observable.
            let desk = fixedDesk ?? Int(random.next().multipliedFullWidth(by: deskCount).high)
            counts[desk] += 1
            floor.receive(Customer(ticket: ticket, task: tasks[desk], arrival: arrival), desk: desk)
        }
        nextTicket = first + count
        return BankAdmission(
            tickets: first...(nextTicket - 1),
            byTask: zip(tasks, counts).map { TaskCount(task: $0.id, count: $1) },
            opened: opened)
    }

    /// The desk that serves `task`, matched by id.
    private func deskIndex(for task: BankTask) throws(BankError) -> Int {
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

    // MARK: - Looking and waiting

    /// What every desk and clerk is doing now.
    /// - Parameter limit: how many waiting tickets to list per desk.
    func status(listing limit: Int = BankStatus.listedTickets) -> BankStatus {
        catchUp()
        return BankStatus(
            isOpen: timer.isRunning, businessTime: timer.now, nextTicket: nextTicket,
            desks: floor.desks.map { desk in
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
            return .interrupted(waiting: floor.waiting, inService: floor.inService)
        }
        return self.generation == generation ? .idle(lastTally) : .reset
    }

    // MARK: - Starting over

    /// Cancels every service in progress and every waiting customer at once, and starts
    /// tickets and bank time over; publishes ``KioskEvent/bankReset``.
    @discardableResult
    public func reset() -> BankCancellation {
        announceStop()
        let cancelled = clear()
        bus.publish(.bankReset)
        return cancelled
    }

    /// Cancels every customer, like `bank reset` but without the reset event: for quitting.
    /// A session in progress is announced with ``KioskEvent/bankStopped(_:)`` first.
    /// - Returns: whom it sent away.
    @discardableResult
    public func shutdown() -> BankCancellation {
        announceStop()
        return clear()
    }

    /// Publishes what a session in progress has served so far, before it is cleared: the
    /// services already ended by now count.
    private func announceStop() {
        guard timer.isRunning else { return }
        catchUp()
        // Catching up may have ended the last service: the idle event said it all.
        guard timer.isRunning else { return }
        bus.publish(.bankStopped(tally()))
    }

    private func clear() -> BankCancellation {
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
        bus.publish(.bankIdle(lastTally))
        ringAll(&idleWaiters)
    }

    func tally() -> BankTally {
        BankTally(
            servedByTask: floor.desks.map { TaskCount(task: $0.task.id, count: $0.served) },
            businessTime: timer.now)
    }

    func ringAll(_ bells: inout [Bell]) {
        let waiting = bells
        bells = []
        for bell in waiting { bell.ring() }
    }
}
