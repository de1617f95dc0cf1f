import GRDB

extension StorageError {
    /// Maps an SQLite or file-system error to the user's sentence; a `StorageError` stays as it is.
    init(_ error: any Error, path: String) {
        if let error = error as? StorageError {
            self = error
            return
        }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT: self = .notADatabase(path: path)
            case .SQLITE_FULL: self = .diskFull(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(path: path, waited: KioskDatabase.busyTimeout)
            case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_PERM:
                self = .directoryUnwritable(path: path, reason: error.message ?? "it cannot be opened for writing")
            default: self = .sqlite(path: path, message: error.message ?? "\(error.resultCode)")
            }
            return
        }
        self = .sqlite(path: path, message: "\(error)")
    }
}
