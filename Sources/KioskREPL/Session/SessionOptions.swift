import KioskPostgres

/// Everything the command line decides about a session.
public struct SessionOptions: Sendable {
    /// `--config PATH`.
    public var configPath: String?
    /// `--data-dir PATH`; nil means `$XDG_DATA_HOME/kiosk`.
    public var dataDirectory: String?
    /// `--database URL`: a PostgreSQL database shared with other kiosks (`postgresql://…` or a
    /// libpq conninfo); nil falls back to `$KIOSK_DATABASE`, then to SQLite.
    public var database: String?
    /// `--in-memory`: nothing is written to disk.
    public var inMemory = false
    /// `--durability full`: every commit is synced to disk before the command returns.
    public var fullDurability = false
    /// `--speed X`: how much faster than real time the bank's clock runs.
    public var speed: Double = 1
    /// `--speed max`: the bank runs in virtual time (a discrete-event simulation); `speed`
    /// is then ignored.
    public var virtualTime = false
    /// `--preset NAME`: one of ``BankPresets`` replaces the config's `[bank]`.
    public var preset: String?
    /// `--seed N`: makes random customer counts and tasks reproducible.
    public var seed: UInt64?
    /// `--json`: JSON Lines instead of text.
    public var json = false
    /// `--events all|summary|off`; nil: the remembered choice at the prompt, else `all`.
    public var events: EventsMode?
    /// `--no-color` (colour is also off for pipes and when `NO_COLOR` is set).
    public var noColor = false
    /// `--bail`: stop at the first failing line.
    public var bail = false
    /// `-c CMD`, in order.
    public var commands: [String] = []
    /// `--file F`.
    public var scriptFile: String?
    /// `--lang`; nil means `$KIOSK_LANG`, else the locale (see ``Language/resolve(explicit:environment:)``);
    /// in `kiosk classic`, `$KIOSK_LANG`, else Korean (see ``resolvedLanguage``).
    public var language: Language?
    /// `kiosk classic`: the exercise's console bank instead of the REPL or a script.
    public var classic = false
    /// The process environment.
    public var environment: [String: String] = [:]

    /// The PostgreSQL database to use: `--database`, else a non-empty `$KIOSK_DATABASE` unless
    /// `--in-memory` or `--data-dir` asks for SQLite; nil means SQLite.
    public var sharedDatabase: String? {
        if let database, !database.isEmpty { return database }
        guard !inMemory, dataDirectory == nil else { return nil }
        if let database = environment["KIOSK_DATABASE"], !database.isEmpty { return database }
        return nil
    }

    /// The libpq file to load for ``sharedDatabase``: a non-empty `$KIOSK_LIBPQ`, else
    /// ``PostgresClientLibrary/defaultName``.
    public var postgresClientLibrary: String {
        if let library = environment["KIOSK_LIBPQ"], !library.isEmpty { return library }
        return PostgresClientLibrary.defaultName
    }

    /// `--reconnect-window`, when given.
    public var reconnectWindow: Duration?

    /// How long a command waits for a lost PostgreSQL server (or another of its hosts) to
    /// accept writes again: ``reconnectWindow``, else `$KIOSK_RECONNECT_WINDOW` in seconds,
    /// else 30 s. A value out of range is refused before the session starts
    /// (``reconnectWindowProblem``).
    public var postgresReconnectWindow: Duration {
        if let reconnectWindow { return reconnectWindow }
        if let text = reconnectWindowVariable, let window = Self.parsedReconnectWindow(text) {
            return window
        }
        return .seconds(30)
    }

    /// `$KIOSK_RECONNECT_WINDOW`, nil when unset or empty (as the other variables read).
    private var reconnectWindowVariable: String? {
        environment["KIOSK_RECONNECT_WINDOW"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why `$KIOSK_RECONNECT_WINDOW` cannot be used: not a whole number of seconds within
    /// ``PostgresTarget/reconnectWindows``. Refused whatever the store, as the flag is, so
    /// that one rule holds for both wherever they are given.
    public var reconnectWindowProblem: CommandLineProblem? {
        guard reconnectWindow == nil, let text = reconnectWindowVariable, Self.parsedReconnectWindow(text) == nil
        else { return nil }
        return .reconnectWindowOutOfRange(source: "KIOSK_RECONNECT_WINDOW", given: text)
    }

    /// `text` as a reconnect window: a whole number of seconds in decimal digits only (no
    /// sign, point, exponent or `0x`), within ``PostgresTarget/reconnectWindows``; nil
    /// otherwise.
    public static func parsedReconnectWindow(_ text: String) -> Duration? {
        // At most 600 after its leading zeros: a long run of digits cannot overflow.
        let digits = text.drop { $0 == "0" }
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), digits.count <= 3,
            let seconds = Int(digits.isEmpty ? "0" : String(digits))
        else { return nil }
        let window = Duration.seconds(seconds)
        return PostgresTarget.reconnectWindows.contains(window) ? window : nil
    }

    /// The defaults: the REPL or standard input, stored on disk, at real-time speed.
    public init() {}
}

extension SessionOptions {
    /// The language the session speaks: `--lang`, else the environment's choice.
    ///
    /// `kiosk classic` is the exercise's console and speaks its Korean unless `--lang` or
    /// `$KIOSK_LANG` asks for another language: the locale does not decide it, since
    /// `LANG=C.UTF-8` is common in containers and on servers.
    public var resolvedLanguage: Language {
        if classic {
            return language ?? environment["KIOSK_LANG"].flatMap(Language.init(code:)) ?? .korean
        }
        return Language.resolve(explicit: language, environment: environment)
    }
}
