import Foundation
import KioskCore
import KioskPostgres

/// The whole program behind the `kiosk` executable: picks the front end and runs it.
public enum KioskProgram {
    /// The version `--version` and the banner show.
    public static let version = "0.1.0"

    /// How a run ended; the executable turns it into an exit code.
    public enum Outcome: Sendable, Equatable {
        case success
        /// At least one command failed.
        case commandFailed
        /// Ctrl-C or a signal ended the run.
        case signalled(Int32)
        /// The storage failed after start-up; a script stopped at that line.
        case storageFailed
        /// Standard output could not be written (`errno`); the script stopped there.
        case outputFailed(Int32)
    }

    /// Runs the session the options describe: the interactive prompt when standard input
    /// and standard output are both terminals and no `-c` or `--file` was given, a script
    /// otherwise.
    /// - Throws: ``ConfigError`` for a bad config, ``ScriptFileError`` for an unreadable
    ///   `--file` or standard input, and the storage's error for storage I/O.
    public static func run(_ options: SessionOptions) async throws -> Outcome {
        let unreadableTimeZone = LocalTimeZone.prepare()
        if options.classic { return try await runClassic(options) }
        let script = try scriptLines(options)
        let historyFile = HistoryFile.location(environment: options.environment)
        let colors = paints(StandardStream.output, options)
        let errorColors = paints(StandardStream.error, options)

        // The prompt and readline need the terminal on both ends: with output to a pipe
        // (`kiosk | tee log`) the lines typed run as a script, each result shown at once.
        if script == nil, isatty(STDIN_FILENO) == 1, StandardStream.output.isTerminal {
            // A history file another user could have written is neither read nor written:
            // the session keeps its lines in memory, and says why once it starts.
            let refusal = historyFile?.refusal()
            let history = HistoryStore.loading(refusal == nil ? historyFile : nil)
            let live = LiveCommands.interactive(
                options: options, settings: SettingsFile.location(environment: options.environment))
            let session = try await Session(
                options: options, frontEndCommands: FrontEndCommands.all(history: history, live: live))
            let presenter = Presenter(language: options.resolvedLanguage, config: session.config)
            session.onBankChange { presenter.adopt($0) }
            warnAtStart(session, presenter: presenter, json: options.json, timeZone: unreadableTimeZone)
            // Other kiosks' stock changes are announced at the prompt; a script does without.
            session.storage.listenToOtherKiosks()
            if let refusal {
                StandardStream.error.write(
                    errorLine(for: refusal, json: options.json, language: options.resolvedLanguage))
            }
            let repl = InteractiveREPL(
                session: session, options: options, history: history, colors: colors, errorColors: errorColors,
                presenter: presenter, live: live)
            return await repl.run()
        }

        if script == nil {
            do {
                try ReadableFile.checkReadable(descriptor: STDIN_FILENO)
            } catch {
                throw ScriptFileError(path: "standard input", failure: error)
            }
        }
        // A script records no history; `history` in it lists the file, read when it runs.
        let live = LiveCommands.script(options: options)
        let session = try await Session(
            options: options,
            frontEndCommands: FrontEndCommands.all(historyEntries: { try historyFile?.loadChecked() ?? [] }, live: live)
        )
        let presenter = Presenter(language: options.resolvedLanguage, config: session.config)
        session.onBankChange { presenter.adopt($0) }
        warnAtStart(session, presenter: presenter, json: options.json, timeZone: unreadableTimeZone)
        // On a terminal, results wrap at its width (asked each time: the window may be
        // resized); a pipe or file gets lines as they are, without a system call per result.
        let onTerminal = StandardStream.output.isTerminal
        let width: @Sendable () -> Int? = { onTerminal ? TerminalSize.current()?.columns : nil }
        let console = Console(
            format: options.json ? .json : .text, colors: colors,
            output: StandardStream.output, errors: StandardStream.error, presenter: presenter,
            errorColors: errorColors,
            width: width)
        let transcript = Transcript(
            console: console, bus: session.bus,
            capacity: options.virtualTime ? Transcript.virtualTimeCapacity : Transcript.capacity, events: live.events,
            bankStatus: { [session] in await session.bankStatus() },
            // Gathering even in virtual time: the bank prints its own runs (below), so the
            // relay, which still wakes for each, finds them printed; without a pause it took
            // the lock and wrote out the buffer a thousand times in a million customers.
            gathering: Transcript.gathering, virtualTime: options.virtualTime)
        if options.virtualTime {
            // The bank prints each run itself, on its own executor, before it goes on: one
            // thread simulates and writes, as a plain loop would, instead of handing every
            // run to the relay's thread (on a loaded machine each hand-over waited for a
            // core). Nothing waits in the mailbox, so the output never depends on timing.
            await session.pace { transcript.printPublished() }
        }
        let stop = StopRequest()
        let runner = ScriptRunner(
            session: session, transcript: transcript, bail: options.bail, stop: stop,
            flushesEachCommand: script != nil && !options.commands.isEmpty)
        var outcome: Outcome
        if let script {
            let lines = AsyncStream<[String]> { continuation in
                continuation.yield(script.lines)
                continuation.finish()
            }
            outcome = await runStoppingOnSignal(runner, lines, label: script.label)
        } else if options.scriptFile == "-" {
            outcome = await runStoppingOnSignal(runner, StandardInputReader(), label: { "-: line \($0)" })
        } else {
            outcome = await runStoppingOnSignal(runner, StandardInputReader(), label: { "line \($0)" })
        }
        // A signal the script saw before its task was cancelled still ends the run as one.
        if let signal = stop.signal { outcome = .signalled(signal) }
        // After a whole script the bank is idle and this only closes the storage; after a
        // signal it also sends the remaining customers away.
        let cancelled = await session.shutdown()
        transcript.flush()
        transcript.close()
        if case .signalled = outcome {
            console.show(error: InterruptedError(cancelled: cancelled), location: nil)
        }
        console.output.flush()
        if case .commandFailed = outcome, let failure = console.output.writeFailure { outcome = .outputFailed(failure) }
        if case .success = outcome, let failure = console.output.writeFailure { outcome = .outputFailed(failure) }
        return outcome
    }

    /// Whether text on `stream` is painted: only on a terminal that is not `TERM=dumb`, with
    /// `NO_COLOR` unset or empty (no-color.org) and no `--no-color`. Standard output and
    /// standard error decide each for itself (`kiosk 2>log` keeps colour on the screen).
    static func paints(_ stream: StandardStream, _ options: SessionOptions) -> Bool {
        !options.noColor && (options.environment["NO_COLOR"] ?? "").isEmpty && options.environment["TERM"] != "dumb"
            && stream.isTerminal
    }

    /// What `kiosk --help` says after its options: what runs, the environment variables,
    /// the exit codes.
    public static var helpDiscussion: String { EnglishCatalog.commandLineDiscussion(width: helpWidth) }

    /// The width `--help` is laid out for, as argument-parser finds it: `$COLUMNS`, else the
    /// terminal on standard output, else 80.
    static var helpWidth: Int {
        // getenv, not the environment as a dictionary: this runs at every start-up.
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 {
            return columns
        }
        return TerminalSize.current()?.columns ?? 80
    }

    /// What `--version` prints: the version and, when a shared database is given (`database`
    /// from `--database`, else `$KIOSK_DATABASE` unless `local`: `--in-memory` or `--data-dir`
    /// was given), the store it names, without the password.
    public static func versionText(database: String?, local: Bool, environment: [String: String]) -> String {
        var options = SessionOptions()
        options.database = database
        options.inMemory = local
        options.environment = environment
        var text = "kiosk \(version)\n"
        if let shared = options.sharedDatabase,
            let target = try? PostgresTarget(shared, clientLibrary: options.postgresClientLibrary)
        {
            text += "store: \(Sanitized.text(target.description, limit: 256))\n"
        }
        return text
    }

    /// A usage error's line for standard error, in `language`: text, or a JSON Lines error.
    public static func usageErrorLine(_ problem: CommandLineProblem, json: Bool, language: Language) -> String {
        if json { return errorLine(for: UsageError(problem), json: true, language: language) }
        let catalog = language.catalog
        return catalog.usageLine(catalog.describe(problem)) + "\n"
    }

    /// `kiosk --help` in `language`, or nil where argument-parser's English page is the one.
    public static func commandLineHelp(language: Language) -> String? {
        guard language == .korean else { return nil }
        return KoreanCatalog.commandLineHelp(width: helpWidth)
    }

    /// What to do when standard output could not be written: nothing more to say when its
    /// reader went away (a broken pipe, as with `kiosk | head -1`), else the line that says why.
    /// - Returns: the line for standard error, or nil for a broken pipe.
    public static func outputFailureLine(_ failure: Int32, json: Bool) -> String? {
        // Output held back (``StandardStream/withheld``) was explained by the one who held it.
        guard failure != EPIPE, failure != StandardStream.withheld else { return nil }
        return errorLine(for: OutputError(reason: String(cString: strerror(failure))), json: json)
    }

    /// Says, on standard error, what the session found at start that the user should know:
    /// shelf limits the database held differently from this config, and a `$TZ` (`timeZone`)
    /// that names no zone kiosk can read.
    private static func warnAtStart(_ session: Session, presenter: Presenter, json: Bool, timeZone: String?) {
        if let timeZone { StandardStream.error.write(presenter.timeZoneWarningLine(timeZone, json: json)) }
        for change in session.storage.shelfLimitChanges {
            StandardStream.error.write(presenter.warningLine(for: change, json: json))
        }
        session.storage.observeReconnects { event in
            StandardStream.error.write(presenter.reconnectLine(for: event, json: json))
        }
        session.storage.settleBeforeWriting(StandardStream.output) { error in
            StandardStream.error.write(
                json
                    ? presenter.json(error: error, location: nil).serialized() + "\n"
                    : "kiosk: " + Sanitized.text(presenter.describe(error), limit: 4_096) + "\n")
        }
    }

    /// `kiosk classic`: the exercise's console bank, reading its menu choices from standard input.
    private static func runClassic(_ options: SessionOptions) async throws -> Outcome {
        let session = try await Session(options: options)
        let language = options.resolvedLanguage
        let presenter = Presenter(language: language, config: session.config)
        let console = ClassicConsole(
            session: session, presenter: presenter, language: language, output: StandardStream.output)
        let (signals, caught) = AsyncStream<Int32>.makeStream()
        SignalRelay.watch([SIGINT, SIGTERM, SIGHUP]) {
            caught.yield($0)
            // A command waiting on a PostgreSQL server that does not answer ends too (a poll
            // slice later, by when the run is cancelled and says nothing of it).
            PostgresDatabase.interruptWaits()
        }
        let signal = await withTaskGroup(of: Int32?.self) { group in
            group.addTask {
                await console.run(StandardInputReader())
                return nil
            }
            group.addTask {
                for await signal in signals { return signal }
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        _ = await session.shutdown()
        StandardStream.output.flush()
        return signal.map { .signalled($0) } ?? .success
    }

    /// The line a top-level error prints on standard error: text, or a JSON Lines error object.
    /// - Parameters:
    ///   - language: the language of the message (JSON codes never change with it).
    ///   - endsRun: whether kiosk exits after it (a failure at start); false for a notice
    ///     the session goes on after.
    public static func errorLine(
        for error: any Error, json: Bool, language: Language = .english, endsRun: Bool = false
    ) -> String {
        let presenter = Presenter(language: language, config: nil)
        if json { return presenter.json(error: error, location: nil, endsRun: endsRun).serialized() + "\n" }
        return "kiosk: " + Sanitized.text(presenter.describe(error, endsRun: endsRun), limit: 4_096) + "\n"
    }

    /// The lines of `-c` or `--file`, with how to name line `n` in errors; nil for standard input.
    private static func scriptLines(
        _ options: SessionOptions
    ) throws(ScriptFileError) -> (lines: [String], label: @Sendable (Int) -> String)? {
        if !options.commands.isEmpty {
            let count = options.commands.count
            return (options.commands, { count == 1 ? "-c" : "-c #\($0)" })
        }
        // `--file -` is standard input, read as it comes like a pipe.
        guard let path = options.scriptFile, path != "-" else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try ReadableFile.contents(of: path)
        } catch {
            throw ScriptFileError(path: path, failure: error)
        }
        var splitter = LineSplitter()
        var lines = bytes.withUnsafeBufferPointer { splitter.split($0) }
        if let last = splitter.finish() { lines.append(last) }
        let name = Sanitized.text(path, limit: 256)
        return (lines, { "\(name): line \($0)" })
    }

    /// Runs the script until it ends, or until SIGINT, SIGTERM or SIGHUP cancels it.
    private static func runStoppingOnSignal(
        _ runner: ScriptRunner, _ lines: some AsyncSequence<[String], Never> & Sendable,
        label: @escaping @Sendable (Int) -> String
    ) async -> Outcome {
        let (signals, caught) = AsyncStream<Int32>.makeStream()
        SignalRelay.watch([SIGINT, SIGTERM, SIGHUP]) { [stop = runner.stop] signal in
            stop.request(signal)
            caught.yield(signal)
            // A command waiting on a PostgreSQL server that does not answer ends too (a poll
            // slice later, by when the run is cancelled and says nothing of it).
            PostgresDatabase.interruptWaits()
        }

        return await withTaskGroup(of: ScriptEnding.self) { group in
            group.addTask { .finished(await runner.runToEnd(lines, label: label)) }
            group.addTask {
                for await signal in signals { return .signalled(signal) }
                return .noSignal
            }
            var outcome: Outcome?
            for await ending in group {
                switch ending {
                case .finished(let ending):
                    if outcome == nil {
                        switch ending {
                        case .succeeded: outcome = .success
                        case .commandFailed: outcome = .commandFailed
                        case .storageFailed: outcome = .storageFailed
                        case .outputFailed: outcome = .outputFailed(StandardStream.output.writeFailure ?? EIO)
                        }
                    }
                    group.cancelAll()
                case .signalled(let signal):
                    outcome = .signalled(signal)
                    group.cancelAll()
                case .noSignal:
                    break
                }
            }
            return outcome ?? .success
        }
    }
}

/// How one of the two tasks of a script run ended.
private enum ScriptEnding: Sendable {
    case finished(ScriptRunner.Ending)
    case signalled(Int32)
    case noSignal
}
