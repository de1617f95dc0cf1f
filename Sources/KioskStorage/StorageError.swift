import KioskCore

/// Why the database, or a directory kiosk keeps its files in, could not be opened, read or
/// written. Every case is a storage I/O failure (exit code 74); none of them resets or
/// recreates data. The cases carry the values that explain them; the presenter words them.
public enum StorageError: StorageFailure, Equatable {
    /// A directory (or the database file in it) cannot be created, opened or written.
    /// `reason` is the system's or SQLite's own description of the failure
    /// (`strerror`, `sqlite3_errmsg`), never a sentence of kiosk's.
    case directoryUnwritable(path: String, reason: String)
    /// A file stands where the data directory (or one above it) should be.
    case notADirectory(path: String)
    /// No data directory was given and neither `XDG_DATA_HOME` nor `HOME` says where one goes.
    case noHome(path: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The file starts as an SQLite database, but SQLite finds it malformed: cut short,
    /// overwritten in part, or otherwise damaged.
    case damaged(path: String)
    /// The database file is read-only (`mode`, in octal, has no write bit for its owner, or
    /// the system refuses this user to write it); kiosk writes every sale and edit to it.
    case readOnly(path: String, mode: String)
    /// The database was written by a newer kiosk: `unknown` names the migrations it does not know.
    case newerSchema(path: String, unknown: [String])
    /// The disk is full.
    case diskFull(path: String)
    /// Another process kept the database locked for `waited`, the busy timeout.
    case busy(path: String, waited: Duration)
    /// Any other SQLite failure, with SQLite's (or GRDB's) own message.
    case sqlite(path: String, message: String)
    /// A process the kernel names (another kiosk, or any other program) kept the database or
    /// the data directory locked for `waited`.
    case lockHeld(path: String, waited: Duration, holder: LockHolder)
    /// The file is an SQLite database of another application (it has tables, none of them
    /// kiosk's): kiosk leaves it untouched.
    case foreignDatabase(path: String)
    /// The database path names something that is not a regular file (a FIFO, a device, a
    /// directory); `kind` says what.
    case notARegularFile(path: String, kind: String)
    /// A stock row holds what kiosk never writes: a level that is negative, not a whole
    /// number, NULL or above its shelf's max (`value` as SQL shows it, such as `-5`, `'ten'`,
    /// `NULL`), or a shelf max that is not a whole number from 1 up.
    case tamperedStock(path: String, fruit: String, column: String, value: String, maximum: Int?)
    /// The data directory (or what a link there points to) belongs to another user or is
    /// writable by everyone: whoever controls it could swap the database under kiosk.
    case untrustedDirectory(path: String, risk: PlaceRisk)

    /// The stable JSON name of the failure.
    public var code: String {
        switch self {
        case .directoryUnwritable, .notADirectory, .noHome: "storage_unwritable"
        case .notADatabase: "storage_not_a_database"
        case .damaged: "storage_damaged"
        case .readOnly: "storage_read_only"
        case .newerSchema: "storage_newer_schema"
        case .diskFull: "storage_full"
        case .busy: "storage_busy"
        case .sqlite: "storage_error"
        case .lockHeld: "storage_busy"
        case .foreignDatabase: "storage_foreign_database"
        case .notARegularFile: "storage_not_a_file"
        case .tamperedStock: "storage_tampered"
        case .untrustedDirectory: "storage_untrusted"
        }
    }

    /// The file or directory the failure is about.
    public var path: String {
        switch self {
        case .directoryUnwritable(let path, _), .notADirectory(let path), .noHome(let path), .notADatabase(let path),
            .damaged(let path), .readOnly(let path, _),
            .newerSchema(let path, _), .diskFull(let path), .busy(let path, _), .sqlite(let path, _),
            .lockHeld(let path, _, _), .foreignDatabase(let path), .notARegularFile(let path, _),
            .tamperedStock(let path, _, _, _, _), .untrustedDirectory(let path, _):
            path
        }
    }
}

extension StorageError: DetailedError {
    /// The path; for a tampered stock row, also the fruit, the column and what it holds.
    public var details: ErrorDetails {
        switch self {
        case .tamperedStock(let path, let fruit, let column, let value, _):
            ["path": .text(path), "fruit": .text(fruit), "column": .text(column), "value": .text(value)]
        default: ["path": .text(path)]
        }
    }
}
