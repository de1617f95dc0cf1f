import KioskCore
import Testing

@Suite("Command parser")
struct CommandParserTests {
    let registry = SampleCommands.registry

    struct Success: Sendable, CustomTestStringConvertible {
        let line: String
        let command: String
        let values: [String: Invocation.Value]
        let flags: Set<String>

        init(_ line: String, _ command: String, _ values: [String: Invocation.Value] = [:], flags: Set<String> = []) {
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
        #expect(invocation.command == expected.command)
        #expect(invocation.values == expected.values)
        #expect(invocation.flags == expected.flags)
    }

    @Test("a blank line is no command", arguments: ["", "   ", "\t", " \t \r\n"])
    func blankLine(_ line: String) throws {
        #expect(try registry.parse(line) == nil)
    }

    @Test("typed accessors read the parsed values")
    func accessors() throws {
        let invocation = try #require(try registry.parse("bank add 5 loan"))
        #expect(invocation.integer("count") == 5)
        #expect(invocation.choice("task") == "loan")
        #expect(invocation.choice("count") == nil)
        #expect(invocation.integer("missing") == nil)
        #expect(!invocation.has(flag: "all"))
        let sales = try #require(try registry.parse("sales --all"))
        #expect(sales.has(flag: "all"))
        let help = try #require(try registry.parse("help stock set"))
        #expect(help.words("command") == ["stock", "set"])
        #expect(help.words("other") == [])
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let line: String
        let code: String
        let message: String

        init(_ line: String, _ code: String, _ message: String) {
            self.line = line
            self.code = code
            self.message = message
        }

        var testDescription: String { "«\(line)»" }
    }

    static let failures: [Failure] = [
        // Unknown commands, with "did you mean".
        Failure("ordr mango", "unknown_command", "Unknown command 'ordr'. Did you mean 'order'?"),
        Failure("Stok", "unknown_command", "Unknown command 'Stok'. Did you mean 'stock'?"),
        Failure("qiut", "unknown_command", "Unknown command 'qiut'. Did you mean 'quit'?"),
        Failure("fly", "unknown_command", "Unknown command 'fly'. Type 'help' to list commands."),
        Failure("''", "unknown_command", "Unknown command ''. Type 'help' to list commands."),
        Failure("ordr --help", "unknown_command", "Unknown command 'ordr'. Did you mean 'order'?"),
        // Missing and extra arguments, with the usage line.
        Failure("order", "missing_argument", "Missing <juice>. Usage: order <juice> [count]"),
        Failure("stock set", "missing_argument", "Missing <fruit>. Usage: stock set <fruit> <count>"),
        Failure("stock set mango", "missing_argument", "Missing <count>. Usage: stock set <fruit> <count>"),
        Failure(
            "stock add mango 5 6", "extra_argument", "Unexpected argument '6'. Usage: stock add <fruit> <count>"),
        Failure("order mango 2 3", "extra_argument", "Unexpected argument '3'. Usage: order <juice> [count]"),
        Failure(
            "bank add 5 loan now", "extra_argument",
            "Unexpected argument 'now'. Usage: bank add [count] [deposit|loan]"),
        Failure("sales today", "extra_argument", "Unexpected argument 'today'. Usage: sales [--all]"),
        Failure("bank status now", "extra_argument", "Unexpected argument 'now'. Usage: bank status"),
        // Numbers.
        Failure(
            "order mango lots", "not_a_number",
            "<count> must be a whole number, not 'lots'. Usage: order <juice> [count]"),
        Failure(
            "stock set mango ten", "not_a_number",
            "<count> must be a whole number, not 'ten'. Usage: stock set <fruit> <count>"),
        Failure(
            "stock set mango 1.5", "not_a_number",
            "<count> must be a whole number, not '1.5'. Usage: stock set <fruit> <count>"),
        Failure(
            "stock set mango ５", "not_a_number",
            "<count> must be a whole number, not '５'. Usage: stock set <fruit> <count>"),
        Failure("order mango 0", "out_of_range", "<count> must be between 1 and 99, not 0."),
        Failure("order mango 100", "out_of_range", "<count> must be between 1 and 99, not 100."),
        Failure("stock set mango 101", "out_of_range", "<count> must be between 0 and 100, not 101."),
        Failure("stock set mango -1", "out_of_range", "<count> must be between 0 and 100, not -1."),
        Failure(
            "bank add 99999999999999999999", "out_of_range",
            "<count> must be between 1 and 1000000, not 99999999999999999999."),
        Failure(
            "order mango -99999999999999999999", "out_of_range",
            "<count> must be between 1 and 99, not -99999999999999999999."),
        // Unknown values, with suggestions or the list of choices.
        Failure("order mangoo", "unknown_juice", "Unknown juice 'mangoo'. Did you mean 'mango'?"),
        Failure("order MANGO-KIWII 2", "unknown_juice", "Unknown juice 'MANGO-KIWII'. Did you mean 'mango-kiwi'?"),
        Failure("order ddalbaa", "unknown_juice", "Unknown juice 'ddalbaa'. Did you mean 'ddalba'?"),
        Failure(
            "order durian", "unknown_juice",
            "Unknown juice 'durian'. Choose one of: strawberry, banana, kiwi, pineapple, strawberry-banana, mango, mango-kiwi."
        ),
        Failure("stock add bananna 5", "unknown_fruit", "Unknown fruit 'bananna'. Did you mean 'banana'?"),
        Failure(
            "stock add durian 5", "unknown_fruit",
            "Unknown fruit 'durian'. Choose one of: strawberry, banana, pineapple, kiwi, mango."),
        Failure("bank add 3 lone", "unknown_task", "Unknown task 'lone'. Did you mean 'loan'?"),
        Failure("bank add lone", "unknown_task", "Unknown task 'lone'. Did you mean 'loan'?"),
        Failure("bank add 3 cash", "unknown_task", "Unknown task 'cash'. Choose one of: deposit, loan."),
        // Subcommands.
        Failure(
            "stock sett mango 1", "unknown_subcommand",
            "Unknown subcommand 'sett' for 'stock'. Did you mean 'stock set'?"),
        Failure(
            "stock mango", "unknown_subcommand",
            "Unknown subcommand 'mango' for 'stock'. Use one of: set, add, remove, reset."),
        Failure("bank opn", "unknown_subcommand", "Unknown subcommand 'opn' for 'bank'. Did you mean 'bank open'?"),
        Failure(
            "BANK Fly 3", "unknown_subcommand",
            "Unknown subcommand 'Fly' for 'bank'. Use one of: open, add, status, wait, reset."),
        Failure("bank", "missing_subcommand", "'bank' needs one of: open, add, status, wait, reset. Try 'help bank'."),
        Failure("Bank", "missing_subcommand", "'bank' needs one of: open, add, status, wait, reset. Try 'help bank'."),
        // Flags.
        Failure("sales --al", "unknown_flag", "Unknown option '--al'. Usage: sales [--all]"),
        Failure("order mango --fast", "unknown_flag", "Unknown option '--fast'. Usage: order <juice> [count]"),
        Failure("stock --all", "unknown_flag", "Unknown option '--all'. Usage: stock"),
        Failure("sales --", "unknown_flag", "Unknown option '--'. Usage: sales [--all]"),
        // Quoting.
        Failure("order 'mango", "unterminated_quote", "Unterminated ' quote starting at column 7. Close it with '."),
    ]

    @Test("rejects bad lines with the sentence the user reads and a stable code", arguments: failures)
    func rejects(_ failure: Failure) {
        let error = #expect(throws: ParseError.self) { try registry.parse(failure.line) }
        #expect(error?.code == failure.code)
        #expect(error?.description == failure.message)
    }

    @Test("errors carry their JSON details")
    func errorDetails() throws {
        let unknownJuice = #expect(throws: ParseError.self) { try registry.parse("order mangoo") }
        #expect(
            unknownJuice?.json.serialized()
                == #"{"type":"error","code":"unknown_juice","juice":"mangoo","suggestion":"mango","message":"Unknown juice 'mangoo'. Did you mean 'mango'?"}"#
        )
        let outOfRange = #expect(throws: ParseError.self) { try registry.parse("order mango 100") }
        #expect(
            outOfRange?.details == [
                JSONField("argument", "count"), JSONField("given", "100"), JSONField("min", 1), JSONField("max", 99),
            ])
        let unknownCommand = #expect(throws: ParseError.self) { try registry.parse("ordr") }
        #expect(unknownCommand?.details == [JSONField("command", "ordr"), JSONField("suggestion", "order")])
    }

    @Test("running a parsed line calls the command's closure; help is answered by the registry")
    func execute() async throws {
        let stock = try await registry.execute("stock set mango 3")
        #expect(stock?.command == "stock set")
        let help = try await registry.execute("order --help")
        #expect(help?.command == "help")
        #expect(help?.fields.first == JSONField("name", "order"))
        #expect(try await registry.execute("   ") == nil)
    }

    @Test("a later command with the same name replaces the earlier one")
    func reregistration() async throws {
        var registry = CommandRegistry()
        registry.register(Command(CommandSpec(path: ["ping"], summary: "first")) { _ in CommandResult(command: "1") })
        registry.register(Command(CommandSpec(path: ["ping"], summary: "second")) { _ in CommandResult(command: "2") })
        #expect(registry.commands.map(\.spec.name) == ["help", "ping"])
        #expect(try await registry.execute("ping")?.command == "2")
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
