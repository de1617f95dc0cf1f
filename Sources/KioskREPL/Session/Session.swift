import Bank
import JuiceMaker
import KioskCore
import Synchronization

/// One running kiosk: the config, the bus, the modules and the registry of their commands,
/// built once and passed to whichever front end (REPL or script runner) drives it.
///
/// The bank alone can be built again while the session runs (`bank preset NAME`): then the
/// config, the bank module and the registry change together, as one.
final class Session: Sendable {
    /// Where the config came from, for the banner and `--help`.
    let configOrigin: ConfigLoader.Origin
    let bus: EventBus<KioskEvent>
    let storage: StorageModule
    let juiceShop: JuiceShopModule
    private let options: SessionOptions
    private let frontEndCommands: [Command]
    private let current: Mutex<Current>
    /// Called with the new config whenever the bank is built again (the presenter's names).
    private let bankChanges = Mutex<[@Sendable (KioskConfig) -> Void]>([])
    /// What runs between runs of services in virtual time, given again to a new bank.
    private let pacer = Mutex<Bank.Pacer?>(nil)

    /// What `bank preset` changes, together.
    private struct Current {
        var loaded: ConfigLoader.Loaded
        var bank: BankModule
        var registry: CommandRegistry
        /// Counts the registries in force, so that a line parsed against one is never kept
        /// for another.
        var generation = 0
        /// The last line parsed whose invocation may be given again for the same line
        /// (``Invocation/isReusable``): a script sends the same order line after line.
        var lastLine: (line: String, invocation: Invocation)?
    }

    /// The config, with the bank's setup in force now.
    var config: KioskConfig { current.withLock { $0.loaded.config } }
    /// The bank in force now.
    var bank: BankModule { current.withLock { $0.bank } }
    /// Every command, the bank's as it is now.
    var registry: CommandRegistry { current.withLock { $0.registry } }
    /// The bank preset in force (`--preset`, or the last `bank preset NAME`); nil for the config's own bank.
    var preset: String? { current.withLock { $0.loaded.origin.preset } }

    /// Loads the config and wires the modules.
    /// - Parameters:
    ///   - frontEndCommands: commands the front end answers itself (`history`, `quit`),
    ///     registered after the modules' so that `help` lists them last.
    /// - Throws: ``ConfigError`` for a bad config, `StorageError` when the database cannot be used.
    init(options: SessionOptions, frontEndCommands: [Command] = []) async throws {
        var loaded = try ConfigLoader.load(
            explicitPath: options.configPath, environment: options.environment, bankFromPreset: options.preset != nil)
        if let preset = options.preset {
            loaded = try ConfigLoader.applying(preset: preset, to: loaded)
        }
        configOrigin = loaded.origin
        let bus = EventBus<KioskEvent>()
        self.bus = bus
        let menu = Menu(config: loaded.config)
        storage = try StorageModule(menu: menu, options: options)
        juiceShop = try JuiceShopModule(menu: menu, bus: bus, storage: storage)
        self.options = options
        self.frontEndCommands = frontEndCommands
        let bank = BankModule(config: loaded.config, bus: bus, options: options, history: storage.sessions)
        current = Mutex(Current(loaded: loaded, bank: bank, registry: CommandRegistry()))
        let registry = makeRegistry(bank: bank)
        current.withLock { $0.registry = registry }
    }

    /// The commands of the shop, of `bank`, `bank preset`, and the front end's, in that order.
    private func makeRegistry(bank: BankModule) -> CommandRegistry {
        var registry = CommandRegistry()
        registry.register(contentsOf: juiceShop.commands)
        registry.register(contentsOf: bank.commands)
        registry.register(
            BankPresetCommand.command { [weak self] name in
                guard let self else { return BankPresetOutcome(preset: nil, changed: false, places: []) }
                return try await self.usePreset(name)
            })
        registry.register(contentsOf: frontEndCommands)
        return registry
    }

    /// `bank preset [NAME]`: names the preset in force, or builds the bank again from preset
    /// `name`, exactly as `--preset NAME` at start does (the same seed, a new session in the
    /// same log), once the bank in force is idle.
    /// - Throws: ``BankError/notIdle(waiting:inService:toArrive:)`` while anyone is waiting,
    ///   in service or still to arrive; ``ConfigError`` if the preset cannot be read.
    private func usePreset(_ name: String?) async throws -> BankPresetOutcome {
        guard let name else {
            return BankPresetOutcome(preset: preset, changed: false, places: config.bank.places)
        }
        let loaded = try ConfigLoader.applying(preset: name, to: current.withLock { $0.loaded })
        let old = bank
        try await old.retire()
        let bank = BankModule(config: loaded.config, bus: bus, options: options, history: storage.sessions)
        if let pacer = pacer.withLock({ $0 }) { await bank.pace(with: pacer) }
        let registry = makeRegistry(bank: bank)
        current.withLock {
            $0 = Current(loaded: loaded, bank: bank, registry: registry, generation: $0.generation + 1)
        }
        for observer in bankChanges.withLock({ $0 }) { observer(loaded.config) }
        return BankPresetOutcome(preset: name, changed: true, places: loaded.config.bank.places)
    }

    /// Calls `observer` with the new config each time the bank is built again.
    func onBankChange(_ observer: @escaping @Sendable (KioskConfig) -> Void) {
        bankChanges.withLock { $0.append(observer) }
    }

    /// Makes a bank in virtual time wait for `pacer` between runs of services, this bank and
    /// any built later (see ``Bank/pace(with:)``).
    func pace(with pacer: @escaping Bank.Pacer) async {
        self.pacer.withLock { $0 = pacer }
        await bank.pace(with: pacer)
    }

    /// Parses one line without its trailing comment (`order banana # table 3`); a blank
    /// line or a comment alone yields nil.
    /// - Throws: a ``ParseError`` naming the bad word and the fix.
    func parse(_ line: String) throws(ParseError) -> Invocation? {
        let found = current.withLock { current -> KeptLine in
            if let last = current.lastLine, last.line == line { return .kept(last.invocation) }
            return .parse(current.registry, generation: current.generation)
        }
        let registry: CommandRegistry
        let generation: Int
        switch found {
        case .kept(let invocation): return invocation
        case .parse(let inForce, let number): (registry, generation) = (inForce, number)
        }
        let code = Tokenizer.withoutComment(line)
        let invocation = try registry.parse(code.endIndex == line.endIndex ? line : String(code))
        if let invocation, invocation.isReusable {
            current.withLock { current in
                if current.generation == generation { current.lastLine = (line, invocation) }
            }
        }
        return invocation
    }

    /// The invocation kept for a line, or the registry to parse it against.
    private enum KeptLine {
        case kept(Invocation)
        case parse(CommandRegistry, generation: Int)
    }

    /// Lets work in progress (customers still at the bank) finish; called at end of input.
    func finishPendingWork() async {
        await bank.finishPendingWork()
    }

    /// Stops background work at once (the REPL quitting); returns what was cancelled, if anything.
    func shutdown() async -> BankDeparture? {
        let cancelled = await bank.shutdown()
        storage.close()
        return cancelled
    }
}

/// What the front end does with a parsed line.
enum Step: Sendable {
    /// A module's command ran: show its outcome.
    case outcome(any CommandOutcome)
    /// The line asks to leave.
    case quit
}

extension Session {
    /// Runs a parsed line: a module's command, `help` from the registry, or `quit`. Runs on
    /// the caller's executor (the command thread): a hop for every line of a script costs a
    /// good part of an order's own work.
    /// - Throws: the module's own error, or a ``ParseError`` for `help` about nothing.
    nonisolated(nonsending) func run(_ invocation: Invocation) async throws -> Step {
        switch invocation.command.action {
        case .perform(let run):
            return .outcome(try await run(invocation))
        case .help:
            return .outcome(
                HelpOutcome(topic: try registry.helpTopic(for: invocation[CommandRegistry.helpSubject] ?? [])))
        case .quit:
            return .quit
        }
    }

    /// Runs a parsed line at once when its command never waits (``Command/runAtOnce``: an
    /// order, `stock`); nil for any other line, which ``run(_:)`` runs.
    /// - Throws: the module's own error.
    func runAtOnce(_ invocation: Invocation) throws -> Step? {
        guard let run = invocation.command.runAtOnce else { return nil }
        return .outcome(try run(invocation))
    }
}
