import Bank
import KioskCore
import Synchronization

/// The bank as the session sees it: its commands, and its background work.
///
/// The clerks start with the first bank command (or ``started()``): a session that never
/// uses the bank, `kiosk -c help` or `kiosk order mango`, sets none of them to work.
struct BankModule: Sendable {
    let commands: [Command]
    /// `bank plan`'s progress line: shown once the interactive prompt attaches a terminal.
    let planProgress: PlanProgressBar
    private let bank: Bank
    private let shift: ClerkShift

    init(config: KioskConfig, bus: EventBus<KioskEvent>, options: SessionOptions, history: any BankSessionLog) {
        // Without --seed, a generator seeded once from the system's: the system generator
        // would make a system call for every customer of a million.
        let random = SplitMix64(seed: options.seed ?? UInt64.random(in: .min ... .max))
        let clock: any Clock<Duration> = options.virtualTime ? VirtualClock() : ScaledClock(speed: options.speed)
        let bank = Bank(setup: config.bank, clock: clock, bus: bus, random: random, sessions: history)
        self.bank = bank
        let shift = ClerkShift(bank: bank)
        self.shift = shift
        let planProgress = PlanProgressBar(catalog: options.resolvedLanguage.catalog)
        self.planProgress = planProgress
        let commands =
            bank.commands(
                charts: SVGPlanChart(
                    catalog: options.resolvedLanguage.catalog,
                    names: NameBook(config: config, language: options.resolvedLanguage)),
                progress: planProgress)
            + [BankExportCommand.command(bank: bank)]
        self.commands = commands.map { command in
            guard case .perform(let run) = command.action else { return command }
            return Command(command.spec) { invocation in
                shift.start()
                // Off the command thread (``CommandThread``), whose one thread would otherwise
                // also run the tasks a command starts in a group (a plan's replications, meant
                // for every core). The bank makes no blocking database call of its own.
                return try await withTaskExecutorPreference(globalConcurrentExecutor) {
                    try await run(invocation)
                }
            }
        }
    }

    /// The bank, with its clerks at work.
    func started() -> Bank {
        shift.start()
        return bank
    }

    /// The bank's status now, listing up to `limit` waiting customers per line (the live view).
    func status(listing limit: Int) async -> BankStatus {
        await started().status(listing: limit)
    }

    /// Makes a bank in virtual time wait for `pacer` between runs of services (see ``Bank/pace(with:)``).
    func pace(with pacer: @escaping Bank.Pacer) async {
        await bank.pace(with: pacer)
    }

    /// Waits until no customer is waiting or in service.
    func finishPendingWork() async {
        _ = await bank.waitUntilIdle()
    }

    /// How many customers are waiting, in service and still to arrive now.
    func occupancy() async -> (waiting: Int, inService: Int, toArrive: Int) {
        await bank.occupancy()
    }

    /// Ends this bank's session and its clerks' work for good, once nobody is at the bank:
    /// another bank takes its place (`bank preset NAME`).
    /// - Throws: ``BankError/notIdle(waiting:inService:toArrive:)`` while anyone is there;
    ///   the bank then goes on as it was.
    func retire() async throws(BankError) {
        try await bank.retire()
        await shift.end()
        await bank.sessionsRecorded()
    }

    /// Cancels all service; returns what was cancelled, if anything.
    func shutdown() async -> BankDeparture? {
        let (cancelled, tickets) = await bank.shutdownNamingTickets()
        await shift.end()
        await bank.sessionsRecorded()
        return cancelled.isEmpty ? nil : BankDeparture(cancelled: cancelled, tickets: tickets)
    }
}

/// The task that runs the bank's clerks, from the first time they are needed until the
/// session ends.
private final class ClerkShift: Sendable {
    private enum State {
        case notStarted
        case working(Task<Void, Never>)
        case ended
    }

    private let bank: Bank
    private let state = Mutex(State.notStarted)

    init(bank: Bank) {
        self.bank = bank
    }

    /// Sets the clerks to work, unless they already are or the session has ended.
    func start() {
        state.withLock { state in
            guard case .notStarted = state else { return }
            state = .working(Task { [bank] in await bank.run() })
        }
    }

    /// Stops the clerks, if they were working, and waits until they have.
    func end() async {
        let clerks: Task<Void, Never>? = state.withLock { state in
            defer { state = .ended }
            if case .working(let clerks) = state { return clerks }
            return nil
        }
        clerks?.cancel()
        await clerks?.value
    }
}

/// Whom leaving sent away from the bank: how many, and their tickets.
struct BankDeparture: Sendable, Equatable {
    let cancelled: BankCancellation
    let tickets: [TaskTickets]
}
