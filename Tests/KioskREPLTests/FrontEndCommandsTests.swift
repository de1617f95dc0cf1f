import KioskCore
import Testing

@testable import KioskREPL

@Suite("Front-end commands")
struct FrontEndCommandsTests {
    func registry(history: HistoryStore = HistoryStore(file: nil)) -> CommandRegistry {
        var registry = CommandRegistry()
        registry.register(contentsOf: FrontEndCommands.all(history: history))
        return registry
    }

    func text(_ line: String, history: HistoryStore = HistoryStore(file: nil)) async throws -> [TextBlock] {
        let invocation = try #require(try registry(history: history).parse(line))
        guard case .perform(let run) = invocation.command.action else {
            Issue.record("'\(line)' is not a command that runs")
            return []
        }
        let presenter = Presenter(catalog: EnglishCatalog(), config: nil)
        return presenter.render(try await run(invocation), of: invocation).text
    }

    @Test("quit and exit are the front end's quit action", arguments: ["quit", "exit", "QUIT", " exit "])
    func quit(line: String) throws {
        let invocation = try #require(try registry().parse(line))
        guard case .quit = invocation.command.action else {
            Issue.record("'\(line)' does not quit")
            return
        }
    }

    @Test("help is the front end's help action, about the words given")
    func help() throws {
        let invocation = try #require(try registry().parse("help history"))
        guard case .help = invocation.command.action else {
            Issue.record("help is not the help action")
            return
        }
        #expect(try invocation[CommandRegistry.helpSubject] == ["history"])
    }

    @Test("history is not a way to leave")
    func historyIsNotQuit() throws {
        let invocation = try #require(try registry().parse("history"))
        guard case .perform = invocation.command.action else {
            Issue.record("history does not run")
            return
        }
    }

    @Test("history lists the entries numbered, oldest first")
    func listsHistory() async throws {
        let history = HistoryStore(file: nil, entries: ["help", "stock", "order mango"])
        #expect(try await text("history", history: history) == [.message("1  help\n2  stock\n3  order mango")])
        let invocation = try #require(try registry(history: history).parse("history"))
        let json = Presenter(catalog: EnglishCatalog(), config: nil)
            .render(FrontEndCommands.listing(history.all, last: nil), of: invocation).json
        #expect(
            json.serialized()
                == #"{"type":"result","command":"history","entries":[{"number":1,"line":"help"},{"number":2,"line":"stock"},{"number":3,"line":"order mango"}]}"#
        )
    }

    @Test("history N lists the last N with their numbers")
    func listsLast() async throws {
        let history = HistoryStore(file: nil, entries: (1...12).map { "line \($0)" })
        #expect(try await text("history 2", history: history) == [.message("11  line 11\n12  line 12")])
    }

    @Test("an empty history says so")
    func emptyHistory() async throws {
        #expect(try await text("history") == [.message("The history is empty.", .muted)])
    }
}
