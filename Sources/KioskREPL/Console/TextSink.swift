import Synchronization

/// Where rendered text goes. Writes of whole lines are atomic with respect to each other.
protocol TextSink: Sendable {
    /// Writes `text`, which ends with a newline.
    func write(_ text: String)
    /// Pushes buffered output to the terminal or pipe.
    func flush()
}

/// Which of the process's output streams a piece of text goes to.
enum OutputTarget: Sendable, Equatable {
    case standardOutput
    case standardError
}

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
