import Bank
import KioskCore

/// The bank as the session sees it: its commands, and its background work.
struct BankModule: Sendable {
    let commands: [Command]
    let bank: Bank
    /// Runs the bank's clerks for as long as the session lives.
    private let clerks: Task<Void, Never>

    init(config: KioskConfig, bus: EventBus<KioskEvent>, options: SessionOptions, history: any BankSessionLog) {
        // Without --seed, a generator seeded once from the system's: the system generator
        // would make a system call for every customer of a million.
        let random = SplitMix64(seed: options.seed ?? UInt64.random(in: .min ... .max))
        let clock: any Clock<Duration> = options.virtualTime ? VirtualClock() : ScaledClock(speed: options.speed)
        let bank = Bank(setup: config.bank, clock: clock, bus: bus, random: random)
        self.bank = bank
        clerks = Task { await bank.run() }
        commands =
            bank.commands(history: history, charts: SVGPlanChart(catalog: options.resolvedLanguage.catalog))
            + [BankExportCommand.command(bank: bank)]
    }

    /// Makes a bank in virtual time wait for `pacer` between runs of services (see ``Bank/pace(with:)``).
    func pace(with pacer: @escaping @Sendable () async -> Void) async {
        await bank.pace(with: pacer)
    }

    /// Waits until no customer is waiting or in service.
    func finishPendingWork() async {
        _ = await bank.waitUntilIdle()
    }

    /// How many customers are waiting and in service now.
    func occupancy() async -> (waiting: Int, inService: Int) {
        await bank.occupancy()
    }

    /// Cancels all service; returns what was cancelled, or nil if nothing was.
    func shutdown() async -> BankDeparture? {
        let (cancelled, tickets) = await bank.shutdownNamingTickets()
        clerks.cancel()
        await clerks.value
        return cancelled.isEmpty ? nil : BankDeparture(cancelled: cancelled, tickets: tickets)
    }
}

/// Whom leaving sent away from the bank: how many, and their tickets.
struct BankDeparture: Sendable, Equatable {
    let cancelled: BankCancellation
    let tickets: [TaskTickets]
}
