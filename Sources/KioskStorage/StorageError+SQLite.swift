import Foundation
import GRDB

extension StorageError {
    /// Maps an SQLite or file-system error to its case; a `StorageError` stays as it is.
    init(_ error: any Error, path: String) {
        if let error = error as? StorageError {
            self = error
            return
        }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: self = .unreadable(path)
            case .SQLITE_FULL: self = .diskFull(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                // In WAL mode the write lock is a byte of the -shm file; before WAL, the file.
                if let holder = LockHolder.find(on: [path, path + "-shm"]) {
                    self = .lockHeld(path: path, waited: KioskDatabase.busyTimeout, holder: holder)
                } else {
                    self = .busy(path: path, waited: KioskDatabase.busyTimeout)
                }
            case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
                self = .directoryUnwritable(path: path, reason: error.message ?? Self.sqliteText(error.resultCode))
            default: self = .sqlite(path: path, message: error.message ?? Self.sqliteText(error.resultCode))
            }
            return
        }
        self = .sqlite(path: path, message: String(describing: error))
    }

    /// A database SQLite cannot read at `path` (the file, or the data directory holding it):
    /// damaged when the file begins as SQLite's own do, else not a database at all.
    static func unreadable(_ path: String) -> StorageError {
        var isDirectory: ObjCBool = false
        let file =
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? (path as NSString).appendingPathComponent(KioskDatabase.fileName) : path
        return hasSQLiteHeader(file) ? .damaged(path: file) : .notADatabase(path: path)
    }

    /// Whether the file at `path` begins with the 16 bytes every SQLite database begins with.
    static func hasSQLiteHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == sqliteHeader
    }

    /// The first 16 bytes of every SQLite database file.
    static let sqliteHeader = Data("SQLite format 3\u{0}".utf8)

    /// `errno`'s text from the C library, such as `Permission denied`.
    static func systemReason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// The C library's text for the POSIX error under a Foundation error, else its own description.
    static func systemReason(of error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return systemReason(underlying.code.rawValue)
        }
        if let error = error as? POSIXError {
            return systemReason(error.code.rawValue)
        }
        return (error as NSError).localizedDescription
    }

    /// SQLite's own text for a result code, such as `14 (unable to open database file)`.
    private static func sqliteText(_ code: ResultCode) -> String {
        String(describing: code)
    }
}
