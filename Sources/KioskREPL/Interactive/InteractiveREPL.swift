import Glibc
import KioskCore
import KioskStorage

/// The interactive front end: a prompt on the terminal thread, one command at a time on
/// this task, events from the bus printed above the prompt as they happen.
struct InteractiveREPL {
    static let prompt = "kiosk> "

    let session: Session
    let options: SessionOptions
    let history: HistoryStore
    let colors: Bool

    func run() async -> KioskProgram.Outcome {
        let signals = SignalRelay.install(TerminalLoop.handledSignals)
        let loop = TerminalLoop()
        let inbox = loop.inbox
        let console = Console(
            format: options.json ? .json : .text, colors: colors,
            output: InboxSink(inbox: inbox, target: .standardOutput),
            errors: InboxSink(inbox: inbox, target: .standardError),
            config: session.config)
        let interrupter = Interrupter()
        let hold = AnnouncementHold(format: console.format)
        let events = session.bus.subscribe { [console] event in
            if !hold.keep(event) { console.show(event: event) }
        }

        loop.start(
            prompt: Self.prompt, completer: Completer(registry: session.registry), history: history,
            interrupter: interrupter, signals: signals,
            output: StandardStream.output, errors: StandardStream.error)
        if !options.json {
            inbox.post(.output(banner(colors: colors), .standardOutput))
        }
        inbox.post(.prompt)

        var outcome = KioskProgram.Outcome.success
        reading: for await event in loop.events {
            switch event {
            case .line(let text):
                // A paste of several lines runs them in order, like lines typed one by one.
                for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                    hold.begin()
                    let goOn = await perform(String(line), console: console, interrupter: interrupter)
                    hold.end().forEach { console.show(event: $0) }
                    guard goOn else { break reading }
                }
                inbox.post(.prompt)
            case .endOfInput:
                break reading
            case .signal(let signal):
                outcome = .signalled(signal)
                break reading
            }
        }

        if let cancelled = await session.shutdown() {
            console.show(
                CommandResult(
                    command: "quit", fields: [JSONField("cancelled", .string(cancelled))],
                    text: [.message(cancelled, .warning)]))
        }
        events.cancel()
        inbox.post(.close)
        await loop.waitUntilClosed()
        do {
            try history.save()
        } catch {
            // The terminal thread has ended, so the console's sinks lead nowhere: written
            // directly, as a JSON Lines error with --json.
            StandardStream.error.write(KioskProgram.errorLine(for: error, json: options.json))
        }
        return outcome
    }

    /// Runs one line; returns false when it asks to leave.
    private func perform(_ line: String, console: Console, interrupter: Interrupter) async -> Bool {
        do {
            guard let invocation = try session.parse(line) else { return true }
            if FrontEndCommands.isQuit(invocation) { return false }
            // A task of its own, so Ctrl-C can cancel the command and not the prompt.
            let command = Task { [session] in try await session.run(invocation) }
            interrupter.arm { command.cancel() }
            defer { interrupter.disarm() }
            console.show(try await command.value)
        } catch is CancellationError {
            console.show(error: InterruptedError(cancelled: nil), location: nil)
        } catch {
            console.show(error: error, location: nil)
        }
        return true
    }

    /// One line: the version, the config and data in use, and how to start.
    private func banner(colors: Bool) -> String {
        let directory = try? DataDirectory.resolve(explicit: options.dataDirectory, environment: options.environment)
        let data = options.inMemory ? "in memory" : "data in \(Sanitized.text(directory ?? "?", limit: 256))"
        let config = Sanitized.text(session.configOrigin, limit: 256)
        let line =
            "kiosk \(KioskProgram.version) · config: \(config) · \(data) · Type 'help' for commands, Ctrl-D to quit."
        return (colors ? "\u{1B}[2m\(line)\u{1B}[0m" : line) + "\n"
    }
}
