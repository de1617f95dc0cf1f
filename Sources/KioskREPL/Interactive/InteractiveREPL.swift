import Glibc
import JuiceMaker
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
            await session.pace { await transcript.waitForRoom() }
        }
        live.watch.attach(
            WatchHost.Attachment(
                terminal: InboxWatchTerminal(inbox: inbox), bank: session.watchedBank(presenter: presenter),
                bus: session.bus, presenter: presenter, colors: colors, events: live.events))
        let relay = Task { await transcript.relay(room: { await inbox.waitForRoom() }) }

        loop.start(
            prompt: Self.prompt, completer: Completer { [session] in session.registry }, history: history,
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
        // A refused order's offer, asked at the prompt and waiting for its answer.
        var offer: Offer?
        reading: for await event in loop.events {
            switch event {
            case .line(let text):
                // A paste of several lines runs them in order, like lines typed one by one.
                let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
                for line in lines {
                    let result = await perform(String(line), transcript: transcript, interrupter: interrupter)
                    if case .offer(let made) = result, lines.count == 1 {
                        // Only for a line typed on its own: a paste goes on without waiting for a key.
                        offer = made
                    }
                    if result != .leave {
                        if !line.allSatisfy(\.isWhitespace) { warned = false }
                        continue
                    }
                    if warned { break reading }
                    guard await warnAboutBank(console) else { break reading }
                    warned = true
                    break
                }
                if let offer {
                    inbox.post(.ask(presenter.restockQuestion(offer.offer)))
                } else {
                    inbox.post(.prompt)
                }
            case .answer(let key):
                if let made = offer, ["y", "Y", "ㅛ"].contains(key) {
                    let note = await accept(made, transcript: transcript)
                    if let note { inbox.post(.output(note + "\n", .standardOutput)) }
                }
                offer = nil
                inbox.post(.prompt)
            case .answerInterrupted:
                if offer != nil {
                    inbox.post(.output(presenter.catalog.restockDeclined + "\n", .standardOutput))
                }
                offer = nil
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

    /// What running a line leads to.
    private enum Performed: Equatable {
        case goOn
        /// The line asks to leave.
        case leave
        /// An order was refused for fruit that adding would fix: the prompt may offer it.
        case offer(Offer)
    }

    /// A refused order's way through, and the order's invocation to render the result as.
    private struct Offer: Equatable {
        let offer: RestockOffer
        let invocation: Invocation

        static func == (lhs: Offer, rhs: Offer) -> Bool { lhs.offer == rhs.offer }
    }

    /// Adds `made`'s fruit and makes its order in one change, and shows what it did.
    /// - Returns: the line to show after it: that nothing changed when the change was
    ///   refused (another kiosk sold or stocked meanwhile), or that nothing was added when
    ///   the shelves now hold the order without it; nil otherwise.
    private func accept(_ made: Offer, transcript: Transcript) async -> String? {
        transcript.begin()
        do {
            let receipt = try session.juiceShop.maker.accept(made.offer)
            transcript.finish(ShopOutcome.order(receipt), of: made.invocation)
            return receipt.restocked.isEmpty ? presenter.catalog.restockNotNeeded : nil
        } catch {
            transcript.finish(error: error, location: nil)
            return presenter.catalog.restockDeclined
        }
    }

    /// The offer after `error`, when it is a refusal of an order that adding fruit lets
    /// through, and the session answers a person: not with --json.
    private func offer(after error: any Error, of invocation: Invocation) -> Offer? {
        guard !options.json, case JuiceError.outOfStock(let refusal) = error,
            let offer = session.juiceShop.maker.offer(for: refusal)
        else { return nil }
        return Offer(offer: offer, invocation: invocation)
    }

    /// Runs one line.
    private func perform(_ line: String, transcript: Transcript, interrupter: Interrupter) async -> Performed {
        transcript.begin()
        var parsed: Invocation?
        do {
            guard let invocation = try session.parse(line) else {
                transcript.finish()
                return .goOn
            }
            parsed = invocation
            // A task of its own, so Ctrl-C can cancel the command and not the prompt; on the
            // command thread, so that its database calls hold no thread of the cooperative pool.
            let command = Task(executorPreference: CommandThread.shared) { [session] in
                try await session.run(invocation)
            }
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
                return .leave
            }
        } catch is CancellationError {
            transcript.finish(error: InterruptedError(cancelled: nil), location: nil)
        } catch {
            transcript.finish(error: error, location: nil)
            if let parsed, let offer = offer(after: error, of: parsed) { return .offer(offer) }
        }
        return .goOn
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
