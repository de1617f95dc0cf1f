import Glibc
import KioskCore
import KioskPostgres
import KioskStorage

/// The interactive front end: a prompt on the terminal thread, one command at a time on
/// this task, events from the bus printed above the prompt as they happen.
struct InteractiveREPL {
    static let prompt = "kiosk> "

    let session: Session
    let options: SessionOptions
    let history: HistoryStore
    let colors: Bool
    /// Whether errors on standard error are painted.
    let errorColors: Bool
    let presenter: Presenter
    let live: LiveCommands

    func run() async -> KioskProgram.Outcome {
        // Ctrl-\ (SIGQUIT) at the prompt is ignored, as interactive shells do: its default
        // (and the runtime's crash handler) would end the session with a core dump.
        signal(SIGQUIT, SIG_IGN)
        // Before the terminal thread starts readline, which reads the locale once.
        let missingLocale = TypingLocale.prepare(environment: options.environment, system: .current)
        let signals = SignalRelay.install(TerminalLoop.handledSignals)
        let loop = TerminalLoop()
        let inbox = loop.inbox
        let pageable = options.json ? nil : Pager(environment: options.environment)
        var pageLongText: (@Sendable (String) -> Bool)?
        if pageable != nil {
            pageLongText = { text in
                // Longer than the screen less the prompt's row: page it.
                guard let rows = TerminalSize.current()?.rows, Self.lineCount(text) >= rows else {
                    return false
                }
                inbox.post(.page(text))
                return true
            }
        }
        let console = Console(
            format: options.json ? .json : .text, colors: colors,
            output: InboxSink(inbox: inbox, target: .standardOutput),
            errors: InboxSink(inbox: inbox, target: .standardError),
            presenter: presenter, errorColors: errorColors,
            width: { TerminalSize.current()?.columns },
            pager: pageLongText)
        // A long plan's progress, on standard error when it is a terminal: never in JSON.
        if !options.json, StandardStream.error.isTerminal {
            session.bank.planProgress.attach(
                { inbox.post(.status($0)) }, columns: { TerminalSize.current()?.columns })
        }
        let interrupter = Interrupter()
        let transcript = Transcript(
            console: console, bus: session.bus,
            capacity: options.virtualTime ? Transcript.virtualTimeCapacity : Transcript.capacity, events: live.events,
            bankStatus: { [session] in await session.bankStatus() },
            gathering: options.virtualTime ? Transcript.virtualTimeGathering : Transcript.gathering,
            virtualTime: options.virtualTime)
        if options.virtualTime {
            await session.bank.pace { await transcript.waitForRoom() }
        }
        live.watch.attach(
            WatchHost.Attachment(
                terminal: InboxWatchTerminal(inbox: inbox), bank: session.watchedBank(presenter: presenter),
                bus: session.bus, presenter: presenter, colors: colors, events: live.events))
        let relay = Task { await transcript.relay(room: { await inbox.waitForRoom() }) }

        loop.start(
            prompt: Self.prompt, completer: Completer(registry: session.registry), history: history,
            interrupter: interrupter, signals: signals,
            output: StandardStream.output, errors: StandardStream.error, pager: pageable)
        if !options.json {
            inbox.post(.output(banner(colors: colors, catalog: presenter.catalog), .standardOutput))
        }
        if let missingLocale {
            let line = missingLocale.warningLine(language: options.resolvedLanguage, json: options.json)
            inbox.post(.output(line, .standardError))
        }
        inbox.post(.prompt)

        var outcome = KioskProgram.Outcome.success
        // Set by a `quit` or Ctrl-D that was declined because customers were at the bank;
        // another one right after leaves, as a shell leaves on a second `exit` with jobs.
        var warned = false
        reading: for await event in loop.events {
            switch event {
            case .line(let text):
                // A paste of several lines runs them in order, like lines typed one by one.
                for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                    let goOn = await perform(String(line), transcript: transcript, interrupter: interrupter)
                    if goOn {
                        if !line.allSatisfy(\.isWhitespace) { warned = false }
                        continue
                    }
                    if warned { break reading }
                    guard await warnAboutBank(console) else { break reading }
                    warned = true
                    break
                }
                inbox.post(.prompt)
            case .endOfInput:
                if warned { break reading }
                guard await warnAboutBank(console) else { break reading }
                warned = true
                inbox.post(.resume)
            case .signal(let signal):
                outcome = .signalled(signal)
                break reading
            }
        }

        let cancelled = await session.shutdown()
        transcript.flush()
        if let cancelled {
            console.show(presenter.render(QuitOutcome(cancelled: cancelled), of: quitInvocation))
        }
        relay.cancel()
        transcript.close()
        inbox.post(.close)
        await loop.waitUntilClosed()
        do {
            try history.save()
        } catch {
            // The terminal thread has ended, so the console's sinks lead nowhere: written
            // directly, as a JSON Lines error with --json.
            StandardStream.error.write(
                KioskProgram.errorLine(for: error, json: options.json, language: options.resolvedLanguage))
        }
        return outcome
    }

    /// How many lines `text` holds.
    static func lineCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte == 0x0A { count += 1 }
        return count
    }

    /// Before leaving: with customers at the bank, warns (once) and returns true to stay.
    private func warnAboutBank(_ console: Console) async -> Bool {
        let occupancy = await session.bank.occupancy()
        guard occupancy.waiting + occupancy.inService + occupancy.toArrive > 0 else { return false }
        console.show(
            error: LeavingWithCustomers(
                waiting: occupancy.waiting, inService: occupancy.inService, toArrive: occupancy.toArrive),
            location: nil)
        return true
    }

    /// The `quit` command, for rendering what leaving cancelled.
    private var quitInvocation: Invocation {
        let quit =
            session.registry.command(named: ["quit"])
            ?? Command(CommandSpec(path: ["quit"], topic: .quit), action: .quit)
        return Invocation(command: quit)
    }

    /// Runs one line; returns false when it asks to leave.
    private func perform(_ line: String, transcript: Transcript, interrupter: Interrupter) async -> Bool {
        transcript.begin()
        do {
            guard let invocation = try session.parse(line) else {
                transcript.finish()
                return true
            }
            // A task of its own, so Ctrl-C can cancel the command and not the prompt.
            let command = Task { [session] in try await session.run(invocation) }
            interrupter.arm {
                command.cancel()
                // A command waiting on a PostgreSQL server that does not answer ends too.
                PostgresDatabase.interruptWaits()
            }
            defer { interrupter.disarm() }
            switch try await command.value {
            case .outcome(let outcome):
                transcript.finish(outcome, of: invocation)
            case .quit:
                transcript.finish()
                return false
            }
        } catch is CancellationError {
            transcript.finish(error: InterruptedError(cancelled: nil), location: nil)
        } catch {
            transcript.finish(error: error, location: nil)
        }
        return true
    }

    /// One line: the version, the config and data in use, and how to start.
    private func banner(colors: Bool, catalog: any MessageCatalog) -> String {
        let directory = try? DataDirectory.resolve(explicit: options.dataDirectory, environment: options.environment)
        let data =
            if let shared = session.storage.sharedDatabase {
                catalog.sharedDatabase(Sanitized.text(shared, limit: 256))
            } else {
                options.inMemory ? catalog.inMemory : catalog.dataIn(Sanitized.text(directory ?? "?", limit: 256))
            }
        let config = catalog.configOrigin(session.configOrigin)
        let text = catalog.banner(version: KioskProgram.version, config: config, data: data)
        // Wrapped at spaces, so that a narrow terminal does not cut a word in two.
        let lines = TerminalSize.current().map { TextWrapper.wrap(text, width: $0.columns) } ?? [text]
        return lines.map { colors ? "\u{1B}[2m\($0)\u{1B}[0m" : $0 }.joined(separator: "\n") + "\n"
    }
}
