import GRDB
import Testing

@testable import KioskStorage

@Suite struct StorageErrorTests {
    @Test(
        "every case has its stable code and names its path",
        arguments: [
            (StorageError.directoryUnwritable(path: "/p", reason: "Permission denied"), "storage_unwritable"),
            (.notADatabase(path: "/p"), "storage_not_a_database"),
            (.damaged(path: "/p"), "storage_damaged"),
            (.readOnly(path: "/p", mode: "0444"), "storage_read_only"),
            (.newerSchema(path: "/p", unknown: ["v9"]), "storage_newer_schema"),
            (.diskFull(path: "/p"), "storage_full"),
            (.busy(path: "/p", waited: .seconds(5)), "storage_busy"),
            (.sqlite(path: "/p", message: "no such table: stock"), "storage_error"),
        ])
    func codes(_ error: StorageError, _ code: String) {
        #expect(error.code == code)
        #expect(error.path == "/p")
    }

    @Test("a StorageError passes through the mapping unchanged")
    func keepsStorageError() {
        let error = StorageError.diskFull(path: "/a")
        #expect(StorageError(error, path: "/b") == error)
    }

    @Test(
        "SQLite's result codes map to their cases, with SQLite's own message",
        arguments: [
            (ResultCode.SQLITE_NOTADB, StorageError.notADatabase(path: "/p")),
            (.SQLITE_CORRUPT, .notADatabase(path: "/p")),
            (.SQLITE_FULL, .diskFull(path: "/p")),
            (.SQLITE_BUSY, .busy(path: "/p", waited: KioskDatabase.busyTimeout)),
            (.SQLITE_CANTOPEN, .directoryUnwritable(path: "/p", reason: "message from SQLite")),
            (.SQLITE_READONLY, .directoryUnwritable(path: "/p", reason: "message from SQLite")),
            (.SQLITE_ERROR, .sqlite(path: "/p", message: "message from SQLite")),
        ])
    func mapsSQLiteErrors(_ code: ResultCode, _ expected: StorageError) {
        #expect(StorageError(DatabaseError(resultCode: code, message: "message from SQLite"), path: "/p") == expected)
    }
}
