import KioskCore

@testable import KioskREPL

/// A whole session in memory, driven line by line as the script runner does, with its
/// output captured: what a front end prints, in the order it prints it.
struct ShopSession {
    let session: Session
    let transcript: Transcript
    let output: CapturedText
    let errors: CapturedText

    init(
        format: Console.Format = .text, speed: Double = 1, seed: UInt64 = 1, history: [String] = [],
        transcriptCapacity: Int = Transcript.capacity, width: Int? = nil
    ) async throws {
        var options = SessionOptions()
        options.inMemory = true
        options.speed = speed
        options.seed = seed
        let store = HistoryStore(file: nil, entries: history)
        session = try await Session(
            options: options,
            frontEndCommands: FrontEndCommands.all(history: store, live: LiveCommands.script(options: options)))
        output = CapturedText()
        errors = CapturedText()
        let console = Console(
            format: format, colors: false, output: output, errors: errors,
            presenter: Presenter(catalog: EnglishCatalog(), config: session.config), width: { width })
        transcript = Transcript(console: console, bus: session.bus, capacity: transcriptCapacity)
    }

    /// Runs one line and prints its outcome (or error) after the events published before it.
    func run(_ line: String) async {
        transcript.begin()
        do {
            guard let invocation = try session.parse(line) else { return transcript.finish() }
            switch try await session.run(invocation) {
            case .outcome(let outcome): transcript.finish(outcome, of: invocation)
            case .quit: transcript.finish()
            }
        } catch {
            transcript.finish(error: error, location: nil)
        }
    }

    /// The JSON line or text a single command prints.
    func lines() -> [String] {
        output.text.split(separator: "\n").map(String.init)
    }
}
