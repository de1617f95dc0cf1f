import Foundation

/// An exclusive advisory lock (`flock`) on the data directory, so that kiosk processes
/// starting together take turns to create, switch to WAL and migrate the database.
///
/// The lock is held for the few milliseconds an open takes; the kernel drops it when the
/// holder closes it or dies. A lock held longer (by a kiosk stuck in its start, or by another
/// program: `flock DIR sleep 60`) is waited for as long as the database's busy timeout, then
/// reported, naming the holder when the kernel says who it is.
enum DirectoryLock {
    /// How often a waiting start tries the lock again.
    static let retryInterval: Duration = .milliseconds(10)

    /// Waits until no other process holds the lock on `directory` (at most `timeout`), runs
    /// `body`, and lets the next process in.
    /// - Throws: ``StorageError/busy(path:waited:)`` or ``StorageError/lockHeld(path:waited:holder:)``
    ///   when the lock stays held for `timeout`; what `body` throws.
    static func holding<T>(
        _ directory: String, timeout: Duration = KioskDatabase.busyTimeout, _ body: () throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .directoryUnwritable(path: directory, reason: StorageError.systemReason())
        }
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            if failure == EINTR { continue }
            guard failure == EWOULDBLOCK else {
                throw .directoryUnwritable(path: directory, reason: StorageError.systemReason(failure))
            }
            guard clock.now < deadline else {
                if let holder = LockHolder.find(on: [directory]) {
                    throw .lockHeld(path: directory, waited: timeout, holder: holder)
                }
                throw .busy(path: directory, waited: timeout)
            }
            // A plain sleep: opening runs before any task needs this thread, and only at start.
            usleep(useconds_t(retryInterval.components.attoseconds / 1_000_000_000_000))
        }
        return try body()
    }
}
