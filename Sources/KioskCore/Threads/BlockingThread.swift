import Foundation

/// Threads on which a blocking call holds up nothing but the work of the thread itself: the
/// main thread, and the threads kiosk starts for such calls (the command thread) and marks
/// with ``markCurrent()``. A store may do its blocking I/O on such a thread directly; a
/// caller on Swift's cooperative pool hands it to a thread of the store's own.
///
/// ```swift
/// Thread { BlockingThread.markCurrent(); serve() }.start()
/// BlockingThread.isCurrent   // true on that thread and on the main thread
/// ```
public enum BlockingThread {
    /// Marks the calling thread as one of kiosk's own, for as long as it runs.
    public static func markCurrent() {
        guard let key = marker.key else { return }
        _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    }

    /// Whether the calling thread is the main thread or one marked by ``markCurrent()``.
    public static var isCurrent: Bool {
        if let key = marker.key, pthread_getspecific(key) != nil { return true }
        return Thread.isMainThread
    }

    /// The thread-specific key of the mark; nil if the system had none to give (then only
    /// the main thread counts).
    private static let marker = Marker()

    private struct Marker: Sendable {
        let key: pthread_key_t?

        init() {
            var key = pthread_key_t()
            self.key = pthread_key_create(&key, nil) == 0 ? key : nil
        }
    }
}
