import KioskCore
import Testing

@Suite("Help")
struct HelpTests {
    let registry = SampleCommands.registry

    @Test("'help' lists every command with its usage and summary, help first")
    func overview() async throws {
        let result = try #require(try await registry.execute("help"))
        #expect(result.command == "help")
        let names = SampleCommands.specs.map(\.name)
        #expect(
            result.fields == [
                JSONField(
                    "commands",
                    .array(
                        (["help"] + names).map { name in
                            let spec = registry.command(named: name.split(separator: " ").map(String.init))?.spec
                            return [
                                "name": .string(name),
                                "usage": .string(spec?.usage ?? ""),
                                "summary": .string(spec?.summary ?? ""),
                            ]
                        }))
            ])
        #expect(result.text.first == .message("Commands:", .heading))
        guard case .table(let table) = result.text.dropFirst().first else {
            Issue.record("expected a table after the heading, got \(result.text)")
            return
        }
        #expect(table.rows.first == ["help [command]", "Lists the commands, or shows how to use one."])
        #expect(table.rows.contains(["order <juice> [count]", "Makes juice from the stock."]))
        #expect(table.rows.count == names.count + 1)
        #expect(result.text.last == .message("Type 'help <command>' for its arguments and examples.", .muted))
    }

    @Test("'help order' shows usage, arguments, discussion and examples")
    func command() async throws {
        let result = try #require(try await registry.execute("help order"))
        #expect(
            result.fields == [
                JSONField("name", "order"),
                JSONField("usage", "order <juice> [count]"),
                JSONField("summary", "Makes juice from the stock."),
                JSONField("examples", ["order mango", "order strawberry-banana 2", "order \"strawberry banana\""]),
            ])
        #expect(
            result.text == [
                .message("Usage: order <juice> [count]", .heading),
                .message("Makes juice from the stock."),
                .message("An order takes every fruit it needs, or nothing."),
                .table(
                    Table(
                        columns: [Table.Column("argument"), Table.Column("accepts")],
                        rows: [
                            [
                                "<juice>",
                                "a juice: strawberry, banana, kiwi, pineapple, strawberry-banana, mango, mango-kiwi",
                            ],
                            ["[count]", "a whole number from 1 to 99; default 1"],
                        ])),
                .message("Examples:", .heading),
                .message("  order mango\n  order strawberry-banana 2\n  order \"strawberry banana\""),
            ])
    }

    @Test("'help stock set' explains a subcommand; words are case-insensitive")
    func subcommand() async throws {
        for line in ["help stock set", "help STOCK Set", "stock set --help"] {
            let result = try #require(try await registry.execute(line))
            #expect(result.fields.first == JSONField("name", "stock set"))
            #expect(result.fields.dropFirst().first == JSONField("usage", "stock set <fruit> <count>"))
            #expect(result.text.first == .message("Usage: stock set <fruit> <count>", .heading))
        }
    }

    @Test("'help stock' lists the subcommands under the command's own usage")
    func commandWithSubcommands() async throws {
        let result = try #require(try await registry.execute("help stock"))
        #expect(result.text.first == .message("Usage: stock", .heading))
        #expect(result.text.contains(.message("Subcommands:", .heading)))
        let rows =
            result.text.compactMap { block -> [[String]]? in
                if case .table(let table) = block { return table.rows }
                return nil
            }.last ?? []
        #expect(rows.map { $0.first ?? "" }.allSatisfy { $0.hasPrefix("stock ") })
        #expect(rows.map { $0.first ?? "" }.contains("stock set <fruit> <count>"))
    }

    @Test("'help bank' lists the commands of the group")
    func group() async throws {
        let result = try #require(try await registry.execute("help bank"))
        #expect(result.text.first == .message("'bank' commands:", .heading))
        guard case .array(let commands) = result.fields.first?.value else {
            Issue.record("expected a commands array, got \(result.fields)")
            return
        }
        #expect(
            commands.map { command in
                guard case .object(let fields) = command else { return "" }
                return fields.first?.value.serialized() ?? ""
            } == [#""bank open""#, #""bank add""#, #""bank status""#, #""bank wait""#, #""bank reset""#])
        #expect(try await registry.execute("bank --help") == result)
    }

    @Test("'help quit' explains the command the alias names and lists its aliases")
    func alias() async throws {
        let result = try #require(try await registry.execute("help quit"))
        #expect(result.fields.first == JSONField("name", "exit"))
        #expect(result.text.contains(.message("Also: quit", .muted)))
    }

    @Test("'help --help' explains help itself")
    func helpOfHelp() async throws {
        let result = try #require(try await registry.execute("help --help"))
        #expect(result.fields.first == JSONField("name", "help"))
        #expect(result.fields.dropFirst().first == JSONField("usage", "help [command]"))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let words: [String]
        let message: String
        var testDescription: String { "help \(words.joined(separator: " "))" }
    }

    static let failures: [Failure] = [
        Failure(words: ["nope"], message: "Unknown command 'nope'. Type 'help' to list commands."),
        Failure(words: ["ordr"], message: "Unknown command 'ordr'. Did you mean 'order'?"),
        Failure(words: ["stock", "sett"], message: "Unknown command 'stock sett'. Did you mean 'stock set'?"),
    ]

    @Test("'help' of an unknown command is an unknown_command error", arguments: failures)
    func unknown(_ failure: Failure) async {
        #expect(throws: ParseError.self) { try registry.help(for: failure.words) }
        let error = await #expect(throws: ParseError.self) {
            try await registry.execute("help " + failure.words.joined(separator: " "))
        }
        #expect(error?.code == "unknown_command")
        #expect(error?.description == failure.message)
    }
}
