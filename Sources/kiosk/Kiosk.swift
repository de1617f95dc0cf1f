import ArgumentParser
import Foundation
import KioskCore
import KioskREPL

@main
struct Kiosk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "A juice bar and a bank counter in one terminal.",
        discussion: """
            With no options on a terminal, kiosk starts an interactive prompt; type 'help' there.
            Otherwise it runs the lines it is given (-c, --file, or standard input) and exits.

            Exit codes: 0 ok, 1 a command failed, 64 bad usage, 74 storage I/O error
            (or standard output cannot be written), 78 bad config, 130 interrupted,
            141 the reader of standard output went away.
            """,
        version: "kiosk \(KioskProgram.version)")

    @Option(
        name: [.short, .customLong("command")],
        help: ArgumentHelp("Run a command, then exit (repeatable).", valueName: "command"))
    var commands: [String] = []

    @Option(name: .long, help: ArgumentHelp("Run the commands in a script file.", valueName: "path"))
    var file: String?

    @Option(
        name: .long, help: ArgumentHelp("Read the menu, stock and bank setup from this TOML file.", valueName: "path"))
    var config: String?

    @Option(
        name: .long, help: ArgumentHelp("Keep the database here (default: $XDG_DATA_HOME/kiosk).", valueName: "path"))
    var dataDir: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Share stock and sales with other kiosks in this PostgreSQL database (postgresql://… or a conninfo; default: $KIOSK_DATABASE).",
            valueName: "url"))
    var database: String?

    @Flag(name: .long, help: "Keep everything in memory; nothing is saved.")
    var inMemory = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "normal: every sale survives a crash of kiosk; full: also a power loss (each order waits for the disk).",
            valueName: "normal|full"))
    var durability = "normal"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run the bank's clock this many times faster than real time, or 'max' for virtual time (no waiting).",
            valueName: "x|max"))
    var speed: BankSpeed = .times(1)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run a built-in bank setup instead of the config's [bank]: \(BankPresets.names.joined(separator: ", ")).",
            valueName: "name"))
    var preset: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Seed for random customer counts and tasks (reproducible runs).", valueName: "n"))
    var seed: UInt64?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Speak this language: en or ko (default: $KIOSK_LANG, else LC_ALL, LC_MESSAGES or LANG).",
            valueName: "code"))
    var lang: String?

    @Flag(name: .long, help: "Print results, errors and events as JSON Lines.")
    var json = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What the bank prints between results: all, summary (a line a second) or off (the closing summary).",
            valueName: "mode"))
    var events: EventsMode?

    @Flag(name: .long, help: "Never use colour (NO_COLOR in the environment does the same).")
    var noColor = false

    @Flag(name: .long, help: "Stop at the first command that fails.")
    var bail = false

    @Argument(help: ArgumentHelp("'classic' runs the exercise's console bank (1 : 은행개점 / 2 : 종료).", valueName: "mode"))
    var mode: String?

    /// Parses the command line and runs; with `--json`, usage errors are JSON too.
    static func main() async {
        StandardStream.protectStandardDescriptors()
        // `kiosk --version` answers before argument-parser reflects over the flags, which
        // is most of what it costs past loading the binary.
        if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "--version" {
            StandardStream.output.write(KioskProgram.versionText(database: nil, environment: environment()))
            StandardStream.output.flush()
            return
        }
        let flags = CommandLine.arguments.dropFirst().prefix { $0 != "--" }
        if flags.contains("--version") {
            StandardStream.output.write(
                KioskProgram.versionText(database: databaseFlag(in: Array(flags)), environment: environment()))
            StandardStream.output.flush()
            return
        }
        let wantsJSON = CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--json")
        do {
            var command = try parseAsRoot()
            if let kiosk = command as? Kiosk {
                try await kiosk.run()
            } else {
                try command.run()
            }
        } catch {
            let message = self.message(for: error)
            let code = exitCode(for: error)
            if wantsJSON, code != .success, !message.isEmpty {
                let usage = UsageError(message: message)
                StandardStream.error.write(KioskProgram.errorLine(for: usage, json: true))
                StandardStream.error.flush()
                exit(withError: ExitCode(code.rawValue))
            }
            exit(withError: error)
        }
    }

    func validate() throws {
        if case .times(let speed) = speed, !ScaledClock.speeds.contains(speed) {
            throw ValidationError("--speed must be a number from 0.001 to 1000000 or 'max', not \(speed).")
        }
        if let preset, !BankPresets.names.contains(preset) {
            throw ValidationError(
                "--preset must be one of \(BankPresets.names.joined(separator: ", ")), not '\(preset)'.")
        }
        if let lang, Language(code: lang) == nil {
            throw ValidationError("--lang must be en or ko, not '\(lang)'.")
        }
        if let mode, mode != "classic" {
            throw ValidationError("Unknown mode '\(mode)'. The only mode is 'classic'; run commands with -c.")
        }
        if mode != nil, file != nil || !commands.isEmpty {
            throw ValidationError("'classic' reads its menu choices from standard input: leave out -c and --file.")
        }
        if file != nil, !commands.isEmpty {
            throw ValidationError("Use either -c or --file, not both.")
        }
        if database != nil, inMemory || dataDir != nil {
            throw ValidationError(
                "Use either --database or --in-memory/--data-dir, not both: --database keeps everything on the server.")
        }
        guard durability == "normal" || durability == "full" else {
            throw ValidationError("--durability must be 'normal' or 'full', not '\(durability)'.")
        }
        if dataDir?.isEmpty == true {
            throw ValidationError("--data-dir needs a directory, not an empty string.")
        }
        if inMemory, dataDir != nil {
            throw ValidationError("Use either --in-memory or --data-dir, not both: --in-memory saves nothing.")
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        var options = SessionOptions()
        options.configPath = config
        options.dataDirectory = dataDir
        options.database = database
        options.inMemory = inMemory
        options.fullDurability = durability == "full"
        switch speed {
        case .times(let times): options.speed = times
        case .max: options.virtualTime = true
        }
        options.preset = preset
        options.seed = seed
        options.json = json
        options.noColor = noColor
        options.events = events
        options.bail = bail
        options.classic = mode == "classic"
        options.language = lang.flatMap(Language.init(code:))
        options.commands = commands
        options.scriptFile = file
        options.environment = Self.environment()

        let outcome: KioskProgram.Outcome
        do {
            outcome = try await KioskProgram.run(options)
        } catch {
            StandardStream.output.flush()
            StandardStream.error.write(
                KioskProgram.errorLine(for: error, json: json, language: options.resolvedLanguage))
            StandardStream.error.flush()
            throw ExitCode(Self.exitStatus(for: error))
        }
        StandardStream.output.flush()
        if let failure = StandardStream.output.writeFailure {
            if let line = KioskProgram.outputFailureLine(failure, json: json) {
                StandardStream.error.write(line)
                throw ExitCode(74)
            }
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

    /// The process environment. Read from `environ` directly: `ProcessInfo` sets up the
    /// whole process description first, a measurable part of kiosk's start-up.
    static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let variable = String(cString: pointer)
            // The name ends at the first "="; of two entries with one name, the first
            // wins, as with getenv(3).
            if let equals = variable.firstIndex(of: "="), variables[String(variable[..<equals])] == nil {
                variables[String(variable[..<equals])] = String(variable[variable.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// `--speed`: a factor on real time, or `max` for virtual time.
    enum BankSpeed: ExpressibleByArgument {
        case times(Double)
        case max

        var defaultValueDescription: String {
            switch self {
            case .times(let times):
                times.isFinite && abs(times) < 1e15 && times == times.rounded() ? String(Int(times)) : String(times)
            case .max: "max"
            }
        }

        init?(argument: String) {
            if argument == "max" {
                self = .max
            } else if let times = Double(argument) {
                self = .times(times)
            } else {
                return nil
            }
        }
    }

    /// The value of `--database` among `flags` (`--database URL` or `--database=URL`), if given.
    static func databaseFlag(in flags: [String]) -> String? {
        for (index, flag) in flags.enumerated() {
            if flag == "--database", index + 1 < flags.count { return flags[index + 1] }
            if flag.hasPrefix("--database=") { return String(flag.dropFirst("--database=".count)) }
        }
        return nil
    }

    /// Exit codes of the user's contract, by the kind of failure.
    static func exitStatus(for error: any Error) -> Int32 {
        switch error {
        case is ConfigError: 78
        case is ScriptFileError: 64
        // Past the config and the script file, a session fails to start only on storage.
        default: 74
        }
    }
}

extension EventsMode: ExpressibleByArgument {}
