import Synchronization

/// Where rendered text goes. Writes of whole lines are atomic with respect to each other.
protocol TextSink: Sendable {
    /// Writes `text`, which ends with a newline.
    func write(_ text: String)
    /// Pushes buffered output to the terminal or pipe.
    func flush()
    /// The `errno` of the first write that failed, after which nothing more is written;
    /// nil while every write has gone through.
    var writeFailure: Int32? { get }
}

extension TextSink {
    /// Sinks that cannot fail never report a failure.
    var writeFailure: Int32? { nil }
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
