import KioskCore
import Testing

@Suite("Help")
struct HelpTests {
    let registry = SampleCommands.registry

    /// The topic of `line`, which must parse to `help`.
    func topic(_ line: String) throws -> CommandRegistry.HelpTopic {
        let invocation = try #require(try registry.parse(line))
        #expect(invocation.command.spec.name == "help")
        return try registry.helpTopic(for: invocation[CommandRegistry.helpSubject] ?? [])
    }

    @Test("'help' is the overview of every command, help first, each with its usage")
    func overview() throws {
        guard case .overview(let specs) = try topic("help") else {
            Issue.record("'help' should give the overview")
            return
        }
        #expect(specs.map(\.name) == ["help"] + SampleCommands.specs.map(\.name))
        #expect(specs.first?.usage == "help [command]")
        #expect(specs.map(\.usage).contains("order <juice> [count]"))
        #expect(specs.count == SampleCommands.specs.count + 1)
    }

    @Test("'help order' is the command, with its usage, arguments and examples")
    func command() throws {
        guard case .command(let spec, let subcommands) = try topic("help order") else {
            Issue.record("'help order' should explain one command")
            return
        }
        #expect(spec.name == "order")
        #expect(spec.usage == "order <juice> [count]")
        #expect(spec.arguments.map(\.name) == ["juice", "count"])
        #expect(spec.arguments.map(\.isOptional) == [false, true])
        guard case .choice(let juices) = spec.arguments.first?.kind,
            case .integer(let range) = spec.arguments.last?.kind
        else {
            Issue.record("order takes a juice and a count")
            return
        }
        #expect(juices.noun == "juice")
        #expect(
            juices.ids == ["strawberry", "banana", "kiwi", "pineapple", "strawberry-banana", "mango", "mango-kiwi"])
        #expect(range == 1...99)
        #expect(spec.examples == ["order mango", "order strawberry-banana 2", "order \"strawberry banana\""])
        #expect(subcommands.isEmpty)
    }

    @Test(
        "'help stock set' explains a subcommand; words are case-insensitive",
        arguments: ["help stock set", "help STOCK Set", "stock set --help"])
    func subcommand(_ line: String) throws {
        guard case .command(let spec, let subcommands) = try topic(line) else {
            Issue.record("'\(line)' should explain one command")
            return
        }
        #expect(spec.name == "stock set")
        #expect(spec.usage == "stock set <fruit> <count>")
        #expect(subcommands.isEmpty)
    }

    @Test("'help stock' is the command with its subcommands")
    func commandWithSubcommands() throws {
        guard case .command(let spec, let subcommands) = try topic("help stock") else {
            Issue.record("'help stock' should explain one command")
            return
        }
        #expect(spec.usage == "stock")
        #expect(subcommands.map(\.name) == ["stock set", "stock add", "stock remove", "stock reset"])
        #expect(subcommands.map(\.usage).contains("stock set <fruit> <count>"))
    }

    @Test(
        "'help bank' is the group of bank commands, and so is 'bank --help'", arguments: ["help bank", "bank --help"])
    func group(_ line: String) throws {
        guard case .group(let path, let specs) = try topic(line) else {
            Issue.record("'\(line)' should list a group")
            return
        }
        #expect(path == ["bank"])
        #expect(specs.map(\.name) == ["bank open", "bank add", "bank status", "bank wait", "bank reset"])
    }

    @Test("'help quit' explains the command the alias names, which lists its aliases")
    func alias() throws {
        guard case .command(let spec, _) = try topic("help quit") else {
            Issue.record("'help quit' should explain one command")
            return
        }
        #expect(spec.name == "exit")
        #expect(spec.aliases == ["quit"])
    }

    @Test("'help --help' explains help itself")
    func helpOfHelp() throws {
        guard case .command(let spec, _) = try topic("help --help") else {
            Issue.record("'help --help' should explain one command")
            return
        }
        #expect(spec.name == "help")
        #expect(spec.usage == "help [command]")
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let words: [String]
        let error: ParseError
        var testDescription: String { "help \(words.joined(separator: " "))" }
    }

    static let failures: [Failure] = [
        Failure(words: ["nope"], error: .unknownCommand("nope", suggestion: nil)),
        Failure(words: ["ordr"], error: .unknownCommand("ordr", suggestion: "order")),
        Failure(words: ["stock", "sett"], error: .unknownCommand("stock sett", suggestion: "stock set")),
    ]

    @Test("'help' of an unknown command is an unknown_command error", arguments: failures)
    func unknown(_ failure: Failure) throws {
        #expect(throws: failure.error) { try registry.helpTopic(for: failure.words) }
        let error = #expect(throws: ParseError.self) {
            try topic("help " + failure.words.joined(separator: " "))
        }
        #expect(error == failure.error)
        #expect(error?.code == "unknown_command")
    }
}
