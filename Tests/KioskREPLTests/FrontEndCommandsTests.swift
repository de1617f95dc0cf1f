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

    @Test("quit and exit both ask to leave", arguments: ["quit", "exit", "QUIT", " exit "])
    func quit(line: String) throws {
        let invocation = try #require(try registry().parse(line))
        #expect(FrontEndCommands.isQuit(invocation))
    }

    @Test("history is not a way to leave")
    func historyIsNotQuit() throws {
        let invocation = try #require(try registry().parse("history"))
        #expect(!FrontEndCommands.isQuit(invocation))
    }

    @Test("history lists the entries numbered, oldest first")
    func listsHistory() async throws {
        let history = HistoryStore(file: nil, entries: ["help", "stock", "order mango"])
        let result = try #require(try await registry(history: history).execute("history"))
        #expect(result.text == [.message("1  help\n2  stock\n3  order mango")])
        #expect(
            result.json.serialized()
                == #"{"type":"result","command":"history","entries":[{"number":1,"line":"help"},{"number":2,"line":"stock"},{"number":3,"line":"order mango"}]}"#
        )
    }

    @Test("history N lists the last N with their numbers")
    func listsLast() async throws {
        let history = HistoryStore(file: nil, entries: (1...12).map { "line \($0)" })
        let result = try #require(try await registry(history: history).execute("history 2"))
        #expect(result.text == [.message("11  line 11\n12  line 12")])
    }

    @Test("an empty history says so")
    func emptyHistory() async throws {
        let result = try #require(try await registry().execute("history"))
        #expect(result.text == [.message("The history is empty.", .muted)])
    }
}
