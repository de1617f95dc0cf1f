import Bank
import JuiceMaker
import KioskCore

/// One running kiosk: the config, the bus, the modules and the registry of their commands,
/// built once and passed to whichever front end (REPL or script runner) drives it.
final class Session: Sendable {
    let config: KioskConfig
    /// Where the config came from, for the banner and `--help`.
    let configOrigin: ConfigLoader.Origin
    let bus: EventBus<KioskEvent>
    let registry: CommandRegistry
    let storage: StorageModule
    let juiceShop: JuiceShopModule
    let bank: BankModule

    /// Loads the config and wires the modules.
    /// - Parameters:
    ///   - frontEndCommands: commands the front end answers itself (`history`, `quit`),
    ///     registered after the modules' so that `help` lists them last.
    /// - Throws: ``ConfigError`` for a bad config, `StorageError` when the database cannot be used.
    init(options: SessionOptions, frontEndCommands: [Command] = []) async throws {
        var loaded = try ConfigLoader.load(explicitPath: options.configPath, environment: options.environment)
        if let preset = options.preset {
            loaded = try ConfigLoader.applying(preset: preset, to: loaded)
        }
        config = loaded.config
        configOrigin = loaded.origin
        let bus = EventBus<KioskEvent>()
        self.bus = bus
        let menu = Menu(config: loaded.config)
        storage = try StorageModule(menu: menu, options: options)
        juiceShop = try JuiceShopModule(menu: menu, bus: bus, storage: storage)
        bank = BankModule(config: loaded.config, bus: bus, options: options, history: storage.sessions)
        var registry = CommandRegistry()
        registry.register(contentsOf: juiceShop.commands)
        registry.register(contentsOf: bank.commands)
        registry.register(contentsOf: frontEndCommands)
        self.registry = registry
    }

    /// Parses one line without its trailing comment (`order banana # table 3`); a blank
    /// line or a comment alone yields nil.
    /// - Throws: a ``ParseError`` naming the bad word and the fix.
    func parse(_ line: String) throws(ParseError) -> Invocation? {
        let code = Tokenizer.withoutComment(line)
        return try registry.parse(code.endIndex == line.endIndex ? line : String(code))
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
    /// Runs a parsed line: a module's command, `help` from the registry, or `quit`.
    /// - Throws: the module's own error, or a ``ParseError`` for `help` about nothing.
    func run(_ invocation: Invocation) async throws -> Step {
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
}
