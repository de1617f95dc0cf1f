import KioskCore
import Synchronization
import Testing

@testable import KioskREPL

@Suite("Transcript: a bank in virtual time that prints its own runs")
struct TranscriptVirtualTimeTests {
    /// What `bank open`, `bank wait` and `bank report` print in virtual time, in `format`: with
    /// the bank printing each run itself (`printPublished()` as its pacer, as a script does),
    /// or with a relay printing them while the bank waits for room (as the prompt does).
    /// - Returns: the output, and how many times the pacer ran.
    private func transcript(format: Console.Format, printsItself: Bool) async throws -> (text: String, paced: Int) {
        var options = SessionOptions()
        options.inMemory = true
        options.virtualTime = true
        options.seed = 5
        let session = try await Session(
            options: options,
            frontEndCommands: FrontEndCommands.all(
                history: HistoryStore(file: nil, entries: []), live: LiveCommands.script(options: options)))
        let output = CapturedText()
        let console = Console(
            format: format, colors: false, output: output, errors: CapturedText(),
            presenter: Presenter(catalog: EnglishCatalog(), config: session.config))
        let transcript = Transcript(
            console: console, bus: session.bus, capacity: Transcript.virtualTimeCapacity,
            gathering: printsItself ? Transcript.gathering : Transcript.virtualTimeGathering, virtualTime: true)
        let paced = Mutex(0)
        var relay: Task<Void, Never>?
        if printsItself {
            await session.pace {
                transcript.printPublished()
                paced.withLock { $0 += 1 }
            }
        } else {
            await session.pace { await transcript.waitForRoom() }
            relay = Task { await transcript.relay() }
        }
        for line in ["bank open 20000", "bank wait", "bank report"] {
            transcript.begin()
            let invocation = try #require(try session.parse(line))
            guard case .outcome(let outcome) = try await session.run(invocation) else {
                Issue.record("\(line) did not give an outcome")
                break
            }
            transcript.finish(outcome, of: invocation)
        }
        relay?.cancel()
        transcript.close()
        return (output.text, paced.withLock { $0 })
    }

    @Test("the same bytes as the relay prints, in text and JSON", arguments: [Console.Format.text, .json])
    func sameOutputAsTheRelay(format: Console.Format) async throws {
        let itself = try await transcript(format: format, printsItself: true)
        let relayed = try await transcript(format: format, printsItself: false)
        #expect(itself.text == relayed.text)
        // 20,000 customers take many runs of services: the bank printed between them.
        #expect(itself.paced > 10)
        #expect(itself.text.split(separator: "\n").count > 40_000)
    }
}
