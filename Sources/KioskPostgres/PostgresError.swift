import KioskCore

/// Why the PostgreSQL store could not be reached, read or written. Every case but
/// ``unparsable(given:reason:)`` (a mistyped `--database`) is a storage I/O failure (exit code
/// 74 at start-up); none of them leaves a change half-applied. The cases carry the values that
/// explain them; the presenter words them. `server` is the store's description without its
/// password (see ``PostgresTarget/description``).
public enum PostgresError: StorageFailure, Equatable {
    /// libpq cannot read the text given as the database, neither as a URL nor as a conninfo:
    /// `given` is that text and `reason` libpq's message, both without the password. No
    /// server was contacted.
    case unparsable(given: String, reason: String)
    /// No connection could be made: the server is down, unreachable, or refused the login.
    /// `reason` is libpq's own message.
    case unreachable(server: String, reason: String)
    /// The connection broke while a command ran and no connection stood again within the
    /// reconnect window; the command's change was not applied (a change whose answer was
    /// lost is looked up by its id once a connection stands), and the next command connects
    /// again.
    case connectionLost(server: String, reason: String)
    /// The database was written by a newer kiosk: `version` is its schema version, `known`
    /// the newest this kiosk knows.
    case newerSchema(server: String, version: Int, known: Int)
    /// The database holds tables that are not kiosk's; kiosk writes nothing into it.
    case notKioskDatabase(server: String)
    /// The server sent no answer to a statement within `waited` (a frozen server, or a
    /// network that drops everything): kiosk gave the connection up; the next command
    /// connects again. A change sent unanswered is ``outcomeUnknown(server:reason:)``
    /// instead, since the server may commit it once it runs again.
    case unanswered(server: String, waited: Duration)
    /// The server committed changes of this kiosk (or may have) but did not confirm them
    /// (`reason`: the change or a barrier behind it went unanswered, or the barrier
    /// failed): whether they were made is unknown. Nothing is reported made or failed for them.
    case outcomeUnknown(server: String, reason: UnconfirmedReason)
    /// The user interrupted (Ctrl-C) a wait for the server: kiosk gave the connection up; the
    /// next command connects again.
    case interrupted(server: String)
    /// A row lock or a statement waited longer than the bound (`lock_timeout`,
    /// `statement_timeout`); nothing was changed.
    case busy(server: String, waited: Duration)
    /// Any other server failure, with its SQLSTATE and PostgreSQL's own message.
    case server(server: String, state: String, message: String)
    /// A stock row holds what kiosk never writes (a level outside 0 through its max, a max
    /// below 1, a NULL, or no row for a fruit of the menu): someone edited the table by hand.
    /// `column` names the cell and `value` shows it as SQL does; nothing was changed.
    case tamperedStock(server: String, fruit: String, column: String, value: String, maximum: Int?)
    /// libpq could not be loaded from `library` (not installed, or not the library kiosk
    /// needs); `reason` is the dynamic loader's own message. No server was contacted.
    case clientLibraryUnavailable(library: String, reason: String)

    /// The stable JSON name of the failure.
    public var code: String {
        switch self {
        case .unreachable: "storage_unreachable"
        // A mistyped database is bad usage, as the command line reports it.
        case .unparsable: "bad_usage"
        case .connectionLost, .interrupted: "storage_connection_lost"
        case .newerSchema: "storage_newer_schema"
        case .notKioskDatabase: "storage_not_a_database"
        case .busy: "storage_busy"
        case .unanswered: "storage_timeout"
        case .outcomeUnknown: "storage_outcome_unknown"
        case .server: "storage_error"
        case .clientLibraryUnavailable: "storage_client_unavailable"
        case .tamperedStock: "storage_tampered"
        }
    }

    /// Whether a script stops here (exit 74): for a server that does not answer within
    /// kiosk's bound (waiting again on every later line would multiply the wait), for one
    /// that stayed lost or unreachable for the whole reconnect window (every later line would
    /// fail the same way), for a lock held past the bound (as on SQLite: the lines after it
    /// were written for a stock this one did not change), and for a database kiosk must not
    /// use. A statement the server refused ends only its own command.
    public var endsScript: Bool {
        switch self {
        case .unanswered, .newerSchema, .notKioskDatabase, .tamperedStock, .clientLibraryUnavailable, .unreachable,
            .connectionLost, .interrupted, .outcomeUnknown, .unparsable, .busy:
            true
        case .server: false
        }
    }

    /// The store the failure is about, without its password; `postgresql` when libpq could
    /// not be loaded to read it.
    public var server: String {
        switch self {
        case .clientLibraryUnavailable: "postgresql"
        case .unreachable(let server, _), .connectionLost(let server, _), .newerSchema(let server, _, _),
            .notKioskDatabase(let server), .busy(let server, _), .server(let server, _, _), .unanswered(let server, _),
            .outcomeUnknown(let server, _), .unparsable(let server, _), .interrupted(let server),
            .tamperedStock(let server, _, _, _, _):
            server
        }
    }
}

extension PostgresError: DetailedError {
    /// The store, never its password; for libpq that cannot be loaded, also the file tried.
    public var details: ErrorDetails {
        switch self {
        case .clientLibraryUnavailable(let library, _): ["database": .text(server), "library": .text(library)]
        case .tamperedStock(let server, let fruit, let column, let value, _):
            ["database": .text(server), "fruit": .text(fruit), "column": .text(column), "value": .text(value)]
        default: ["database": .text(server)]
        }
    }
}

/// Why changes sent to the server went unconfirmed: what kiosk found is a value, for the
/// presenter to word; what libpq or the server said is kept as they said it.
public enum UnconfirmedReason: Sendable, Equatable {
    /// No answer came within `waited`.
    case unanswered(waited: Duration)
    /// The connection was lost, and the window to connect again passed, before they were
    /// confirmed.
    case connectionLost
    /// A change the server lost, sent again under its id, moved the stock differently.
    case resentDifferently
    /// The user interrupted (Ctrl-C) the wait for the answer.
    case interrupted
    /// libpq's or the server's own message.
    case reported(String)
}
