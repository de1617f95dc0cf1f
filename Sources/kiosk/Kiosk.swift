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

            Exit codes: 0 ok, 1 a command failed, 64 bad usage, 74 storage I/O error,
            78 bad config, 130 interrupted.
            """,
        version: "kiosk 0.1.0")

    @Option(name: [.short, .customLong("command")], help: ArgumentHelp("Run a command, then exit (repeatable).", valueName: "command"))
    var commands: [String] = []

    @Option(name: .long, help: ArgumentHelp("Run the commands in a script file.", valueName: "path"))
    var file: String?

    @Option(name: .long, help: ArgumentHelp("Read the menu, stock and bank setup from this TOML file.", valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("Keep the database here (default: $XDG_DATA_HOME/kiosk).", valueName: "path"))
    var dataDir: String?

    @Flag(name: .long, help: "Keep everything in memory; nothing is saved.")
    var inMemory = false

    @Option(name: .long, help: ArgumentHelp("Run the bank's clock this many times faster than real time.", valueName: "x"))
    var speed: Double = 1

    @Option(name: .long, help: ArgumentHelp("Seed for random customer counts and tasks (reproducible runs).", valueName: "n"))
    var seed: UInt64?

    @Flag(name: .long, help: "Print results, errors and events as JSON Lines.")
    var json = false

    @Flag(name: .long, help: "Never use colour (NO_COLOR in the environment does the same).")
    var noColor = false

    @Flag(name: .long, help: "Stop at the first command that fails.")
    var bail = false

    func validate() throws {
        guard speed.isFinite, speed > 0, speed <= 1_000_000 else {
            throw ValidationError("--speed must be a number above 0 and at most 1000000, not \(speed).")
        }
        if file != nil, !commands.isEmpty {
            throw ValidationError("Use either -c or --file, not both.")
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        var options = SessionOptions()
        options.configPath = config
        options.dataDirectory = dataDir
        options.inMemory = inMemory
        options.speed = speed
        options.seed = seed
        options.json = json
        options.noColor = noColor
        options.bail = bail
        options.commands = commands
        options.scriptFile = file
        options.environment = ProcessInfo.processInfo.environment

        let outcome: KioskProgram.Outcome
        do {
            outcome = try await KioskProgram.run(options)
        } catch {
            let console = StandardStream.error
            console.write("kiosk: \(error)\n")
            console.flush()
            throw ExitCode(Self.exitCode(for: error))
        }
        switch outcome {
        case .success: return
        case .commandFailed: throw ExitCode(1)
        case .interrupted: throw ExitCode(130)
        }
    }

    /// Exit codes of the user's contract, by the kind of failure.
    static func exitCode(for error: any Error) -> Int32 {
        switch error {
        case is ConfigError: 78
        case is ScriptFileError: 64
        default: 74
        }
    }
}
