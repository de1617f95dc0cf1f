import Foundation
import GRDB

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
        case directory(String)
        case memory
    }

    /// The database file name inside the data directory.
    static let fileName = "kiosk.sqlite"
    /// The page size of a new database, in bytes.
    static let pageSize = 1_024
    /// How long a write waits for another process's transaction before failing.
    static let busyTimeout: Duration = .seconds(5)

    let queue: DatabaseQueue
    /// The file path, or `":memory:"`.
    let path: String

    private init(queue: DatabaseQueue, path: String) {
        self.queue = queue
        self.path = path
    }

    /// Opens (creating if needed) and migrates the database.
    /// - Throws: ``StorageError`` for an unwritable directory, a file that is not a database,
    ///   a database from a newer schema, a full disk, or any other SQLite failure.
    public static func open(_ location: Location) throws(StorageError) -> KioskDatabase {
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
            return database
        case .directory(let directory):
            try prepareDirectory(directory)
            let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
            // Creating the file, switching it to WAL and migrating it are several steps, and
            // SQLite answers a second process doing them at the same moment "busy" at once,
            // without waiting; kiosks starting together on one data directory take turns.
            return try DirectoryLock.holding(directory) { () throws(StorageError) -> KioskDatabase in
                try guardFileIsUsable(path)
                configuration.journalMode = .wal
                configuration.prepareDatabase { db in
                    // NORMAL is durable across application crashes in WAL mode; only a power
                    // loss can drop the last transactions.
                    try db.execute(sql: "PRAGMA synchronous = NORMAL")
                }
                let queue: DatabaseQueue
                do {
                    queue = try DatabaseQueue(path: path, configuration: configuration)
                    try restrictFile(path)
                } catch {
                    throw StorageError(error, path: directory)
                }
                let database = KioskDatabase(queue: queue, path: path)
                try database.migrate()
                return database
            }
        }
    }

    /// Runs `work` in an IMMEDIATE transaction, so the read and the write it does are one
    /// atomic step even against other processes.
    func immediateTransaction<T>(_ work: (Database) throws -> T) throws -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                // Every order runs BEGIN and COMMIT (or ROLLBACK when refused): prepared once,
                // they cost less than compiling them each time.
                try db.cachedStatement(sql: "BEGIN IMMEDIATE").execute()
                do {
                    let result = try work(db)
                    try db.cachedStatement(sql: "COMMIT").execute()
                    return result
                } catch {
                    // SQLite may have rolled back already after an I/O error.
                    if db.isInsideTransaction {
                        try? db.cachedStatement(sql: "ROLLBACK").execute()
                    }
                    throw error
                }
            }
        } catch let error as DatabaseError {
            throw StorageError(error, path: path)
        }
    }

    /// Runs a read.
    func read<T>(_ work: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try queue.read(work)
        } catch {
            throw StorageError(error, path: path)
        }
    }

    /// Runs `work` on the connection as it is: no transaction, so each statement sees the
    /// latest commit, and no read-only guard (which toggles a pragma that makes SQLite
    /// recompile every cached statement).
    func onConnection<T>(_ work: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try queue.inDatabase(work)
        } catch {
            throw StorageError(error, path: path)
        }
    }

    private func migrate() throws(StorageError) {
        let migrator = Self.migrator
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

    private static func prepareDirectory(_ directory: String) throws(StorageError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .directoryUnwritable(path: directory, reason: "it is a file, not a directory")
            }
        } else {
            do {
                try manager.createDirectory(
                    atPath: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw .directoryUnwritable(path: directory, reason: "it cannot be created (\(Self.reason(error)))")
            }
        }
        guard manager.isWritableFile(atPath: directory) else {
            throw .directoryUnwritable(path: directory, reason: "it is not writable")
        }
    }

    /// Refuses a file that exists but cannot be an SQLite database, before SQLite touches it.
    private static func guardFileIsUsable(_ path: String) throws(StorageError) {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { return }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .directoryUnwritable(path: path, reason: "the database file cannot be read")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if !header.isEmpty, header != Data("SQLite format 3\u{0}".utf8) {
            throw .notADatabase(path: path)
        }
    }

    private static func restrictFile(_ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}

extension KioskDatabase.Location: CustomStringConvertible {
    public var description: String {
        switch self {
        case .memory: ":memory:"
        case .directory(let directory): directory
        }
    }
}
