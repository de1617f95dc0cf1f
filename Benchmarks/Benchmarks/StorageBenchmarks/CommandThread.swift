import Foundation
import KioskCore
import Synchronization

/// Where kiosk makes its orders: its command thread, which marks itself with
/// `BlockingThread.markCurrent()`, so that a store makes its blocking calls there directly.
/// A benchmark's closure runs on Swift's cooperative pool, where a PostgreSQL store hands
/// each call to its connection's thread instead (blocking I/O stays off the pool); orders
/// timed from there would include a hop kiosk's own orders never take.
enum CommandThread {
    /// Runs `body` on a new thread marked as kiosk's command thread is, and waits for it.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let thread = Thread {
            BlockingThread.markCurrent()
            outcome.result.withLock { $0 = Result(catching: body) }
            outcome.done.signal()
        }
        thread.start()
        outcome.done.wait()
        return try outcome.result.withLock { $0 }.get()
    }

    private final class Outcome<T: Sendable>: Sendable {
        let result = Mutex<Result<T, any Error>>(.failure(CancellationError()))
        let done = DispatchSemaphore(value: 0)
    }
}
