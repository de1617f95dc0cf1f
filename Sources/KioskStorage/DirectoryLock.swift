import Foundation

/// An exclusive advisory lock (`flock`) on the data directory, so that kiosk processes
/// starting together take turns to create, switch to WAL and migrate the database.
///
/// The lock is held for the few milliseconds an open takes; the kernel drops it when the
/// holder closes it or dies.
enum DirectoryLock {
    /// Waits until no other process holds the lock on `directory`, runs `body`, and lets
    /// the next process in.
    static func holding<T>(_ directory: String, _ body: () throws(StorageError) -> T) throws(StorageError) -> T {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .directoryUnwritable(path: directory, reason: StorageError.systemReason())
        }
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw .directoryUnwritable(path: directory, reason: StorageError.systemReason())
            }
        }
        return try body()
    }
}
