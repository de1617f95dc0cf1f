import Bank
import KioskCore
import Testing

@testable import KioskREPL

/// `bank preset`: completion offers the presets' names, and a presenter takes the new bank's
/// names in every copy of it.
@Suite("Bank preset command")
struct BankPresetCommandTests {
    static let registry: CommandRegistry = {
        var registry = CommandRegistry()
        registry.register(
            BankPresetCommand.command { name in
                BankPresetOutcome(preset: name, changed: name != nil, places: [])
            })
        return registry
    }()

    @Test("completion offers every preset's name, and those that start with what was typed")
    func completion() {
        #expect(Self.registry.completions(forLine: "bank preset ") == BankPresets.names + ["클래식"])
        #expect(Self.registry.completions(forLine: "bank preset 클") == ["클래식"])
        #expect(Self.registry.completions(forLine: "bank preset 2021") == ["2021-01", "2021-05"])
        #expect(
            Completer(registry: Self.registry).matches(textBeforeCursor: "bank preset cl", word: "cl") == ["classic"])
    }

    @Test("the preset named is handed to the command; none named is nil")
    func parsing() async throws {
        for (line, preset) in [("bank preset", nil), ("bank preset 2021-05", "2021-05")] as [(String, String?)] {
            let invocation = try #require(try Self.registry.parse(line))
            guard case .perform(let run) = invocation.command.action else {
                Issue.record("bank preset does not run")
                return
            }
            let outcome = try #require(try await run(invocation) as? BankPresetOutcome)
            #expect(outcome.preset == preset)
        }
        #expect(throws: ParseError.self) { try Self.registry.parse("bank preset 2021-5") }
    }

    @Test("a presenter adopts the new bank's names, and so does every copy of it")
    func presenterAdopts() throws {
        let presenter = Presenter(language: .english, config: KioskConfig.builtIn)
        let copy = presenter
        #expect(presenter.names.desk("head-office") == "head-office")
        let setup = try #require(try BankPresets.setup(named: "2021-05"))
        presenter.adopt(
            KioskConfig(fruits: KioskConfig.builtIn.fruits, juices: KioskConfig.builtIn.juices, bank: setup))
        #expect(copy.names.desk("head-office") == "Head Office")
        #expect(copy.names.hasGrades)
        #expect(copy.bank.places.map(\.id) == ["counter", "head-office"])
    }
}
