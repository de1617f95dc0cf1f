import Foundation
import GRDBSQLite

/// Tells a kiosk database from another application's SQLite file before kiosk writes a byte.
///
/// A file at rest is read as immutable (`?immutable=1`), so SQLite takes no lock and creates
/// no journal, -wal or -shm file beside it: a refused file is left exactly as it was.
///
/// A file with a `-wal` beside it is live: another kiosk has it open (or was killed with it
/// open), and its newest pages are in the WAL, or being copied into the file by a
/// checkpoint. Read as immutable, such a file can look like anything, even "not SQLite",
/// halfway through a checkpoint; so it is read the way SQLite reads a live database, with
/// its locks and its WAL. Kiosks open the database only while holding the data directory's
/// lock, which the caller holds: with no `-wal` there now, no kiosk can start writing the
/// file until the check is done.
enum ForeignDatabaseCheck {
    /// The first migration every kiosk database records.
    static let kioskMigration = "v1-stock-sales-bank"

    /// Refuses an SQLite database that holds tables but no kiosk schema (GRDB's migration
    /// table naming kiosk's first migration). A missing or empty file, or an SQLite database
    /// with no tables, is fine: kiosk makes it its own.
    /// - Throws: ``StorageError/foreignDatabase(path:)``, or the failure to read it.
    static func refuseForeign(_ path: String) throws(StorageError) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size > 0 else { return }
        let live = access(path + "-wal", F_OK) == 0
        var connection: OpaquePointer?
        defer { sqlite3_close(connection) }
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        guard sqlite3_open_v2(uri(for: path, immutable: !live), &connection, flags, nil) == SQLITE_OK, let connection
        else {
            throw .notADatabase(path: path)
        }
        // A checkpoint by the kiosk that has the file open holds its locks for moments.
        sqlite3_busy_timeout(connection, Int32(KioskDatabase.busyTimeout.components.seconds * 1_000))
        let tables = try strings(
            connection, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'", path: path)
        guard !tables.isEmpty else { return }
        guard tables.contains("grdb_migrations"),
            try strings(connection, "SELECT identifier FROM grdb_migrations", path: path).contains(kioskMigration)
        else {
            throw .foreignDatabase(path: path)
        }
    }

    /// A `file:` URI for `path`, its reserved characters escaped; read as immutable unless
    /// `immutable` is false.
    static func uri(for path: String, immutable: Bool = true) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7F...:
                escaped += String(format: "%%%02X", byte)
            default:
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:" + escaped + (immutable ? "?immutable=1" : "")
    }

    /// The first column of every row `sql` returns, as text.
    private static func strings(_ connection: OpaquePointer, _ sql: String, path: String) throws(StorageError)
        -> [String]
    {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure(connection, path: path)
        }
        var values: [String] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                if let text = sqlite3_column_text(statement, 0) { values.append(String(cString: text)) }
            case SQLITE_DONE:
                return values
            default:
                throw failure(connection, path: path)
            }
        }
    }

    private static func failure(_ connection: OpaquePointer, path: String) -> StorageError {
        let code = sqlite3_errcode(connection)
        if code == SQLITE_NOTADB || code == SQLITE_CORRUPT { return .unreadable(path) }
        return .sqlite(path: path, message: String(cString: sqlite3_errmsg(connection)))
    }
}
