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
    private let waiters = Mutex<
        [(condition: @Sendable (FakeScreen) -> Bool, resume: CheckedContinuation<Void, Never>)]
    >([])

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
            let ready = waiters.filter { $0.condition(screen) }
            waiters.removeAll { waiter in waiter.condition(screen) }
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
    func waitForScreen(_ condition: @escaping @Sendable (FakeScreen) -> Bool) async {
        await withCheckedContinuation { continuation in
            waiters.withLock { waiters in
                if condition(state.withLock { $0.screen }) {
                    continuation.resume()
                } else {
                    waiters.append((condition, continuation))
                }
            }
        }
    }
}
