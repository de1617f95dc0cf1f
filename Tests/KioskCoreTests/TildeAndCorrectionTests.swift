import KioskCore
import Testing

/// `~` at the start of a path argument, expanded as a shell does, and corrections that
/// never name a command that ends or erases something.
@Suite struct TildeAndCorrectionTests {
    struct Ran: CommandOutcome {}

    static let file = ArgumentKey.required("file", .path)
    static let note = ArgumentKey.optional("note", .text)

    /// `save <file> [note]`, `sales export <file>`, `bank export <file>`, and the commands
    /// that end or erase something.
    static let registry: CommandRegistry = {
        var registry = CommandRegistry()
        let perform: @Sendable (Invocation) async throws -> any CommandOutcome = { _ in Ran() }
        registry.register(
            contentsOf: [
                Command(
                    CommandSpec(path: ["save"], topic: .bankExport, arguments: [file.spec, note.spec]), run: perform),
                Command(CommandSpec(path: ["sales"], topic: .sales), run: perform),
                Command(
                    CommandSpec(path: ["sales", "export"], topic: .salesExport, arguments: [file.spec]), run: perform),
                Command(CommandSpec(path: ["bank", "open"], topic: .bankOpen), run: perform),
                Command(
                    CommandSpec(path: ["bank", "export"], topic: .bankExport, arguments: [file.spec]), run: perform),
                Command(CommandSpec(path: ["bank", "reset"], topic: .bankReset, destructive: true), run: perform),
                Command(CommandSpec(path: ["stock", "set"], topic: .stockSet), run: perform),
                Command(CommandSpec(path: ["stock", "reset"], topic: .stockReset, destructive: true), run: perform),
                Command(CommandSpec(path: ["quit"], topic: .quit, aliases: ["exit"], destructive: true), action: .quit),
                Command(CommandSpec(path: ["events"], topic: .events), run: perform),
            ])
        return registry
    }()

    @Test(
        "a word starts with a ~ a shell expands only when the ~ and what follows up to the first / are unquoted",
        arguments: [
            ("~", true), ("~/a.csv", true), ("~bob/a.csv", true), (#"~/"a b".csv"#, true), ("~'/a'", false),
            (#""~"/a.csv"#, false), ("'~/a.csv'", false), (#"\~/a.csv"#, false), (#"~"bob"/a"#, false),
            ("a~/b", false), ("./~", false), ("~é/x", true),
        ])
    func tildeIsUnquoted(word: String, expands: Bool) throws {
        let tokens = try Tokenizer.tokenize("save \(word) next")
        #expect(tokens.map(\.expandsTilde) == [false, expands, false])
    }

    @Test("expansion puts the home directory, a user's home, or leaves the word as it is")
    func expansion() throws {
        #expect(try TildeExpansion.expand("~", home: "/home/ann") == "/home/ann")
        #expect(try TildeExpansion.expand("~/day.csv", home: "/home/ann") == "/home/ann/day.csv")
        #expect(try TildeExpansion.expand("~/day.csv", home: "/") == "/day.csv")
        #expect(try TildeExpansion.expand("~/", home: "/home/ann/") == "/home/ann/")
        #expect(try TildeExpansion.expand("day.csv", home: "/home/ann") == "day.csv")
        #expect(try TildeExpansion.expand("~root/x", home: "/home/ann") == "/root/x")
        #expect(throws: ParseError.unknownUser("no-such-user-kiosk", given: "~no-such-user-kiosk/x")) {
            try TildeExpansion.expand("~no-such-user-kiosk/x", home: "/home/ann")
        }
    }

    @Test("a path argument expands its ~, a text argument and a quoted ~ keep it")
    func pathArgument() throws {
        let home = try #require(TildeExpansion.environmentHome())
        let invocation = try #require(try Self.registry.parse("save ~/a.csv ~/note"))
        #expect(try invocation[Self.file] == home + "/a.csv")
        #expect(try invocation[Self.note] == "~/note")
        let quoted = try #require(try Self.registry.parse(#"save "~/a.csv""#))
        #expect(try quoted[Self.file] == "~/a.csv")
        let plain = try #require(try Self.registry.parse("sales export ~"))
        #expect(try plain[Self.file] == home)
        #expect(throws: ParseError.unknownUser("nobody-kiosk-test", given: "~nobody-kiosk-test")) {
            try Self.registry.parse("bank export ~nobody-kiosk-test")
        }
    }

    @Test(
        "corrections name commands that neither end nor erase anything",
        arguments: [
            ("export", ParseError.commandOfGroups("export", commands: ["sales export", "bank export"])),
            ("exprot", .commandOfGroups("exprot", commands: ["sales export", "bank export"])),
            ("open", .unknownCommand("open", suggestion: "bank open")),
            ("exi", .unknownCommand("exi", suggestion: nil)),
            ("qiut", .unknownCommand("qiut", suggestion: nil)),
            ("reset", .unknownCommand("reset", suggestion: nil)),
            ("nope", .unknownCommand("nope", suggestion: nil)),
            ("opne", .unknownCommand("opne", suggestion: "bank open")),
            ("event", .unknownCommand("event", suggestion: "events")),
            (
                "stock rese",
                .unknownSubcommand(command: "stock", given: "rese", suggestion: nil, subcommands: ["set", "reset"])
            ),
            // Nearest to `reset`, which is never offered: nothing, rather than `set`.
            (
                "stock rest",
                .unknownSubcommand(command: "stock", given: "rest", suggestion: nil, subcommands: ["set", "reset"])
            ),
            (
                "bank rest",
                .unknownSubcommand(
                    command: "bank", given: "rest", suggestion: nil, subcommands: ["open", "export", "reset"])
            ),
        ])
    func corrections(line: String, error: ParseError) {
        #expect(throws: error) { try Self.registry.parse(line) }
    }

    @Test("help about a mistyped command suggests no command that ends or erases something")
    func helpCorrections() {
        #expect(throws: ParseError.unknownCommand("exi", suggestion: nil)) { try Self.registry.helpTopic(for: ["exi"]) }
    }
}
