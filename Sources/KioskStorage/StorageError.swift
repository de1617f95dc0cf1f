import KioskCore

/// Why the database could not be opened, read or written. Every case is a storage
/// I/O failure (exit code 74); none of them resets or recreates data.
public enum StorageError: KioskError, Equatable {
    /// The data directory cannot be created or written.
    case directoryUnwritable(path: String, reason: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The database was written by a newer kiosk.
    case newerSchema(path: String, unknown: [String])
    /// The disk is full.
    case diskFull(path: String)
    /// Another process kept the database locked past the busy timeout.
    case busy(path: String, waited: Duration)
    /// Any other SQLite failure.
    case sqlite(path: String, message: String)

    public var code: String {
        switch self {
        case .directoryUnwritable: "storage_unwritable"
        case .notADatabase: "storage_not_a_database"
        case .newerSchema: "storage_newer_schema"
        case .diskFull: "storage_full"
        case .busy: "storage_busy"
        case .sqlite: "storage_error"
        }
    }

    public var details: [JSONField] {
        switch self {
        case .directoryUnwritable(let path, _), .notADatabase(let path), .newerSchema(let path, _),
            .diskFull(let path), .busy(let path, _), .sqlite(let path, _):
            [JSONField("path", .string(path))]
        }
    }

    public var description: String {
        switch self {
        case .directoryUnwritable(let path, let reason):
            "Cannot use data directory \(path): \(reason). Choose another with --data-dir, or run with --in-memory."
        case .notADatabase(let path):
            "\(path) is not a kiosk database (it is not SQLite). Move it away or choose another --data-dir; kiosk will not overwrite it."
        case .newerSchema(let path, let unknown):
            "\(path) was written by a newer kiosk (schema \(unknown.sorted().joined(separator: ", "))). Upgrade kiosk, or choose another --data-dir."
        case .diskFull(let path):
            "The disk holding \(path) is full. Free some space; nothing was changed."
        case .busy(let path, let waited):
            "\(path) stayed locked by another kiosk process for \(waited.wholeMilliseconds / 1_000) s. Try again; nothing was changed."
        case .sqlite(let path, let message):
            "Database error in \(path): \(message)"
        }
    }
}
