import Synchronization

/// Collects output in memory; used by tests.
final class CapturedText: TextSink {
    private let buffer = Mutex("")

    func write(_ text: String) {
        buffer.withLock { $0 += text }
    }

    func flush() {}

    /// Everything written so far.
    var text: String { buffer.withLock { $0 } }
}
