import KioskCore

/// Why the PostgreSQL store could not be reached, read or written. Every case is a storage
/// I/O failure (exit code 74 at start-up); none of them leaves a change half-applied. The
/// cases carry the values that explain them; the presenter words them. `server` is the
/// store's description without its password (see ``PostgresTarget/description``).
public enum PostgresError: KioskError, Equatable {
    /// No connection could be made: the server is down, unreachable, or refused the login.
    /// `reason` is libpq's own message.
    case unreachable(server: String, reason: String)
    /// The connection broke while a command ran; the command's change was not applied, and
    /// the next command connects again.
    case connectionLost(server: String, reason: String)
    /// The database was written by a newer kiosk: `version` is its schema version, `known`
    /// the newest this kiosk knows.
    case newerSchema(server: String, version: Int, known: Int)
    /// The database holds tables that are not kiosk's; kiosk writes nothing into it.
    case notKioskDatabase(server: String)
    /// A row lock or a statement waited longer than the bound (`lock_timeout`,
    /// `statement_timeout`); nothing was changed.
    case busy(server: String, waited: Duration)
    /// Any other server failure, with its SQLSTATE and PostgreSQL's own message.
    case server(server: String, state: String, message: String)
    /// libpq could not be loaded from `library` (not installed, or not the library kiosk
    /// needs); `reason` is the dynamic loader's own message. No server was contacted.
    case clientLibraryUnavailable(library: String, reason: String)

    /// The stable JSON name of the failure.
    public var code: String {
        switch self {
        case .unreachable: "storage_unreachable"
        case .connectionLost: "storage_connection_lost"
        case .newerSchema: "storage_newer_schema"
        case .notKioskDatabase: "storage_not_a_database"
        case .busy: "storage_busy"
        case .server: "storage_error"
        case .clientLibraryUnavailable: "storage_client_unavailable"
        }
    }

    /// The store the failure is about, without its password; `postgresql` when libpq could
    /// not be loaded to read it.
    public var server: String {
        switch self {
        case .clientLibraryUnavailable: "postgresql"
        case .unreachable(let server, _), .connectionLost(let server, _), .newerSchema(let server, _, _),
            .notKioskDatabase(let server), .busy(let server, _), .server(let server, _, _):
            server
        }
    }
}

extension PostgresError: DetailedError {
    /// The store, never its password; for libpq that cannot be loaded, also the file tried.
    public var details: ErrorDetails {
        switch self {
        case .clientLibraryUnavailable(let library, _): ["database": .text(server), "library": .text(library)]
        default: ["database": .text(server)]
        }
    }
}
