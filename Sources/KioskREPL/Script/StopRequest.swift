import Synchronization

/// The signal that asked a script to stop, set on the thread that catches it.
///
/// Cancelling the script's task takes a turn of the cooperative pool, which a bank in
/// virtual time can keep busy until a `bank wait` ends; the script checks this before each
/// line, so a signal caught during one command stops it before the next.
final class StopRequest: Sendable {
    private let caught = Mutex<Int32?>(nil)

    /// Records `signal`; the first one caught is kept.
    func request(_ signal: Int32) {
        caught.withLock { if $0 == nil { $0 = signal } }
    }

    /// The signal caught, if any.
    var signal: Int32? {
        caught.withLock { $0 }
    }
}
