import Foundation
import Synchronization

/// A body running on a thread of its own, off the cooperative pool, that a test joins by
/// awaiting ``value``: so a body may block (a stalled consumer) without starving the tasks
/// the test runs beside it.
final class Worker<Result: Sendable>: Sendable {
    private enum State {
        case running
        case joined(CheckedContinuation<Result, Never>)
        case finished(Result)
    }

    private let state = Mutex(State.running)

    private init() {}

    /// Starts `body` on a new thread.
    static func start(_ body: @escaping @Sendable () -> Result) -> Worker {
        let worker = Worker()
        let thread = Thread { worker.finish(body()) }
        thread.start()
        return worker
    }

    /// What the body returned, once it has.
    var value: Result {
        get async {
            await withCheckedContinuation { continuation in
                let result = state.withLock { state -> Result? in
                    if case .finished(let result) = state { return result }
                    state = .joined(continuation)
                    return nil
                }
                if let result { continuation.resume(returning: result) }
            }
        }
    }

    private func finish(_ result: Result) {
        let joined = state.withLock { state -> CheckedContinuation<Result, Never>? in
            defer { state = .finished(result) }
            if case .joined(let continuation) = state { return continuation }
            return nil
        }
        joined?.resume(returning: result)
    }
}

/// A gate a thread blocks at until the test opens it; stands in for a consumer that is stuck
/// (a terminal nobody reads).
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func pass() { semaphore.wait() }

    func open() { semaphore.signal() }
}
