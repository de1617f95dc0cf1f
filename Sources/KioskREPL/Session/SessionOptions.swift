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
        if let text = environment["KIOSK_RECONNECT_WINDOW"], let window = Self.parsedReconnectWindow(text) {
            return window
        }
        return .seconds(30)
    }

    /// Why `$KIOSK_RECONNECT_WINDOW` cannot be used, when a shared database would use it:
    /// not a number of seconds within ``PostgresTarget/reconnectWindows``.
    public var reconnectWindowProblem: CommandLineProblem? {
        guard reconnectWindow == nil, sharedDatabase != nil, let text = environment["KIOSK_RECONNECT_WINDOW"],
            Self.parsedReconnectWindow(text) == nil
        else { return nil }
        return .reconnectWindowOutOfRange(source: "KIOSK_RECONNECT_WINDOW", given: text)
    }

    /// `text` as a reconnect window: a number of seconds within
    /// ``PostgresTarget/reconnectWindows``; nil otherwise.
    public static func parsedReconnectWindow(_ text: String) -> Duration? {
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 600 else { return nil }
        let window = Duration.milliseconds(Int64((seconds * 1_000).rounded()))
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
