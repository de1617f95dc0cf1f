import Foundation
import GRDB
import GRDBSQLite
import KioskCore
import Testing

@testable import KioskStorage

@Suite struct KioskDatabaseTests {
    @Test("a new data directory is created 0700 with a 0600 database in WAL mode")
    func createsPrivateFiles() throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.path + "/nested/kiosk"
        let database = try KioskDatabase.open(.directory(directory))
        #expect(database.path == directory + "/kiosk.sqlite")
        #expect(try temporary.permissions(of: directory) == 0o700)
        #expect(try temporary.permissions(of: database.path) == 0o600)
        let mode = try database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test("a read leaves the connection's compiled statements as they were: none is compiled again")
    func readKeepsCompiledStatements() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path + "/kiosk"))
        let count = "SELECT COUNT(*) FROM sale"
        // How many times SQLite compiled the kept statement again since it was first compiled.
        func recompiled() throws -> Int32 {
            try database.onConnection { db in
                let statement = try db.cachedStatement(sql: count)
                _ = try Int.fetchOne(statement)
                return sqlite3_stmt_status(statement.sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
            }
        }
        #expect(try recompiled() == 0)
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stock") } == 0)
        #expect(try recompiled() == 0)
    }

    @Test("a new database gets small pages; an existing one keeps its own")
    func pageSize() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path + "/new"))
        #expect(try database.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == KioskDatabase.pageSize)

        let older = temporary.path + "/older"
        try FileManager.default.createDirectory(atPath: older, withIntermediateDirectories: false)
        try DatabaseQueue(path: older + "/kiosk.sqlite").writeWithoutTransaction { db in
            // A user_version makes SQLite write the header (and its page size) without
            // creating a table, which would make it another application's database.
            try db.execute(sql: "PRAGMA page_size = 4096; PRAGMA user_version = 7")
        }
        let reopened = try KioskDatabase.open(.directory(older))
        #expect(try reopened.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 4_096)
        #expect(try reopened.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test("opening twice keeps the schema and the data")
    func reopens() throws {
        let temporary = try TemporaryDirectory()
        let first = try KioskDatabase.open(.directory(temporary.path))
        try first.immediateTransaction { db in
            try db.execute(sql: "INSERT INTO sale (at_ms, juice, count) VALUES (1, 'banana', 2)")
        }
        let second = try KioskDatabase.open(.directory(temporary.path))
        let count = try second.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sale") }
        #expect(count == 1)
    }

    @Test("a file that is not a database is refused and left untouched")
    func refusesForeignFile() throws {
        let temporary = try TemporaryDirectory()
        let path = temporary.path + "/kiosk.sqlite"
        let content = Data("these are my notes, not a database\n".utf8)
        try content.write(to: URL(fileURLWithPath: path))
        #expect(throws: StorageError.notADatabase(path: path)) {
            try KioskDatabase.open(.directory(temporary.path))
        }
        #expect(FileManager.default.contents(atPath: path) == content)
    }

    @Test("a kiosk database cut short, or with only its header left, is called damaged and left untouched")
    func refusesDamagedDatabase() throws {
        for length in [4_096, 100] {
            let temporary = try TemporaryDirectory()
            let path = temporary.path + "/kiosk.sqlite"
            let database = try KioskDatabase.open(.directory(temporary.path))
            try database.immediateTransaction { db in
                try db.execute(sql: "INSERT INTO sale (at_ms, juice, count) VALUES (1, 'banana', 2)")
            }
            try database.close()
            let whole = try #require(FileManager.default.contents(atPath: path))
            #expect(whole.count > length)
            let cut = whole.prefix(length)
            try cut.write(to: URL(fileURLWithPath: path))
            #expect(throws: StorageError.damaged(path: path), "\(length) bytes") {
                try KioskDatabase.open(.directory(temporary.path))
            }
            #expect(FileManager.default.contents(atPath: path) == cut)
        }
    }

    @Test("a read-only database is refused as it is, its mode kept; one others may read is narrowed to its owner")
    func readOnlyAndNarrowedModes() throws {
        let temporary = try TemporaryDirectory()
        let path = temporary.path + "/kiosk.sqlite"
        try KioskDatabase.open(.directory(temporary.path)).close()
        #expect(chmod(path, 0o444) == 0)
        #expect(throws: StorageError.readOnly(path: path, mode: "0444")) {
            try KioskDatabase.open(.directory(temporary.path))
        }
        #expect(try temporary.permissions(of: path) == 0o444)
        #expect(chmod(path, 0o640) == 0)
        try KioskDatabase.open(.directory(temporary.path)).close()
        #expect(try temporary.permissions(of: path) == 0o600)
    }

    @Test("closing the database leaves every commit in kiosk.sqlite alone: the write-ahead log is gone")
    func closeFoldsTheLog() throws {
        let temporary = try TemporaryDirectory()
        let path = temporary.path + "/kiosk.sqlite"
        let database = try KioskDatabase.open(.directory(temporary.path))
        try database.immediateTransaction { db in
            try db.execute(sql: "INSERT INTO sale (at_ms, juice, count) VALUES (1, 'banana', 2)")
        }
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try database.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        // A copy of the file alone is a whole backup.
        let copy = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: path, toPath: copy.path + "/kiosk.sqlite")
        let reopened = try KioskDatabase.open(.directory(copy.path))
        #expect(try reopened.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sale") } == 1)
        // Used after closing: an error, not a crash.
        #expect(throws: StorageError.self) {
            try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sale") }
        }
    }

    @Test("a database from a newer schema is refused")
    func refusesNewerSchema() throws {
        let temporary = try TemporaryDirectory()
        let path = temporary.path + "/kiosk.sqlite"
        _ = try KioskDatabase.open(.directory(temporary.path))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
        }
        #expect(throws: StorageError.newerSchema(path: path, unknown: ["v9-from-the-future"])) {
            try KioskDatabase.open(.directory(temporary.path))
        }
    }

    @Test("a data directory that is a file, or cannot be written, is a clear error")
    func refusesUnwritableDirectory() throws {
        let temporary = try TemporaryDirectory()
        let file = temporary.path + "/plain-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let error = #expect(throws: StorageError.self) { try KioskDatabase.open(.directory(file)) }
        #expect(error?.code == "storage_unwritable")
        #expect(error == .notADirectory(path: file))

        // Permission bits do not stop root, so only check them for other users.
        guard getuid() != 0 else { return }
        let locked = temporary.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked)
        #expect(
            throws: StorageError.directoryUnwritable(path: locked + "/kiosk", reason: String(cString: strerror(EACCES)))
        ) { try KioskDatabase.open(.directory(locked + "/kiosk")) }
    }

    @Test("the in-memory database has the same schema")
    func inMemory() throws {
        let database = try KioskDatabase.open(.memory)
        let tables = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables.contains("stock"))
        #expect(tables.contains("sale"))
        #expect(tables.contains("bank_session"))
    }

    @Test("the data directory follows --data-dir, then XDG_DATA_HOME, then HOME")
    func dataDirectory() throws {
        #expect(try DataDirectory.resolve(explicit: "/x", environment: ["HOME": "/h"]) == "/x")
        #expect(
            try DataDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/kiosk")
        #expect(try DataDirectory.resolve(explicit: nil, environment: ["HOME": "/h"]) == "/h/.local/share/kiosk")
        #expect(throws: StorageError.self) { try DataDirectory.resolve(explicit: nil, environment: [:]) }
        #expect(
            try DataDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == KioskPaths.dataDirectory(explicit: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]))
    }
}
