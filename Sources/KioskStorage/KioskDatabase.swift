import CSQLiteSettings
import Foundation
import GRDB
import GRDBSQLite
import Glibc
import Synchronization

/// The kiosk's SQLite database: `kiosk.sqlite` in the data directory (WAL mode, directory
/// 0700, file 0600), or the same schema in memory for `--in-memory`.
///
/// ```swift
/// let database = try KioskDatabase.open(.directory("/home/ana/.local/share/kiosk"))
/// let store = try SQLiteInventoryStore(database: database, menu: menu)
/// ```
public final class KioskDatabase: Sendable {
    /// Where the database lives.
    public enum Location: Sendable, Equatable {
        /// `kiosk.sqlite` in this directory, created (0700) if missing.
        case directory(String)
        /// A private database in memory that ends with the process (`--in-memory`).
        case memory
    }

    /// How much a commit survives, the SQLite `synchronous` setting of a database on disk.
    public enum Durability: String, Sendable, CaseIterable {
        /// `synchronous = NORMAL` in WAL mode: every commit survives kiosk crashing or being
        /// killed, but the last commits before a power loss or an operating-system crash may
        /// vanish (the database stays sound). The default.
        case normal
        /// `synchronous = FULL`: every commit is on the disk before the command returns, so
        /// it survives a power loss too; each commit waits for an fsync of the WAL.
        case full
    }

    /// The database file name inside the data directory.
    static let fileName = "kiosk.sqlite"
    /// The page size of a new database, in bytes.
    static let pageSize = 1_024
    /// How long a write waits for another process's transaction before failing.
    static let busyTimeout: Duration = .seconds(5)

    private let queue: DatabaseQueue
    /// The file path, or `":memory:"`.
    let path: String
    private let transactionStatements = ConnectionStatements<TransactionStatements>()
    /// Held around every use of the connection: GRDB's queue blocks and the transactions
    /// stepped on the caller's thread (``immediateTransaction(with:make:_:afterCommit:)``), so
    /// that no two ever run at once. Never held across a call that takes it again.
    private let connection = NSLock()
    /// Every statement cache compiled on the connection, to let go of before it closes.
    private let keptStatements = Mutex<[any KeptStatements]>([])

    private init(queue: DatabaseQueue, path: String) {
        self.queue = queue
        self.path = path
    }

    /// Opens (creating if needed) and migrates the database.
    /// - Parameters:
    ///   - location: the data directory, or memory.
    ///   - durability: what a commit on disk survives (see ``Durability``).
    /// - Throws: ``StorageError`` for an unwritable directory, a file that is not a database
    ///   (or not a regular file, or another application's database), a database from a newer
    ///   schema, a full disk, a lock held too long, or any other SQLite failure.
    public static func open(_ location: Location, durability: Durability = .normal) throws(StorageError)
        -> KioskDatabase
    {
        _ = sqliteSettings
        var configuration = Configuration()
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.components.seconds))
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            // Every order commits a few small rows on four pages (stock, sale, its time index,
            // sale_fruit), and each commit writes and checksums those pages whole: 1 KiB
            // pages make a durable order about a third cheaper than the 4 KiB default. It only
            // takes effect when the database is created.
            try db.execute(sql: "PRAGMA page_size = \(pageSize)")
        }
        switch location {
        case .memory:
            let queue: DatabaseQueue
            do {
                queue = try DatabaseQueue(configuration: configuration)
            } catch {
                throw StorageError(error, path: location.description)
            }
            let database = KioskDatabase(queue: queue, path: ":memory:")
            try database.migrate()
            database.removeObservationHooks()
            return database
        case .directory(let directory):
            try KioskPaths.makePrivateDirectory(directory)
            let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
            // Creating the file, switching it to WAL and migrating it are several steps, and
            // SQLite answers a second process doing them at the same moment "busy" at once,
            // without waiting; kiosks starting together on one data directory take turns.
            return try DirectoryLock.holding(directory) { () throws(StorageError) -> KioskDatabase in
                try guardFileIsUsable(path)
                // Checked before anything opens it for writing: switching to WAL alone
                // rewrites a database's header.
                try ForeignDatabaseCheck.refuseForeign(path)
                try createPrivately(path)
                // GRDB's WAL set-up also sets `synchronous = NORMAL`: durable across
                // application crashes; only a power loss can drop the last transactions.
                configuration.journalMode = .wal
                let queue: DatabaseQueue
                do {
                    queue = try DatabaseQueue(path: path, configuration: configuration)
                    // FULL syncs the WAL at every commit. Set once the connection is set up
                    // (GRDB's WAL set-up runs after `prepareDatabase`); a DatabaseQueue has one
                    // connection, so it holds for every transaction.
                    // Nothing else can use the connection yet: the database is not returned.
                    if durability == .full {
                        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
                    }
                    // SQLite gives the -wal and -shm files the database's mode when it creates
                    // them; files left by an older kiosk are narrowed here.
                    for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file)
                    {
                        try restrictFile(file)
                    }
                } catch {
                    throw StorageError(error, path: directory)
                }
                let database = KioskDatabase(queue: queue, path: path)
                try database.migrate()
                database.removeObservationHooks()
                return database
            }
        }
    }

    /// SQLite's process-wide settings, made once before the first connection opens (they
    /// cannot change after SQLite initializes). Memory statistics off: counting the bytes
    /// of every allocation takes a global mutex around each of SQLite's mallocs and frees,
    /// several for every order, and nothing reads the counts. Should another library have
    /// opened a connection first, SQLite refuses the change and keeps counting, which only
    /// costs time. Files written without glibc's cancellation point (see
    /// `kiosk_sqlite_write_without_cancellation`), which costs a multi-threaded process two
    /// atomic operations around each of the WAL's writes.
    private static let sqliteSettings: Void = {
        _ = kiosk_sqlite_disable_memory_statistics()
        _ = kiosk_sqlite_write_without_cancellation()
    }()

    /// Whether SQLite writes files without glibc's cancellation point (for tests).
    static var writesWithoutCancellation: Bool { kiosk_sqlite_writes_without_cancellation() != 0 }

    /// Runs `work` in an IMMEDIATE transaction, so the read and the write it does are one
    /// atomic step even against other processes.
    ///
    /// `afterCommit` runs once the transaction has committed, while this connection's writer
    /// is still held: no other transaction of this database runs between the commit and it,
    /// so what it does for each commit happens in commit order. It must not use the database.
    func immediateTransaction<T>(
        _ work: (Database) throws -> T, afterCommit: (T) -> Void = { _ in }
    ) throws -> T {
        do {
            return try connection.withLock {
                try queue.writeWithoutTransaction { db in
                    let statements = try transactionStatements.get(db, make: TransactionStatements.init)
                    return try statements.run({ try work(db) }, afterCommit: afterCommit)
                }
            }
        } catch let error as DatabaseError {
            throw StorageError(error, path: path)
        }
    }

    /// Runs `work` in an IMMEDIATE transaction stepped on the calling thread, through
    /// statements compiled once for the connection (``PreparedStatement``): what every order
    /// runs, where a hop onto GRDB's queue per transaction costs a good part of SQLite's own
    /// work. The same lock as GRDB's blocks serializes it with them, so the connection is
    /// never used by two threads at once.
    ///
    /// `work` may only step the statements it is given, never GRDB (whose `Database` checks
    /// it runs on its queue). `afterCommit` runs as for ``immediateTransaction(_:afterCommit:)``.
    /// - Parameters:
    ///   - statements: where the statements `work` steps are kept once compiled.
    ///   - make: compiles them, on GRDB's queue, the first time.
    /// - Throws: what `work` throws (nothing is written then), or a ``StorageError`` when
    ///   the database fails.
    func immediateTransaction<Statements: AnyObject, T>(
        with statements: ConnectionStatements<Statements>, make: (Database) throws -> Statements,
        _ work: (Statements) throws -> T, afterCommit: (T) -> Void
    ) throws -> T {
        do {
            return try connection.withLock {
                let (transaction, compiled) = try compiled(statements, make: make)
                return try transaction.run({ try work(compiled) }, afterCommit: afterCommit)
            }
        } catch let error as DatabaseError {
            throw StorageError(error, path: path)
        }
    }

    /// Runs `work` on the calling thread with the statements kept in `statements`, outside
    /// any transaction (each statement sees the latest commit); as
    /// ``immediateTransaction(with:make:_:afterCommit:)``, `work` may only step them.
    /// - Throws: what `work` throws, or a ``StorageError`` when the database fails.
    func withStatements<Statements: AnyObject, T>(
        _ statements: ConnectionStatements<Statements>, make: (Database) throws -> Statements,
        _ work: (Statements) throws -> T
    ) throws -> T {
        do {
            return try connection.withLock { try work(try compiled(statements, make: make).1) }
        } catch let error as DatabaseError {
            throw StorageError(error, path: path)
        }
    }

    /// The transaction's statements and `statements`, compiled on GRDB's queue the first time
    /// and kept. Called with ``connection`` held.
    private func compiled<Statements: AnyObject>(
        _ statements: ConnectionStatements<Statements>, make: (Database) throws -> Statements
    ) throws -> (TransactionStatements, Statements) {
        if let transaction = transactionStatements.cached, let compiled = statements.cached {
            return (transaction, compiled)
        }
        if statements.cached == nil { keptStatements.withLock { $0.append(statements) } }
        return try queue.inDatabase { db in
            (try transactionStatements.get(db, make: TransactionStatements.init), try statements.get(db, make: make))
        }
    }

    /// Closes the connection once the work in hand is done, so that SQLite, when this is the
    /// last connection to the file, copies the write-ahead log into `kiosk.sqlite` and deletes
    /// it: the file alone then holds every commit (a copy of it is a whole backup). Left to
    /// the process's exit, the log often stayed. Any use after this fails with a
    /// ``StorageError``.
    /// - Throws: ``StorageError`` when SQLite cannot close the connection.
    public func close() throws(StorageError) {
        do {
            try connection.withLock {
                transactionStatements.forget()
                let kept = keptStatements.withLock { kept in
                    defer { kept = [] }
                    return kept
                }
                for statements in kept { statements.forget() }
                try queue.close()
            }
        } catch {
            throw StorageError(error, path: path)
        }
    }

    /// The statements that open and close every transaction.
    private final class TransactionStatements {
        let begin: PreparedStatement
        let commit: PreparedStatement
        let rollback: PreparedStatement

        init(_ db: Database) throws {
            begin = try PreparedStatement("BEGIN IMMEDIATE", in: db)
            commit = try PreparedStatement("COMMIT", in: db)
            rollback = try PreparedStatement("ROLLBACK", in: db)
        }

        /// BEGIN IMMEDIATE, `work`, COMMIT, then `afterCommit`; ROLLBACK when `work` or
        /// COMMIT throws.
        func run<T>(_ work: () throws -> T, afterCommit: (T) -> Void) throws -> T {
            // Every order runs BEGIN and COMMIT (or ROLLBACK when refused): compiled once
            // and stepped directly, they cost a fraction of compiling them each time.
            try begin.execute()
            let result: T
            do {
                result = try work()
                try commit.execute()
            } catch {
                // SQLite may have rolled back already after an I/O error.
                if begin.isInsideTransaction {
                    try? rollback.execute()
                }
                throw error
            }
            afterCommit(result)
            return result
        }
    }

    /// Runs a read: its statements in one deferred transaction, so that they all see the
    /// same commit. Not GRDB's `read`, whose read-only guard toggles `PRAGMA query_only`,
    /// which makes SQLite expire every prepared statement of the connection: the next order
    /// (and the read's own cached statements) would be compiled again.
    func read<T>(_ work: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try connection.withLock {
                try queue.inDatabase { db in
                    try db.beginTransaction(.deferred)
                    do {
                        let result = try work(db)
                        try db.commit()
                        return result
                    } catch {
                        if db.isInsideTransaction { try? db.rollback() }
                        throw error
                    }
                }
            }
        } catch {
            throw StorageError(error, path: path)
        }
    }

    /// Runs `work` on the connection as it is: no transaction, so each statement sees the
    /// latest commit, and no read-only guard (which toggles a pragma that makes SQLite
    /// recompile every cached statement).
    func onConnection<T>(_ work: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try connection.withLock { try queue.inDatabase(work) }
        } catch {
            throw StorageError(error, path: path)
        }
    }

    private func migrate() throws(StorageError) {
        let migrator = Self.migrator
        // Nothing else can use the connection yet: the database is not returned.
        do {
            try queue.read { db in
                if try migrator.hasBeenSuperseded(db) {
                    let known = Set(migrator.migrations)
                    let unknown = try migrator.appliedIdentifiers(db).subtracting(known)
                    throw StorageError.newerSchema(path: path, unknown: Array(unknown))
                }
            }
            try migrator.migrate(queue)
        } catch {
            throw StorageError(error, path: path)
        }
    }

    /// Removes the commit and rollback hooks GRDB installs on the connection. They tell
    /// GRDB's transaction observers of each commit, and kiosk registers none; and they expect
    /// to run on GRDB's queue, which the transactions stepped on the caller's thread
    /// (``immediateTransaction(with:make:_:afterCommit:)``) are not. Without them GRDB takes
    /// every transaction it sees end as one that changed nothing, which tells no one either.
    private func removeObservationHooks() {
        connection.withLock {
            queue.inDatabase { db in
                guard let handle = db.sqliteConnection else { return }
                sqlite3_commit_hook(handle, nil, nil)
                sqlite3_rollback_hook(handle, nil, nil)
            }
        }
    }

    /// Refuses a file that exists but cannot be an SQLite database, before SQLite touches it.
    private static func guardFileIsUsable(_ path: String) throws(StorageError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        // A FIFO would block the read below (and SQLite) forever; a device is no database.
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notARegularFile(path: path, kind: "directory")
        case S_IFIFO: throw .notARegularFile(path: path, kind: "FIFO")
        case S_IFCHR: throw .notARegularFile(path: path, kind: "character device")
        case S_IFBLK: throw .notARegularFile(path: path, kind: "block device")
        case S_IFSOCK: throw .notARegularFile(path: path, kind: "socket")
        default: throw .notARegularFile(path: path, kind: "special file")
        }
        let header: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            header = try handle.read(upToCount: 16) ?? Data()
        } catch {
            throw .directoryUnwritable(path: path, reason: StorageError.systemReason(of: error))
        }
        if !header.isEmpty, header != StorageError.sqliteHeader {
            throw .notADatabase(path: path)
        }
        // SQLite would open it read-only without a word, and every order would fail; and kiosk
        // does not undo a `chmod` that made it so, even where the system would let it write.
        if status.st_mode & S_IWUSR == 0 || access(path, W_OK) != 0 {
            throw .readOnly(path: path, mode: String(format: "%04o", status.st_mode & 0o7777))
        }
    }

    /// Creates the database file empty with mode 0600 when it is missing, so that it (and
    /// the -wal and -shm files SQLite creates with the same mode) is never readable by others.
    private static func createPrivately(_ path: String) throws(StorageError) {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            Glibc.close(descriptor)
            return
        }
        let failure = errno
        guard failure == EEXIST else {
            throw .directoryUnwritable(path: path, reason: StorageError.systemReason(failure))
        }
    }

    /// Takes away every permission of the group and of others; the owner's stay as they are.
    private static func restrictFile(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & 0o077 != 0 else { return }
        guard chmod(path, status.st_mode & 0o700) == 0 else {
            throw StorageError.directoryUnwritable(path: path, reason: StorageError.systemReason())
        }
    }

    /// Milliseconds since 1970 for a ledger time stamp, rounded down; clamped to `Int`'s
    /// range, so no date can trap.
    static func milliseconds(_ date: Date) -> Int {
        let value = (date.timeIntervalSince1970 * 1_000).rounded(.down)
        guard !value.isNaN else { return 0 }
        if value >= Double(Int.max) { return Int.max }
        if value <= Double(Int.min) { return Int.min }
        return Int(value)
    }

    /// The date of a ledger time stamp.
    static func date(_ milliseconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }
}

extension KioskDatabase.Location: CustomStringConvertible {
    /// The directory, or `:memory:`.
    public var description: String {
        switch self {
        case .memory: ":memory:"
        case .directory(let directory): directory
        }
    }
}
