import KioskCore
import Testing

@Suite("Command parser")
struct CommandParserTests {
    let registry = SampleCommands.registry

    struct Success: Sendable, CustomTestStringConvertible {
        let line: String
        let command: String
        let values: [String: ParsedValue]
        let flags: Set<String>

        init(_ line: String, _ command: String, _ values: [String: ParsedValue] = [:], flags: Set<String> = []) {
            self.line = line
            self.command = command
            self.values = values
            self.flags = flags
        }

        var testDescription: String { "«\(line)»" }
    }

    static let successes: [Success] = [
        Success("menu", "menu"),
        Success("  menu  ", "menu"),
        Success("order mango", "order", ["juice": .choice("mango")]),
        Success("ORDER Mango 3", "order", ["juice": .choice("mango"), "count": .integer(3)]),
        Success("order mango 99", "order", ["juice": .choice("mango"), "count": .integer(99)]),
        Success("order mango +7", "order", ["juice": .choice("mango"), "count": .integer(7)]),
        Success("order ddalgi", "order", ["juice": .choice("strawberry")]),
        Success("order PINE 2", "order", ["juice": .choice("pineapple"), "count": .integer(2)]),
        Success(
            #"order "strawberry banana" 2"#, "order",
            ["juice": .choice("strawberry-banana"), "count": .integer(2)]),
        Success("order 'Mango Kiwi'", "order", ["juice": .choice("mango-kiwi")]),
        Success(#"order strawberry\ banana"#, "order", ["juice": .choice("strawberry-banana")]),
        Success("stock", "stock"),
        Success("Stock", "stock"),
        Success("stock set kiwi 0", "stock set", ["fruit": .choice("kiwi"), "count": .integer(0)]),
        Success("STOCK ADD MANGO 100", "stock add", ["fruit": .choice("mango"), "count": .integer(100)]),
        Success("stock remove banana 5", "stock remove", ["fruit": .choice("banana"), "count": .integer(5)]),
        Success("stock reset", "stock reset"),
        Success("bank open", "bank open"),
        Success("bank add", "bank add"),
        Success("bank add 5", "bank add", ["count": .integer(5)]),
        Success("bank add loan", "bank add", ["task": .choice("loan")]),
        Success("bank add Deposit", "bank add", ["task": .choice("deposit")]),
        Success("bank add 5 deposit", "bank add", ["count": .integer(5), "task": .choice("deposit")]),
        Success("bank add 1000000", "bank add", ["count": .integer(1_000_000)]),
        Success("sales", "sales"),
        Success("sales --all", "sales", flags: ["all"]),
        Success("sales --ALL", "sales", flags: ["all"]),
        Success("exit", "exit"),
        Success("quit", "exit"),
        Success("QUIT", "exit"),
        Success("help", "help", ["command": .words([])]),
        Success("help order", "help", ["command": .words(["order"])]),
        Success("help stock set", "help", ["command": .words(["stock", "set"])]),
        Success("help --help", "help", ["command": .words(["help"])]),
        Success("help order --help", "help", ["command": .words(["order"])]),
        Success("order --help", "help", ["command": .words(["order"])]),
        Success("order mango 500 --help", "help", ["command": .words(["order"])]),
        Success("stock set --HELP", "help", ["command": .words(["stock", "set"])]),
        Success("bank add -h", "help", ["command": .words(["bank", "add"])]),
        Success("sales --help", "help", ["command": .words(["sales"])]),
        Success("quit --help", "help", ["command": .words(["exit"])]),
        Success("stock --help", "help", ["command": .words(["stock"])]),
        Success("bank --help", "help", ["command": .words(["bank"])]),
        Success("bank opn -h", "help", ["command": .words(["bank"])]),
        Success("--help", "help", ["command": .words([])]),
    ]

    @Test("parses commands, subcommands, aliases and typed arguments", arguments: successes)
    func parses(_ expected: Success) throws {
        let invocation = try #require(try registry.parse(expected.line))
        #expect(invocation.command.spec.name == expected.command)
        #expect(invocation.name == expected.command)
        #expect(ParsedValue.values(of: invocation) == expected.values)
        #expect(invocation.flags == expected.flags)
    }

    @Test("a blank line is no command", arguments: ["", "   ", "\t", " \t \r\n"])
    func blankLine(_ line: String) throws {
        #expect(try registry.parse(line) == nil)
    }

    @Test("words, flags and the command's shape are read from the invocation")
    func accessors() throws {
        let invocation = try #require(try registry.parse("bank add 5 loan"))
        #expect(try invocation[SampleCommands.Keys.customers] == 5)
        #expect(try invocation[SampleCommands.Keys.task] == "loan")
        #expect(invocation.spec.usage == "bank add [count] [deposit|loan]")
        #expect(!invocation[SampleCommands.Keys.all])
        let sales = try #require(try registry.parse("sales --all"))
        #expect(sales[SampleCommands.Keys.all])
        let help = try #require(try registry.parse("help stock set"))
        #expect(try help[CommandRegistry.helpSubject] == ["stock", "set"])
        let overview = try #require(try registry.parse("help"))
        #expect(try overview[CommandRegistry.helpSubject] == [])
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let line: String
        let error: ParseError
        let code: String

        init(_ line: String, _ error: ParseError, _ code: String) {
            self.line = line
            self.error = error
            self.code = code
        }

        var testDescription: String { "«\(line)»" }
    }

    static let juiceIds = ["strawberry", "banana", "kiwi", "pineapple", "strawberry-banana", "mango", "mango-kiwi"]
    static let fruitIds = ["strawberry", "banana", "pineapple", "kiwi", "mango"]
    static let stockSubcommands = ["set", "add", "remove", "reset"]
    static let bankSubcommands = ["open", "add", "status", "wait", "reset"]

    static let failures: [Failure] = [
        // Unknown commands, with "did you mean".
        Failure("ordr mango", .unknownCommand("ordr", suggestion: "order"), "unknown_command"),
        Failure("Stok", .unknownCommand("Stok", suggestion: "stock"), "unknown_command"),
        Failure("qiut", .unknownCommand("qiut", suggestion: "quit"), "unknown_command"),
        Failure("fly", .unknownCommand("fly", suggestion: nil), "unknown_command"),
        Failure("''", .unknownCommand("", suggestion: nil), "unknown_command"),
        Failure("ordr --help", .unknownCommand("ordr", suggestion: "order"), "unknown_command"),
        // Missing and extra arguments, with the usage line.
        Failure("order", .missingArgument(name: "juice", usage: "order <juice> [count]"), "missing_argument"),
        Failure(
            "stock set", .missingArgument(name: "fruit", usage: "stock set <fruit> <count>"), "missing_argument"),
        Failure(
            "stock set mango", .missingArgument(name: "count", usage: "stock set <fruit> <count>"),
            "missing_argument"),
        Failure("stock add mango 5 6", .extraArgument("6", usage: "stock add <fruit> <count>"), "extra_argument"),
        Failure("order mango 2 3", .extraArgument("3", usage: "order <juice> [count]"), "extra_argument"),
        Failure(
            "bank add 5 loan now", .extraArgument("now", usage: "bank add [count] [deposit|loan]"),
            "extra_argument"),
        Failure("sales today", .extraArgument("today", usage: "sales [--all]"), "extra_argument"),
        Failure("bank status now", .extraArgument("now", usage: "bank status"), "extra_argument"),
        // Numbers.
        Failure(
            "order mango lots", .notANumber(name: "count", given: "lots", usage: "order <juice> [count]"),
            "not_a_number"),
        Failure(
            "stock set mango ten", .notANumber(name: "count", given: "ten", usage: "stock set <fruit> <count>"),
            "not_a_number"),
        Failure(
            "stock set mango 1.5", .notANumber(name: "count", given: "1.5", usage: "stock set <fruit> <count>"),
            "not_a_number"),
        Failure(
            "stock set mango ５", .notANumber(name: "count", given: "５", usage: "stock set <fruit> <count>"),
            "not_a_number"),
        Failure("order mango 0", .outOfRange(name: "count", given: "0", range: 1...99), "out_of_range"),
        Failure("order mango 100", .outOfRange(name: "count", given: "100", range: 1...99), "out_of_range"),
        Failure("stock set mango 101", .outOfRange(name: "count", given: "101", range: 0...100), "out_of_range"),
        Failure("stock set mango -1", .outOfRange(name: "count", given: "-1", range: 0...100), "out_of_range"),
        Failure(
            "bank add 99999999999999999999",
            .outOfRange(name: "count", given: "99999999999999999999", range: 1...1_000_000), "out_of_range"),
        Failure(
            "order mango -99999999999999999999",
            .outOfRange(name: "count", given: "-99999999999999999999", range: 1...99), "out_of_range"),
        // Unknown values, with suggestions or the list of choices.
        Failure(
            "order mangoo", .unknownValue(noun: "juice", given: "mangoo", suggestion: "mango", choices: juiceIds),
            "unknown_juice"),
        Failure(
            "order MANGO-KIWII 2",
            .unknownValue(noun: "juice", given: "MANGO-KIWII", suggestion: "mango-kiwi", choices: juiceIds),
            "unknown_juice"),
        Failure(
            "order ddalbaa", .unknownValue(noun: "juice", given: "ddalbaa", suggestion: "ddalba", choices: juiceIds),
            "unknown_juice"),
        Failure(
            "order durian", .unknownValue(noun: "juice", given: "durian", suggestion: nil, choices: juiceIds),
            "unknown_juice"),
        Failure(
            "stock add bananna 5",
            .unknownValue(noun: "fruit", given: "bananna", suggestion: "banana", choices: fruitIds),
            "unknown_fruit"),
        Failure(
            "stock add durian 5", .unknownValue(noun: "fruit", given: "durian", suggestion: nil, choices: fruitIds),
            "unknown_fruit"),
        Failure(
            "bank add 3 lone",
            .unknownValue(noun: "task", given: "lone", suggestion: "loan", choices: ["deposit", "loan"]),
            "unknown_task"),
        Failure(
            "bank add lone",
            .unknownValue(noun: "task", given: "lone", suggestion: "loan", choices: ["deposit", "loan"]),
            "unknown_task"),
        Failure(
            "bank add 3 cash",
            .unknownValue(noun: "task", given: "cash", suggestion: nil, choices: ["deposit", "loan"]),
            "unknown_task"),
        // Subcommands.
        Failure(
            "stock sett mango 1",
            .unknownSubcommand(command: "stock", given: "sett", suggestion: "set", subcommands: stockSubcommands),
            "unknown_subcommand"),
        Failure(
            "stock mango",
            .unknownSubcommand(command: "stock", given: "mango", suggestion: nil, subcommands: stockSubcommands),
            "unknown_subcommand"),
        Failure(
            "bank opn",
            .unknownSubcommand(command: "bank", given: "opn", suggestion: "open", subcommands: bankSubcommands),
            "unknown_subcommand"),
        Failure(
            "BANK Fly 3",
            .unknownSubcommand(command: "bank", given: "Fly", suggestion: nil, subcommands: bankSubcommands),
            "unknown_subcommand"),
        Failure("bank", .missingSubcommand(command: "bank", subcommands: bankSubcommands), "missing_subcommand"),
        Failure("Bank", .missingSubcommand(command: "bank", subcommands: bankSubcommands), "missing_subcommand"),
        // Flags.
        Failure("sales --al", .unknownFlag("--al", usage: "sales [--all]"), "unknown_flag"),
        Failure("order mango --fast", .unknownFlag("--fast", usage: "order <juice> [count]"), "unknown_flag"),
        Failure("stock --all", .unknownFlag("--all", usage: "stock"), "unknown_flag"),
        Failure("sales --", .unknownFlag("--", usage: "sales [--all]"), "unknown_flag"),
        // Quoting.
        Failure("order 'mango", .unterminatedQuote("'", column: 7), "unterminated_quote"),
    ]

    @Test("rejects bad lines with the bad word, what would be accepted, and a stable code", arguments: failures)
    func rejects(_ failure: Failure) {
        let error = #expect(throws: ParseError.self) { try registry.parse(failure.line) }
        #expect(error == failure.error)
        #expect(error?.code == failure.code)
    }

    @Test("a module's command runs its closure; help and quit are answered by the front end")
    func actions() async throws {
        let stock = try #require(try registry.parse("stock set mango 3"))
        guard case .perform(let run) = stock.command.action else {
            Issue.record("'stock set' should be performed by its module")
            return
        }
        #expect(try await run(stock) as? SampleCommands.Ran == SampleCommands.Ran(command: "stock set"))

        let help = try #require(try registry.parse("order --help"))
        guard case .help = help.command.action else {
            Issue.record("'order --help' should be answered by help")
            return
        }
        guard case .command(let spec, _) = try registry.helpTopic(for: help[CommandRegistry.helpSubject] ?? []) else {
            Issue.record("'order --help' should explain one command")
            return
        }
        #expect(spec.name == "order")

        let quit = try #require(try registry.parse("quit"))
        guard case .quit = quit.command.action else {
            Issue.record("'quit' should leave")
            return
        }
        #expect(try registry.parse("   ") == nil)
    }

    @Test("a later command with the same name replaces the earlier one")
    func reregistration() async throws {
        var registry = CommandRegistry()
        registry.register(Command(CommandSpec(path: ["ping"], topic: .help)) { _ in SampleCommands.Ran(command: "1") })
        registry.register(Command(CommandSpec(path: ["ping"], topic: .help)) { _ in SampleCommands.Ran(command: "2") })
        #expect(registry.commands.map(\.spec.name) == ["help", "ping"])
        let ping = try #require(try registry.parse("ping"))
        guard case .perform(let run) = ping.command.action else {
            Issue.record("'ping' should be performed by its module")
            return
        }
        #expect(try await run(ping) as? SampleCommands.Ran == SampleCommands.Ran(command: "2"))
    }

    @Test("usage lines spell out small choice sets and mark optional arguments and flags")
    func usageLines() {
        let usages = Dictionary(uniqueKeysWithValues: SampleCommands.specs.map { ($0.name, $0.usage) })
        #expect(usages["order"] == "order <juice> [count]")
        #expect(usages["stock set"] == "stock set <fruit> <count>")
        #expect(usages["bank add"] == "bank add [count] [deposit|loan]")
        #expect(usages["sales"] == "sales [--all]")
        #expect(usages["stock"] == "stock")
    }
}

@Suite struct CommandRunAtOnceTests {
    struct Echo: CommandOutcome, Equatable {
        let name: String
    }

    @Test("a command whose closure never waits runs at once, and through its action alike")
    func neverWaits() async throws {
        let command = Command(CommandSpec(path: ["ping"], topic: .help)) { invocation in Echo(name: invocation.name) }
        let invocation = Invocation(command: command)
        let runAtOnce = try #require(command.runAtOnce)
        #expect(try runAtOnce(invocation) as? Echo == Echo(name: "ping"))
        guard case .perform(let run) = command.action else {
            Issue.record("'ping' should be performed by its module")
            return
        }
        #expect(try await run(invocation) as? Echo == Echo(name: "ping"))
    }

    @Test("a command whose closure may wait is run only through its action")
    func mayWait() async throws {
        let command = Command(CommandSpec(path: ["ping"], topic: .help)) { invocation in
            await Task.yield()
            return Echo(name: invocation.name)
        }
        #expect(command.runAtOnce == nil)
        guard case .perform(let run) = command.action else {
            Issue.record("'ping' should be performed by its module")
            return
        }
        #expect(try await run(Invocation(command: command)) as? Echo == Echo(name: "ping"))
    }
}
