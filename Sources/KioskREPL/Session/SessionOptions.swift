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

    /// How long a command waits for a lost PostgreSQL server (or another of its hosts) to
    /// accept writes again: `$KIOSK_RECONNECT_WINDOW` in seconds when it is a number within
    /// ``PostgresTarget/reconnectWindows``, else 30 s.
    public var postgresReconnectWindow: Duration {
        if let text = environment["KIOSK_RECONNECT_WINDOW"], let seconds = Double(text), seconds.isFinite {
            let window = Duration.milliseconds(Int64((seconds * 1_000).rounded()))
            if PostgresTarget.reconnectWindows.contains(window) { return window }
        }
        return .seconds(30)
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
