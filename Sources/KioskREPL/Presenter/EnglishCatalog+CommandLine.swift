import KioskCore

/// kiosk's command line, in English (its `--help` page is argument-parser's).
extension EnglishCatalog {
    /// The environment variables kiosk reads, for `--help` and the man page.
    static let environment: [(name: String, meaning: String)] = [
        ("KIOSK_CONFIG", "The config file to read when --config is not given."),
        ("KIOSK_DATABASE", "The PostgreSQL database to share, when --database is not given."),
        ("KIOSK_HISTFILE", "The prompt's history file (default $XDG_STATE_HOME/kiosk/history)."),
        ("KIOSK_LANG", "The language, en or ko, when --lang is not given (else LC_ALL, LC_MESSAGES or LANG)."),
        ("KIOSK_LIBPQ", "The libpq file to load for a PostgreSQL database (default libpq.so.5)."),
        (
            "KIOSK_RECONNECT_WINDOW",
            "How long to wait for a lost PostgreSQL server when --reconnect-window is not given (whole seconds, 0 to 600, default 30)."
        ),
        ("NO_COLOR", "When set and not empty, no colour (no-color.org); so does TERM=dumb."),
        ("PAGER", "Pages long output at the prompt (default less; empty or cat pages nothing)."),
        ("TZ", "The time zone whose midnights start and end the days of 'sales'."),
        ("XDG_CONFIG_HOME", "The config is read from $XDG_CONFIG_HOME/kiosk/kiosk.toml (default ~/.config)."),
        ("XDG_DATA_HOME", "The database lives in $XDG_DATA_HOME/kiosk (default ~/.local/share)."),
        ("XDG_STATE_HOME", "The history lives in $XDG_STATE_HOME/kiosk (default ~/.local/state)."),
    ]

    /// The exit codes of the user's contract.
    static let exitStatuses: [(code: Int, meaning: String)] = [
        (0, "Every command succeeded."),
        (1, "A command failed (the others still ran, unless --bail)."),
        (
            64,
            "Bad usage: an unknown flag, a bad flag value, an unreadable --file, a --database that is neither a URL nor a conninfo."
        ),
        (74, "Storage I/O: the data directory or the database cannot be used, or standard output cannot be written."),
        (78, "A bad config."),
        (130, "Interrupted by Ctrl-C (SIGTERM exits 143, SIGHUP 129)."),
        (141, "The reader of standard output went away (a broken pipe)."),
    ]

    var manDescription: String {
        """
        kiosk runs a juice bar and a bank counter from one prompt. On a terminal with no \
        -c, --file or command words it starts an interactive prompt; type 'help' there. \
        Otherwise it runs the command given after the flags, the -c commands, the script \
        file, or the lines of standard input, and exits. A '#' that starts a word begins a \
        comment. The commands are listed below.
        """
    }

    var manFiles: String {
        """
        $XDG_DATA_HOME/kiosk/kiosk.sqlite holds the stock, the sales and the bank sessions; \
        $XDG_STATE_HOME/kiosk/history the prompt's history; $XDG_CONFIG_HOME/kiosk/kiosk.toml \
        the config, when present.
        """
    }

    /// The part of `--help` after the options: what runs, the environment, the exit codes.
    /// argument-parser wraps it again at `width` and breaks a line as long as the width, so
    /// the environment's entries are laid out a cell narrower, each wrapped line under its
    /// text's column.
    static func commandLineDiscussion(width: Int) -> String {
        let nameWidth = environment.map(\.name.count).max() ?? 0
        let variables = environment.flatMap { variable in
            TextWrapper.entry(variable.name, variable.meaning, indent: nameWidth + 4, width: max(width, 40) - 1)
        }
        return """
            With no options on a terminal, kiosk starts an interactive prompt; type 'help' there. \
            Otherwise it runs the command given after the flags ('kiosk menu', 'kiosk order \
            banana 2'), the -c commands, the --file script or standard input, and exits.

            Environment:
            \(variables.joined(separator: "\n"))

            Exit codes: 0 ok, 1 a command failed, 64 bad usage, 74 storage I/O error \
            (or standard output cannot be written), 78 bad config, 130 interrupted, \
            141 the reader of standard output went away.
            """
    }

    func describe(_ problem: CommandLineProblem) -> String {
        switch problem {
        case .missingNumber(let flag):
            flag == "--seed"
                ? "--seed needs a value: a whole number from 0 to \(UInt64.max)."
                : "--speed needs a value: a number from 0.001 to 1000000."
        case .reconnectWindowOutOfRange(let source, let given):
            "\(source) must be a whole number of seconds from 0 to 600, not '\(Sanitized.text(given, limit: 64))'."
        case .unparsableDatabase(let source, let given, let reason):
            "\(source) must be a postgresql:// URL or a libpq conninfo, not '\(Sanitized.text(given, limit: 256))' (\(Sanitized.text(reason, limit: 512)))."
        case .speedOutOfRange(let given):
            "--speed must be a number from 0.001 to 1000000, or max, not '\(Sanitized.text(given, limit: 64))'."
        case .speedNotANumber(let given):
            "--speed must be a number from 0.001 to 1000000, or max, not '\(Sanitized.text(given, limit: 64))'."
        case .seedNotWhole(let given):
            "--seed must be a whole number from 0 to \(UInt64.max), not '\(Sanitized.text(given, limit: 64))'."
        case .unknownPreset(let given, let choices):
            "--preset must be one of \(choices.joined(separator: ", ")), not '\(Sanitized.text(given, limit: 64))'."
        case .unknownLanguage(let given): "--lang must be en or ko, not '\(Sanitized.text(given, limit: 64))'."
        case .unknownDurability(let given):
            "--durability must be 'normal' or 'full', not '\(Sanitized.text(given, limit: 64))'."
        case .unknownEventsMode(let given):
            "--events must be all, summary or off, not '\(Sanitized.text(given, limit: 64))'."
        case .flagTakesNoValue(let flag, let given):
            "\(flag) takes no value: leave out '=\(Sanitized.text(given, limit: 64))'."
        case .emptyDataDirectory: "--data-dir needs a directory, not an empty string."
        case .emptyDatabase:
            "--database needs a postgresql:// URL or a libpq conninfo, not an empty string; leave it out to use the data directory."
        case .classicWithCommands: "'classic' reads its menu choices from standard input: leave out -c and --file."
        case .classicWithJSON: "'classic' prints the exercise's console lines and no JSON: leave out --json."
        case .fileWithCommands: "Use either -c or --file, not both."
        case .wordsWithCommands:
            "Give the command either as words after the flags, with -c, or with --file, not two of them."
        case .databaseWithLocalStore:
            "Use either --database or --in-memory/--data-dir, not both: --database keeps everything on the server."
        case .inMemoryWithDataDirectory:
            "Use either --in-memory or --data-dir, not both: --in-memory uses no data directory."
        case .unknownUser(let flag, let user, let given):
            "\(flag): no user '\(Sanitized.text(user, limit: 64))' here, so '\(Sanitized.text(given, limit: 256))' names no home directory. Write the path out (or './\(Sanitized.text(given, limit: 256))' for a directory of that name)."
        case .unknownOption(let flag):
            "Unknown option '\(Sanitized.text(flag, limit: 64))'."
                + (CommandLineFlag.suggestion(for: flag).map { " Did you mean '\($0)'?" } ?? "")
        case .missingValue(let flag): "Missing value for '\(Sanitized.text(flag, limit: 64))'."
        case .parser(let message): Sanitized.text(message, limit: 4_096)
        }
    }

    func usageLine(_ problem: String) -> String {
        "Error: \(problem) Usage: kiosk [options] [command words...]; see 'kiosk --help'."
    }
}
