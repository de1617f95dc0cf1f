import Foundation
import KioskCore

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
    }

    /// Runs the session the options describe: the interactive prompt when standard input
    /// is a terminal and no `-c` or `--file` was given, a script otherwise.
    /// - Throws: ``ConfigError`` for a bad config, ``ScriptFileError`` for an unreadable
    ///   `--file`, and the storage's error for storage I/O.
    public static func run(_ options: SessionOptions) async throws -> Outcome {
        if options.classic { return try await runClassic(options) }
        let script = try scriptLines(options)
        let historyFile = HistoryFile.location(environment: options.environment)
        let colors =
            // no-color.org: NO_COLOR set to anything but the empty string turns colour off.
            !options.noColor && (options.environment["NO_COLOR"] ?? "").isEmpty && StandardStream.output.isTerminal

        if script == nil, isatty(STDIN_FILENO) == 1 {
            let history = HistoryStore.loading(historyFile)
            let session = try await Session(options: options, frontEndCommands: FrontEndCommands.all(history: history))
            let presenter = Presenter(language: options.resolvedLanguage, config: session.config)
            let repl = InteractiveREPL(
                session: session, options: options, history: history, colors: colors, presenter: presenter)
            return await repl.run()
        }

        // A script records no history; `history` in it lists the file, read when it runs.
        let session = try await Session(
            options: options, frontEndCommands: FrontEndCommands.all(historyEntries: { historyFile?.load() ?? [] }))
        let presenter = Presenter(language: options.resolvedLanguage, config: session.config)
        let console = Console(
            format: options.json ? .json : .text, colors: colors,
            output: StandardStream.output, errors: StandardStream.error, presenter: presenter)
        let transcript = Transcript(
            console: console, bus: session.bus,
            capacity: options.virtualTime ? Transcript.virtualTimeCapacity : Transcript.capacity,
            gathering: options.virtualTime ? Transcript.virtualTimeGathering : Transcript.gathering,
            virtualTime: options.virtualTime)
        if options.virtualTime {
            await session.bank.pace { await transcript.waitForRoom() }
        }
        let runner = ScriptRunner(session: session, transcript: transcript, bail: options.bail)
        let outcome: Outcome
        if let script {
            let lines = AsyncStream<[String]> { continuation in
                continuation.yield(script.lines)
                continuation.finish()
            }
            outcome = await runStoppingOnSignal(runner, lines, label: script.label)
        } else {
            outcome = await runStoppingOnSignal(runner, StandardInputReader(), label: { "line \($0)" })
        }
        // After a whole script the bank is idle and this only closes the storage; after a
        // signal it also sends the remaining customers away.
        let cancelled = await session.shutdown()
        transcript.flush()
        transcript.close()
        if case .signalled = outcome {
            console.show(error: InterruptedError(cancelled: cancelled), location: nil)
        }
        console.output.flush()
        return outcome
    }

    /// `kiosk classic`: the exercise's console bank, reading its menu choices from standard input.
    private static func runClassic(_ options: SessionOptions) async throws -> Outcome {
        let session = try await Session(options: options)
        let presenter = Presenter(language: options.resolvedLanguage, config: session.config)
        let console = ClassicConsole(session: session, presenter: presenter, output: StandardStream.output)
        let (signals, caught) = AsyncStream<Int32>.makeStream()
        SignalRelay.watch([SIGINT, SIGTERM, SIGHUP]) { caught.yield($0) }
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
    /// - Parameter language: the language of the message (JSON codes never change with it).
    public static func errorLine(for error: any Error, json: Bool, language: Language = .english) -> String {
        let presenter = Presenter(language: language, config: nil)
        if json { return presenter.json(error: error, location: nil).serialized() + "\n" }
        return "kiosk: " + Sanitized.text(presenter.describe(error), limit: 4_096) + "\n"
    }

    /// The lines of `-c` or `--file`, with how to name line `n` in errors; nil for standard input.
    private static func scriptLines(
        _ options: SessionOptions
    ) throws(ScriptFileError) -> (lines: [String], label: @Sendable (Int) -> String)? {
        if !options.commands.isEmpty {
            let count = options.commands.count
            return (options.commands, { count == 1 ? "-c" : "-c #\($0)" })
        }
        guard let path = options.scriptFile else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptFileError(path: path)
        }
        var splitter = LineSplitter()
        var lines = data.withUnsafeBytes { splitter.split($0.bindMemory(to: UInt8.self)) }
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
        SignalRelay.watch([SIGINT, SIGTERM, SIGHUP]) { caught.yield($0) }

        return await withTaskGroup(of: ScriptEnding.self) { group in
            group.addTask { .finished(succeeded: await runner.run(lines, label: label)) }
            group.addTask {
                for await signal in signals { return .signalled(signal) }
                return .noSignal
            }
            var outcome: Outcome?
            for await ending in group {
                switch ending {
                case .finished(let succeeded):
                    if outcome == nil { outcome = succeeded ? .success : .commandFailed }
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
    case finished(succeeded: Bool)
    case signalled(Int32)
    case noSignal
}
