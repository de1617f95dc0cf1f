import Synchronization

@testable import KioskREPL

/// A ``WatchTerminal`` whose frames land on a ``FakeScreen`` and whose keys the test types.
final class FakeWatchTerminal: WatchTerminal {
    private struct State {
        var screen: FakeScreen
        var inputs: (@Sendable (WatchInput) -> Void)?
        var tookOver = 0
        var gaveBack = 0
        var frames = 0
        var bytes = 0
    }

    private let state: Mutex<State>
    /// A test waiting for a screen; its id lets a timeout or a cancellation take it out again.
    private struct Waiter {
        let id: Int
        let condition: @Sendable (FakeScreen) -> Bool
        let resume: CheckedContinuation<Void, any Error>
    }
    private let waiters = Mutex<(next: Int, list: [Waiter])>((0, []))

    init(width: Int = 100, height: Int = 30) {
        state = Mutex(State(screen: FakeScreen(width: width, height: height)))
    }

    func takeOver(inputs: @escaping @Sendable (WatchInput) -> Void) {
        state.withLock {
            $0.inputs = inputs
            $0.tookOver += 1
        }
    }

    func size() -> (columns: Int, rows: Int) {
        state.withLock { ($0.screen.width, $0.screen.height) }
    }

    func draw(_ bytes: [UInt8]) {
        state.withLock { state in
            state.screen.apply(bytes)
            state.frames += 1
            state.bytes += bytes.count
        }
        let ready = waiters.withLock { waiters in
            let screen = state.withLock { $0.screen }
            let ready = waiters.list.filter { $0.condition(screen) }
            waiters.list.removeAll { waiter in waiter.condition(screen) }
            return ready
        }
        for waiter in ready { waiter.resume.resume() }
    }

    func giveBack() {
        state.withLock { $0.gaveBack += 1 }
    }

    /// Sends input to the view, once it has taken the terminal over.
    func send(_ input: WatchInput) {
        let inputs = state.withLock { $0.inputs }
        inputs?(input)
    }

    /// Types `text`, one key at a time.
    func type(_ text: String) {
        for byte in text.utf8 { send(.keys([byte])) }
    }

    var screen: FakeScreen { state.withLock { $0.screen } }
    var tookOver: Int { state.withLock { $0.tookOver } }
    var gaveBack: Int { state.withLock { $0.gaveBack } }
    var frames: Int { state.withLock { $0.frames } }
    var bytesWritten: Int { state.withLock { $0.bytes } }

    /// Suspends until a frame leaves the screen such that `condition` holds.
    /// - Throws: ``Timeout`` with the screen when no frame does within `limit`.
    func waitForScreen(
        within limit: Duration = .seconds(10), _ condition: @escaping @Sendable (FakeScreen) -> Bool
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.waitForFrame(condition) }
            // A bound on a failing test, not a wait the test relies on: the frame it wants
            // comes from the test's own clock and keys.
            group.addTask {
                try await Task.sleep(for: limit)
                throw Timeout(limit: limit, screen: self.screen.text)
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Suspends until a frame satisfies `condition`, or the task is cancelled.
    private func waitForFrame(_ condition: @escaping @Sendable (FakeScreen) -> Bool) async throws {
        let id = waiters.withLock { waiters in
            defer { waiters.next += 1 }
            return waiters.next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiters.withLock { waiters in
                    // Checked under the lock that the cancellation handler takes too, so a
                    // cancellation either finds this waiter or is seen here.
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else if condition(state.withLock { $0.screen }) {
                        continuation.resume()
                    } else {
                        waiters.list.append(Waiter(id: id, condition: condition, resume: continuation))
                    }
                }
            }
        } onCancel: {
            let cancelled = waiters.withLock { waiters in
                waiters.list.firstIndex { $0.id == id }.map { waiters.list.remove(at: $0) }
            }
            cancelled?.resume.resume(throwing: CancellationError())
        }
    }

    /// No frame showed what a test waited for.
    struct Timeout: Error, CustomStringConvertible {
        let limit: Duration
        let screen: [String]
        var description: String {
            "no frame within \(limit) showed it; the screen was:\n" + screen.joined(separator: "\n")
        }
    }
}
