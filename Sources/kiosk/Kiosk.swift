import ArgumentParser
import Foundation
import KioskCore
import KioskREPL

@main
struct Kiosk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "A juice bar and a bank counter in one terminal.",
        discussion: KioskProgram.helpDiscussion,
        version: "kiosk \(KioskProgram.version)")

    @Option(
        name: [.short, .customLong("command")],
        help: ArgumentHelp("Run a command, then exit (repeatable).", valueName: "command"),
        completion: .custom { words, index, prefix in
            ShellCompletion.commandLines(
                forShellWord: prefix, configPath: configFlag(in: words), environment: Kiosk.environment())
        })
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Wait this long for a lost PostgreSQL server (or another of its hosts) to accept writes again before a command fails: whole seconds, 0 to 600 (default: $KIOSK_RECONNECT_WINDOW, else 30).",
            valueName: "secs"))
    var reconnectWindow: String?

    @Flag(
        name: .long,
        help: "Keep no database: stock, sales and bank sessions are gone at exit (the prompt's history is still kept).")
    var inMemory = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "normal: every sale survives a crash of kiosk; full: also a power loss (each order waits for the disk).",
            valueName: "normal|full"))
    var durability = Durability.normal

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
    var lang: Language?

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

    @Flag(name: .customLong("help-man"), help: "Print this manual as a man page (roff) and exit.")
    var helpMan = false

    // Filled by `main` from the words after the flags (argument-parser would read a
    // `--help` among them as a command word); declared for `--help` and completion.
    @Argument(
        parsing: .postTerminator,
        help: ArgumentHelp(
            """
            A command to run, then exit: 'kiosk menu', 'kiosk sales yesterday'. \
            'classic' runs the exercise's console bank (1 : 은행개점 / 2 : 종료).
            """, valueName: "command words"),
        completion: .custom { words, index, prefix in
            Kiosk.completeCommandWords(words, index: index, prefix: prefix)
        })
    var words: [String] = []

    /// Makes glibc keep one malloc arena, before any thread starts: memory one thread frees
    /// is then reused by the next allocation on any thread. A bank in virtual time frees
    /// its waiting lines on whichever thread it last resumed on while its books grow on
    /// another; with an arena per thread the lines' memory stayed unused (72 bytes kept per
    /// served customer instead of 47). kiosk's threads seldom allocate at the same moment.
    /// `mallopt` is found at run time: Glibc's module map does not declare it.
    private static func useOneMallocArena() {
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        // M_ARENA_MAX in <malloc.h>.
        let arenaMax: Int32 = -8
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, 1)
    }

    /// Parses the command line and runs; with `--json`, usage errors are JSON too.
    static func main() async {
        useOneMallocArena()
        StandardStream.protectStandardDescriptors()
        // `kiosk --version` answers before argument-parser reflects over the flags, which
        // is most of what it costs past loading the binary.
        if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "--version" {
            // Without $KIOSK_DATABASE there is no store to name, and no need for the whole
            // environment as a dictionary (its first use instantiates the type's metadata).
            let named = getenv("KIOSK_DATABASE").map { $0.pointee != 0 } ?? false
            printPage(
                named
                    ? KioskProgram.versionText(database: nil, local: false, environment: environment())
                    : "kiosk \(KioskProgram.version)\n")
            return
        }
        let beforeTerminator = CommandLine.arguments.dropFirst().prefix { $0 != "--" }
        if beforeTerminator.contains("--version") {
            // --in-memory or --data-dir: the store is SQLite's, whatever $KIOSK_DATABASE says.
            let local = beforeTerminator.contains {
                $0 == "--in-memory" || $0 == "--data-dir" || $0.hasPrefix("--data-dir=")
            }
            printPage(
                KioskProgram.versionText(
                    database: databaseFlag(in: Array(beforeTerminator)), local: local, environment: environment()))
            return
        }
        let wantsJSON = CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--json")
        // Only a usage error or `--help` needs the language: reading the environment for it
        // would cost every start.
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A shell's completion script asking for candidates: argument-parser answers it.
        if CommandLine.arguments.dropFirst().first == "---completion" {
            do {
                var command = try parseAsRoot()
                try command.run()
            } catch {
                exit(withError: error)
            }
            return
        }
        if let problem = FlagValues.problem(in: Array(CommandLine.arguments.dropFirst())) {
            failUsage(problem, json: wantsJSON, language: language(in: arguments))
        }
        var (flags, words) = splitCommandWords(Array(CommandLine.arguments.dropFirst()))
        // argument-parser writes its help page in English only; other languages have their own.
        if flags.contains(where: { $0 == "-h" || $0 == "--help" }) {
            printPage(KioskProgram.commandLineHelp(language: language(in: arguments)) ?? helpMessage() + "\n")
            return
        }
        // `kiosk classic --speed 20`: a mode takes flags after its name too.
        if words.first?.lowercased() == "classic" {
            flags += words.dropFirst()
            words = Array(words.prefix(1))
        }
        if let problem = FlagValues.choiceProblem(in: flags) {
            failUsage(problem, json: wantsJSON, language: language(in: arguments))
        }
        if let quick = KioskFlags.parsing(flags, words: words) {
            if let problem = quick.problem {
                failUsage(problem, json: wantsJSON, language: language(in: arguments))
            }
            await quick.runThenExit()
        }
        do {
            // Without command words argument-parser reads the process's own arguments, as
            // its `--help` and completion requests expect.
            var command = try words.isEmpty ? parseAsRoot() : parseAsRoot(flags)
            if var kiosk = command as? Kiosk {
                kiosk.words = words
                try kiosk.checkUsage()
                try await kiosk.run()
            } else {
                try command.run()
            }
        } catch let error as UsageError {
            failUsage(error.problem, json: wantsJSON, language: language(in: arguments))
        } catch {
            let message = self.message(for: error)
            let code = exitCode(for: error)
            if code != .success, !message.isEmpty, code.rawValue == ExitCode.validationFailure.rawValue {
                // One line, as the prompt's own errors are: the first line of
                // argument-parser's message names the flag and the bad value.
                let first = message.split(separator: "\n").first.map(String.init) ?? message
                failUsage(FlagValues.parserProblem(first), json: wantsJSON, language: language(in: arguments))
            }
            if wantsJSON, code != .success, !message.isEmpty {
                let usage = UsageError(.parser(message))
                StandardStream.error.write(
                    KioskProgram.errorLine(for: usage, json: true, language: language(in: arguments)))
                StandardStream.error.flush()
                exit(withError: ExitCode(code.rawValue))
            }
            exit(withError: error)
        }
    }

    /// Prints `text` (the help, the man page, the version) on standard output; exits 74 with
    /// the line that says why when it cannot be written, as a command's output would.
    static func printPage(_ text: String) {
        StandardStream.output.write(text)
        StandardStream.output.flush()
        guard let failure = StandardStream.output.writeFailure else { return }
        if let line = KioskProgram.outputFailureLine(failure, json: false) { StandardStream.error.write(line) }
        StandardStream.error.flush()
        exit(withError: ExitCode(74))
    }

    /// Prints a usage error on one line (`Error: <problem> Usage: ...`, as argument-parser
    /// begins its own), or as a JSON Lines error, and exits 64.
    static func failUsage(_ problem: CommandLineProblem, json: Bool, language: Language) -> Never {
        StandardStream.error.write(KioskProgram.usageErrorLine(problem, json: json, language: language))
        StandardStream.error.flush()
        exit(withError: ExitCode(64))
    }

    /// The language of messages before the session starts: `--lang`, else the environment's.
    static func language(in arguments: [String]) -> Language {
        var explicit: Language?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--lang", index + 1 < arguments.count { explicit = Language(code: arguments[index + 1]) }
            if argument.hasPrefix("--lang=") { explicit = Language(code: String(argument.dropFirst("--lang=".count))) }
        }
        return Language.resolve(explicit: explicit, environment: environment())
    }

    /// Options that take a value in the next argument: kiosk's own, and argument-parser's
    /// `--generate-completion-script`.
    static func takesValue(_ argument: String) -> Bool {
        CommandLineFlag(spelling: argument)?.takesValue ?? (argument == "--generate-completion-script")
    }

    /// The flags, and the command words from the first argument that is neither a flag
    /// nor a flag's value (`kiosk --json sales --all` runs `sales --all`).
    static func splitCommandWords(_ arguments: [String]) -> (flags: [String], words: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return (Array(arguments[..<index]), Array(arguments[(index + 1)...])) }
            guard argument.hasPrefix("-"), argument != "-" else { break }
            index += takesValue(argument) ? 2 : 1
        }
        let end = min(index, arguments.count)
        return (Array(arguments[..<end]), Array(arguments[end...]))
    }

    /// The value of `--config` among a shell's words, for completing with its menu.
    static func configFlag(in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word.hasPrefix("--config=") { return String(word.dropFirst("--config=".count)) }
            if word == "--config", index + 1 < words.count { return words[index + 1] }
        }
        return nil
    }

    /// Completes the command words after the flags (`kiosk order ma<Tab>`): the words
    /// before the one being completed, from the first that is not a flag or a flag's value.
    static func completeCommandWords(_ words: [String], index: Int, prefix: String) -> [String] {
        var first = 1
        while first < min(index, words.count), words[first].hasPrefix("-") {
            first += takesValue(words[first]) ? 2 : 1
        }
        let typed = first < index ? words[first..<min(index, words.count)].joined(separator: " ") + " " : ""
        return ShellCompletion.words(
            forLine: typed + prefix, configPath: configFlag(in: words), environment: environment())
    }

    /// The parsed values, as the session runs them.
    var flags: KioskFlags {
        KioskFlags(
            commands: commands, file: file, config: config, dataDir: dataDir, database: database,
            reconnectWindow: reconnectWindow, inMemory: inMemory,
            durability: durability, speed: speed, preset: preset, seed: seed, lang: lang, json: json, events: events,
            noColor: noColor, bail: bail, words: words)
    }

    /// Checks what argument-parser cannot: values it takes as text, and flags that exclude
    /// each other. Called after parsing, so that its errors reach the user as kiosk words them.
    func checkUsage() throws(UsageError) {
        if let problem = flags.problem { throw UsageError(problem) }
    }

    func run() async throws {
        if helpMan {
            Self.printPage(Self.manPage())
            return
        }
        try await flags.run()
    }

    /// `word` as kiosk's tokenizer reads it back: as it is when plain, else single-quoted.
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value < 0x7F && !"'\"\\#".unicodeScalars.contains(scalar)
            }
        if plain { return word }
        // Inside single quotes everything is literal, so a quote itself ends them, is
        // escaped, and they open again.
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// kiosk(1): the options from this command's own `--help`, the rest from the catalog.
    static func manPage() -> String {
        var options: [(flag: String, help: String)] = []
        var inOptions = false
        // A flag too long for argument-parser's column stands on a line of its own, its help
        // on the next.
        var alone: String?
        for line in helpMessage(columns: 10_000).split(separator: "\n") {
            if line.hasPrefix("OPTIONS:") || line.hasPrefix("ARGUMENTS:") {
                inOptions = true
                continue
            }
            guard inOptions, line.hasPrefix("  ") else { continue }
            let text = line.drop { $0 == " " }
            if let flag = alone {
                options.append((flag, String(text)))
                alone = nil
                continue
            }
            if !text.contains("  "), text.first == "-", !text.contains(where: \.isUppercase) {
                alone = String(text)
                continue
            }
            // The help starts with the first capital letter after a space: flags and value
            // names are lower case.
            let start = text.indices.first { index in
                index > text.startIndex && text[text.index(before: index)] == " " && text[index].isUppercase
            }
            guard let start else { continue }
            let flag = text[..<start].reversed().drop { $0 == " " }.reversed()
            options.append((String(flag), String(text[start...])))
        }
        var format = Date.ISO8601FormatStyle()
        format = format.year().month().day()
        return ManPage.render(options: options, date: Date.now.formatted(format))
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

extension Language: ExpressibleByArgument {
    /// `en`, `ko`, or a locale of either (`ko_KR.UTF-8`), as `--lang` reads it.
    public init?(argument: String) {
        self.init(code: argument)
    }

    /// None: `--lang`'s help names the languages itself.
    public static var allValueStrings: [String] { [] }
}
