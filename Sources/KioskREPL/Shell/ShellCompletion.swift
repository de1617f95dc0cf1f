import Bank
import JuiceMaker
import KioskCore

/// Completes kiosk's own commands for a shell's completion script: the text of `-c` and
/// the words after the flags, with the juices, fruits and tasks of the config in use.
///
/// It builds the same registry a session does, on in-memory stand-ins for the storage
/// (completion reads no database and writes nothing), from the config the command line
/// names, `$KIOSK_CONFIG`, or the usual places.
public enum ShellCompletion {
    /// The registry of a session on `configPath` (or the config the environment names),
    /// nil when that config cannot be read.
    static func registry(configPath: String?, environment: [String: String]) -> CommandRegistry? {
        guard let loaded = try? ConfigLoader.load(explicitPath: configPath, environment: environment) else {
            return nil
        }
        let bus = EventBus<KioskEvent>()
        let menu = Menu(config: loaded.config)
        let stock = menu.initialStock
        let fruitStore = FruitStore(
            menu: menu, store: InMemoryInventoryStore(stock), bus: bus, startingStock: stock)
        let bank = Bank(setup: loaded.config.bank, clock: ContinuousClock(), bus: bus)
        var registry = CommandRegistry()
        let maker = JuiceMaker(fruitStore: fruitStore, ledger: InMemorySalesLedger())
        registry.register(contentsOf: maker.commands + [SalesExportCommand.command(maker: maker)])
        registry.register(
            contentsOf: bank.commands() + [BankExportCommand.command(bank: bank)])
        // Completion and help only read its spec: it never runs here.
        registry.register(BankPresetCommand.command { _ in BankPresetOutcome(preset: nil, changed: false, places: []) })
        registry.register(contentsOf: FrontEndCommands.all(historyEntries: { [] }))
        return registry
    }

    /// Candidates for the last word of `line`, a kiosk command typed so far
    /// (`"order ma"` gives `mango`, `mango-kiwi`, ...).
    /// - Parameters:
    ///   - configPath: the `--config` given on the command line, if any.
    ///   - environment: the process environment.
    public static func words(forLine line: String, configPath: String?, environment: [String: String]) -> [String] {
        let candidates = registry(configPath: configPath, environment: environment)?.completions(forLine: line) ?? []
        return ShellWords.forShell(candidates, environment: environment)
    }

    /// Candidates for a whole `-c` value as the shell holds it (`'order ma`, quotes and
    /// all): each candidate is the value with its last word completed, so the shell
    /// replaces the word it completes with the command as a whole.
    public static func commandLines(forShellWord word: String, configPath: String?, environment: [String: String])
        -> [String]
    {
        var text = word
        var quote = ""
        if let first = text.first, first == "'" || first == "\"" {
            quote = String(first)
            text.removeFirst()
        }
        let head: String
        if let space = text.lastIndex(where: { $0 == " " }) {
            head = String(text[...space])
        } else {
            head = ""
        }
        let candidates = registry(configPath: configPath, environment: environment)?.completions(forLine: text) ?? []
        // bash matches the word it completes with its quotes removed, so it is given the
        // value without the opening quote; its readline puts the quote back.
        let opening = ShellWords.shell(environment) == .bash ? "" : quote
        return ShellWords.forShell(candidates.map { opening + head + $0 }, environment: environment)
    }
}
