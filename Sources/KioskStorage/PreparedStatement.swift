import Foundation
import GRDB
import GRDBSQLite

/// One SQL statement compiled once for the connection and run through SQLite's C API: for
/// the few statements every order runs, where GRDB's `execute(arguments:)` (an argument
/// array, a statement-cache lookup, observation bookkeeping) costs more than SQLite's work.
///
/// GRDB still owns the compiled statement (it finalizes it), and the statement runs on
/// GRDB's connection while the ``KioskDatabase``'s connection lock is held (inside GRDB's
/// blocks or beside them), so nothing runs beside it. Only use it for statements no GRDB
/// observer needs to see; kiosk registers none.
///
/// ```swift
/// let update = try PreparedStatement("UPDATE stock SET quantity = ? WHERE fruit = ?", in: db)
/// let banana = KeptText("banana")   // kept for as long as `update`
/// try update.execute(6, banana)
/// ```
struct PreparedStatement {
    private let statement: Statement
    private let connection: SQLiteConnection
    /// The SQL, kept for errors: GRDB's `Statement.sql` may only be read on GRDB's queue, and
    /// the statement may fail on the calling thread (``KioskDatabase``'s direct transactions).
    private let sql: String
    private var handle: SQLiteStatement { statement.sqliteStatement }

    /// Compiles `sql` on `db`'s connection.
    /// - Throws: `DatabaseError` when the SQL does not compile or the connection is closed.
    init(_ sql: String, in db: Database) throws {
        guard let connection = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database connection is closed", sql: sql)
        }
        self.connection = connection
        self.sql = sql
        statement = try db.makeStatement(sql: sql)
    }

    /// Runs the statement, which takes no arguments, to the end.
    func execute() throws {
        try run()
    }

    /// Runs the statement with two arguments, the second bound in place.
    func execute(_ first: Int, _ second: KeptText) throws {
        bind(first, at: 1)
        bind(second, at: 2)
        try run()
    }

    /// Runs the statement with three arguments, the second bound in place.
    func execute(_ first: Int, _ second: KeptText, _ third: Int) throws {
        bind(first, at: 1)
        bind(second, at: 2)
        bind(third, at: 3)
        try run()
    }

    /// Runs the statement with five arguments.
    func execute(_ first: Int, _ second: String, _ third: String, _ fourth: Int, _ fifth: Int) throws {
        bind(first, at: 1)
        bind(second, at: 2)
        bind(third, at: 3)
        bind(fourth, at: 4)
        bind(fifth, at: 5)
        try run()
    }

    /// The connection's data version of its main database (SQLite's
    /// `SQLITE_FCNTL_DATA_VERSION`): it changes with every commit to the file, by this
    /// connection or, once this one has begun a read since, by any other. Nil when SQLite
    /// cannot say.
    var dataVersion: UInt32? {
        var version: UInt32 = 0
        guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_DATA_VERSION, &version) == SQLITE_OK else {
            return nil
        }
        return version
    }

    /// Whether the connection is inside a transaction (SQLite is not in autocommit mode).
    var isInsideTransaction: Bool {
        sqlite3_get_autocommit(connection) == 0
    }

    /// The row id of the connection's latest insert.
    var lastInsertedRowID: Int {
        Int(sqlite3_last_insert_rowid(connection))
    }

    /// The first column of the first row, as an integer; nil when there is no row. Steps once
    /// and resets: a statement of one row (`PRAGMA data_version`) needs no second step to
    /// find its end.
    func firstInteger() throws -> Int? {
        defer { sqlite3_reset(handle) }
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return Int(sqlite3_column_int64(handle, 0))
        case SQLITE_DONE: return nil
        default: throw failure(code)
        }
    }

    /// Steps through the rows, handing each to `body` as a ``Row``; stops at the end.
    func forEachRow(_ body: (Row) throws -> Void) throws {
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW: try body(Row(handle))
            case SQLITE_DONE: return
            default: throw failure(code)
            }
        }
    }

    /// The current row of a stepping statement, read by column.
    struct Row {
        fileprivate let handle: SQLiteStatement

        fileprivate init(_ handle: SQLiteStatement) {
            self.handle = handle
        }

        /// Whether the column holds an integer (not NULL, text, a real or a blob).
        func isInteger(_ column: Int32) -> Bool {
            sqlite3_column_type(handle, column) == SQLITE_INTEGER
        }

        /// Whether the column holds text.
        func isText(_ column: Int32) -> Bool {
            sqlite3_column_type(handle, column) == SQLITE_TEXT
        }

        /// Whether the column holds NULL.
        func isNull(_ column: Int32) -> Bool {
            sqlite3_column_type(handle, column) == SQLITE_NULL
        }

        /// The column's value as SQL shows it, for an error about it: `-5`, `2.5`, `'ten'`, `NULL`.
        func describe(_ column: Int32) -> String {
            switch sqlite3_column_type(handle, column) {
            case SQLITE_NULL: return "NULL"
            case SQLITE_INTEGER: return String(sqlite3_column_int64(handle, column))
            case SQLITE_FLOAT: return String(sqlite3_column_double(handle, column))
            case SQLITE_TEXT:
                guard let text = sqlite3_column_text(handle, column) else { return "''" }
                return "'" + String(cString: text) + "'"
            default: return "a blob of \(sqlite3_column_bytes(handle, column)) bytes"
            }
        }

        /// The integer in the column; check ``isInteger(_:)`` first.
        func integer(_ column: Int32) -> Int {
            Int(sqlite3_column_int64(handle, column))
        }

        /// The column's text; nil when it holds none.
        func string(_ column: Int32) -> String? {
            guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let text = sqlite3_column_text(handle, column)
            else { return nil }
            return String(cString: text)
        }

        /// Whether the column holds text spelled exactly `bytes` (UTF-8).
        func text(_ column: Int32, equals bytes: [UInt8]) -> Bool {
            guard sqlite3_column_type(handle, column) == SQLITE_TEXT, let text = sqlite3_column_text(handle, column)
            else { return false }
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count == bytes.count else { return false }
            return bytes.withUnsafeBufferPointer { expected in
                guard let start = expected.baseAddress else { return true }
                return memcmp(text, start, count) == 0
            }
        }
    }

    private func bind(_ value: Int, at index: Int32) {
        // Binding an integer to a valid index of a compiled statement cannot fail.
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    private func bind(_ value: String, at index: Int32) {
        // SQLite copies the text (SQLITE_TRANSIENT), so the pointer need only last the call.
        // A native string lends its UTF-8 as it is; passing the String itself would copy it
        // into a new C string first.
        let bound = value.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            // An empty buffer may have no address, and a NULL pointer would bind NULL.
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return false }
            let text = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
            sqlite3_bind_text(handle, index, text, Int32(bytes.count), Self.transient)
            return true
        }
        if bound != true {
            sqlite3_bind_text(handle, index, value, -1, Self.transient)
        }
    }

    private func bind(_ kept: KeptText, at index: Int32) {
        guard let (start, count) = kept.binding else { return bind(kept.text, at: index) }
        // SQLITE_STATIC (no destructor): SQLite reads the text where it is, at each step.
        sqlite3_bind_text(handle, index, start, count, nil)
    }

    private func run() throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            let error = failure(code)
            sqlite3_reset(handle)
            throw error
        }
        sqlite3_reset(handle)
    }

    /// The error of a failed step, read before the statement is reset. GRDB turns on extended
    /// result codes, so `code` is already the extended one.
    private func failure(_ code: Int32) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)),
            sql: sql)
    }

    /// SQLite's "copy the value now" destructor.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}

/// Statements compiled for a database's one connection on first use, then kept.
///
/// `@unchecked Sendable`: the statements are read, made and run only while the
/// ``KioskDatabase``'s connection lock is held (around its `DatabaseQueue`'s blocks and the
/// transactions it steps itself), so no two threads touch them at once.
final class ConnectionStatements<Statements: AnyObject>: KeptStatements, @unchecked Sendable {
    private var statements: Statements?

    /// The statements, if compiled already.
    var cached: Statements? { statements }

    func forget() {
        statements = nil
    }

    /// The statements, compiled by `make` the first time.
    /// - Throws: what `make` throws; nothing is kept then.
    func get(_ db: Database, make: (Database) throws -> Statements) throws -> Statements {
        if let statements { return statements }
        let made = try make(db)
        statements = made
        return made
    }
}

/// Statements kept for a connection, which must be finalized before it closes: SQLite refuses
/// to close a connection that still has statements.
protocol KeptStatements: AnyObject, Sendable {
    /// Lets the statements go (GRDB finalizes them once nothing holds them).
    func forget()
}
