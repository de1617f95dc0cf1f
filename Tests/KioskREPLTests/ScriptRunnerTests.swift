import KioskCore
import Testing

@testable import KioskREPL

@Suite("Script runner")
struct ScriptRunnerTests {
    struct Run {
        let succeeded: Bool
        let output: String
        let errors: String
    }

    func run(_ lines: [String], bail: Bool = false, batchSize: Int = 2, history: [String] = []) async throws -> Run {
        var options = SessionOptions()
        options.inMemory = true
        let store = HistoryStore(file: nil, entries: history)
        let session = try await Session(options: options, frontEndCommands: FrontEndCommands.all(history: store))
        let output = CapturedText()
        let errors = CapturedText()
        let console = Console(
            format: .text, colors: false, output: output, errors: errors,
            presenter: Presenter(catalog: EnglishCatalog(), config: session.config))
        let runner = ScriptRunner(
            session: session, transcript: Transcript(console: console, bus: session.bus), bail: bail)
        let batches = AsyncStream<[String]> { continuation in
            var index = 0
            while index < lines.count {
                continuation.yield(Array(lines[index..<min(index + batchSize, lines.count)]))
                index += batchSize
            }
            continuation.finish()
        }
        let succeeded = await runner.run(batches) { "line \($0)" }
        return Run(succeeded: succeeded, output: output.text, errors: errors.text)
    }

    @Test("skips blank lines and comments but counts them in line numbers")
    func skipsAndCounts() async throws {
        let result = try await run(["# a script", "", "   ", "  # indented comment", "nope"])
        #expect(!result.succeeded)
        #expect(result.output.isEmpty)
        #expect(result.errors == "kiosk: line 5: Unknown command 'nope'. Type 'help' to list commands.\n")
    }

    @Test("goes on after a failing line")
    func continues() async throws {
        let result = try await run(["nope", "history"], history: ["stock"])
        #expect(!result.succeeded)
        #expect(result.errors.hasPrefix("kiosk: line 1: "))
        #expect(result.output == "1  stock\n")
    }

    @Test("--bail stops at the first failing line")
    func bails() async throws {
        let result = try await run(["nope", "history", "again"], bail: true, history: ["stock"])
        #expect(!result.succeeded)
        #expect(result.output.isEmpty)
        #expect(result.errors.split(separator: "\n").count == 1)
    }

    @Test("quit and exit stop reading", arguments: ["quit", "exit"])
    func quits(word: String) async throws {
        let result = try await run(["history", word, "nope"], history: ["stock"])
        #expect(result.succeeded)
        #expect(result.output == "1  stock\n")
        #expect(result.errors.isEmpty)
    }

    @Test("succeeds when every line does")
    func succeeds() async throws {
        let result = try await run(["help help", "history"])
        #expect(result.succeeded)
        #expect(result.output.hasPrefix("Usage: help [command]\n"))
        #expect(result.output.hasSuffix("The history is empty.\n"))
    }

    @Test("a sold-out notice an order raises prints after that order's result")
    func soldOutAfterResult() async throws {
        let result = try await run(["order mango-kiwi 4", "stock add mango 5"])
        #expect(result.succeeded)
        #expect(
            result.output == """
                Made 4 Mango-Kiwi Juice.
                Stock: kiwi 10 -> 6, mango 10 -> 2
                Mango Juice is sold out: Mango 2 left, needs 3.
                Mango: 2 -> 7 (max 100).
                Mango Juice is available again.

                """)
    }
}
