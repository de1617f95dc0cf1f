import ArgumentParser
import Foundation
import KioskCore
import KioskREPL

/// What the command line asks for once it is read: the flags' values and the command words.
///
/// ``Kiosk`` fills it after argument-parser has parsed, and ``parsing(_:words:)`` reads the
/// everyday command lines (`kiosk -c help --in-memory`, `kiosk --json order mango`) without
/// argument-parser, whose reflection over the flags is about a fifth of kiosk's start-up.
/// That reader knows the flags by ``CommandLineFlag``, which the end-to-end tests check
/// against argument-parser's declarations. Anything it is not sure of goes to
/// argument-parser, which words its errors.
struct KioskFlags {
    var commands: [String] = []
    var file: String?
    var config: String?
    var dataDir: String?
    var database: String?
    var reconnectWindow: String?
    var inMemory = false
    var durability = Durability.normal
    var speed: Kiosk.BankSpeed = .times(1)
    var preset: String?
    var seed: UInt64?
    var lang: Language?
    var json = false
    var events: EventsMode?
    var noColor = false
    var bail = false
    var words: [String] = []

    /// The mode `kiosk classic` names: the first command word, when it is a mode's name
    /// rather than a command.
    var mode: String? { words.first.flatMap { $0.lowercased() == "classic" ? "classic" : nil } }

    /// The values of `flags`, or nil when any of them is not one the quick reading knows for
    /// sure: an unknown flag (`--help` among them), `--flag=value`, a flag given twice, a
    /// missing value, a value that starts with `-`, or one its flag does not accept.
    static func parsing(_ flags: [String], words: [String]) -> KioskFlags? {
        var values = KioskFlags()
        values.words = words
        // A bit per flag: a set of strings would instantiate its generic metadata, a
        // measurable part of start-up.
        var seen: UInt32 = 0
        var index = 0
        while index < flags.count {
            let word = flags[index]
            index += 1
            if word == "--" { break }
            guard let flag = CommandLineFlag(spelling: word) else { return nil }
            // `-c` repeats; every other flag given twice is argument-parser's to judge.
            let bit: UInt32 = 1 << flag.rawValue
            guard flag.repeats || seen & bit == 0 else { return nil }
            seen |= bit
            var value = ""
            if flag.takesValue {
                guard index < flags.count, !flags[index].hasPrefix("-") else { return nil }
                value = flags[index]
                index += 1
            }
            switch flag {
            case .inMemory: values.inMemory = true
            case .json: values.json = true
            case .noColor: values.noColor = true
            case .bail: values.bail = true
            // The manual is argument-parser's to print.
            case .helpMan: return nil
            case .command: values.commands.append(value)
            case .file: values.file = value
            case .config: values.config = value
            case .dataDirectory: values.dataDir = value
            case .database: values.database = value
            case .reconnectWindow: values.reconnectWindow = value
            case .preset: values.preset = value
            case .durability:
                guard let durability = Durability(argument: value) else { return nil }
                values.durability = durability
            case .lang:
                guard let language = Language(code: value) else { return nil }
                values.lang = language
            case .speed:
                guard let speed = Kiosk.BankSpeed(argument: value) else { return nil }
                values.speed = speed
            case .seed:
                guard let seed = UInt64(value) else { return nil }
                values.seed = seed
            case .events:
                guard let events = EventsMode(rawValue: value) else { return nil }
                values.events = events
            }
        }
        return values
    }

    /// Which flags do not go together or which value is bad, or nil when the command line
    /// can run.
    var problem: CommandLineProblem? {
        if case .times(let speed) = speed, !ScaledClock.speeds.contains(speed) {
            return .speedOutOfRange(String(speed))
        }
        if let preset, BankPresets.name(for: preset) == nil {
            return .unknownPreset(preset, choices: BankPresets.names)
        }
        if mode != nil, file != nil || !commands.isEmpty {
            return .classicWithCommands
        }
        if mode != nil, json {
            return .classicWithJSON
        }
        if file != nil, !commands.isEmpty {
            return .fileWithCommands
        }
        // An empty --database (an unset shell variable) would quietly use a ledger of this
        // machine's own instead of the shared one.
        if let database, database.allSatisfy(\.isWhitespace) {
            return .emptyDatabase
        }
        if database != nil, inMemory || dataDir != nil {
            return .databaseWithLocalStore
        }
        if let reconnectWindow, SessionOptions.parsedReconnectWindow(reconnectWindow) == nil {
            return .reconnectWindowOutOfRange(source: "--reconnect-window", given: reconnectWindow)
        }
        if dataDir?.isEmpty == true {
            return .emptyDataDirectory
        }
        if inMemory, dataDir != nil {
            return .inMemoryWithDataDirectory
        }
        if mode == nil, !words.isEmpty, file != nil || !commands.isEmpty {
            return .wordsWithCommands
        }
        for (flag, path) in [("--data-dir", dataDir), ("--config", config), ("--file", file)] {
            guard let path else { continue }
            do throws(ParseError) {
                _ = try TildeExpansion.expand(path)
            } catch {
                if case .unknownUser(let user, let given) = error {
                    return .unknownUser(flag: flag, user: user, given: given)
                }
            }
        }
        return nil
    }

    /// Runs the session these flags describe and ends the process where the run ends.
    ///
    /// Returning to `main` first would hop back to the main actor, whose queue dispatch
    /// serves from a thread of its own on Linux (the main thread is parked): a thread
    /// started only to call `exit`, a measurable part of a short run's time.
    nonisolated func runThenExit() async -> Never {
        do {
            try await run()
            Foundation.exit(0)
        } catch let code as ExitCode {
            // What `exit(withError:)` does with an exit code, without the usage text it
            // builds first (argument-parser's reflection again).
            Foundation.exit(code.rawValue)
        } catch {
            Kiosk.exit(withError: error)
        }
    }

    private static func expandingTilde(_ path: String) -> String {
        (try? TildeExpansion.expand(path)) ?? path
    }

    /// Runs the session these flags describe.
    /// - Throws: ``ExitCode`` for every ending but success, after saying why on standard error.
    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        var options = SessionOptions()
        // A shell leaves `~` alone after `=` (`--data-dir=~/kiosk`): expanded here as the
        // prompt expands it (`problem` has refused a `~name` that names no user).
        options.configPath = config.map(Self.expandingTilde)
        options.dataDirectory = dataDir.map(Self.expandingTilde)
        options.database = database
        options.reconnectWindow = reconnectWindow.flatMap(SessionOptions.parsedReconnectWindow)
        options.inMemory = inMemory
        options.fullDurability = durability == .full
        switch speed {
        case .times(let times): options.speed = times
        case .max: options.virtualTime = true
        }
        options.preset = preset.flatMap(BankPresets.name(for:))
        options.seed = seed
        options.json = json
        options.noColor = noColor
        options.events = events
        options.bail = bail
        options.classic = mode == "classic"
        options.language = lang
        // Words after the flags are one command, quoted back so that kiosk's tokenizer
        // reads the very words the shell passed (`kiosk order 'mango kiwi' 2`).
        options.commands =
            words.isEmpty || mode != nil ? commands : [words.map(Kiosk.quoted).joined(separator: " ")]
        options.scriptFile = file.map(Self.expandingTilde)
        options.environment = Kiosk.environment()
        if let problem = options.reconnectWindowProblem {
            StandardStream.error.write(
                KioskProgram.usageErrorLine(problem, json: json, language: options.resolvedLanguage))
            StandardStream.error.flush()
            throw ExitCode(64)
        }

        let outcome: KioskProgram.Outcome
        do {
            outcome = try await KioskProgram.run(options)
        } catch let error as UsageError {
            // Found at start (a mistyped --database): worded and ended as any bad flag value.
            StandardStream.error.write(
                KioskProgram.usageErrorLine(error.problem, json: json, language: options.resolvedLanguage))
            StandardStream.error.flush()
            throw ExitCode(64)
        } catch {
            StandardStream.output.flush()
            StandardStream.error.write(
                KioskProgram.errorLine(for: error, json: json, language: options.resolvedLanguage, endsRun: true))
            StandardStream.error.flush()
            throw ExitCode(Kiosk.exitStatus(for: error))
        }
        StandardStream.output.flush()
        if let failure = StandardStream.output.writeFailure {
            if let line = KioskProgram.outputFailureLine(failure, json: json) {
                StandardStream.error.write(line)
                throw ExitCode(74)
            }
            // Output withheld because the shared database could not confirm what it reported
            // (the line saying so is written): a storage failure.
            if failure == StandardStream.withheld { throw ExitCode(74) }
            // The reader went away (`kiosk | head -1`): end quietly, as SIGPIPE would.
            throw ExitCode(128 + SIGPIPE)
        }
        switch outcome {
        case .success: return
        case .commandFailed: throw ExitCode(1)
        case .signalled(let signal): throw ExitCode(128 + signal)
        case .storageFailed: throw ExitCode(74)
        case .outputFailed: throw ExitCode(74)
        }
    }
}

/// `--durability`: what an order waits for before it counts as sold.
enum Durability: String, ExpressibleByArgument {
    /// Every sale survives a crash of kiosk.
    case normal
    /// Every sale survives a power loss too: each order waits for the disk.
    case full
}
