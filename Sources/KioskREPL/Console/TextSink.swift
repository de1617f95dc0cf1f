import Synchronization

/// Where rendered text goes. Writes of whole lines are atomic with respect to each other.
protocol TextSink: Sendable {
    /// Writes `text`, which ends with a newline.
    func write(_ text: String)
    /// Writes `bytes`, UTF-8 text that ends with a newline.
    func write(bytes: [UInt8])
    /// Lets `body` append UTF-8 text that ends with a newline (or nothing) to what the sink
    /// writes, as ``write(bytes:)`` would write it: into the sink's own buffer where it has
    /// one, so an order's lines need no buffer of their own. `body` must not use the sink.
    /// - Returns: what `body` returns.
    func append<Result>(_ body: (inout [UInt8]) -> Result) -> Result
    /// Pushes buffered output to the terminal or pipe.
    func flush()
    /// The `errno` of the first write that failed, after which nothing more is written;
    /// nil while every write has gone through.
    var writeFailure: Int32? { get }
}

extension TextSink {
    /// Sinks that cannot fail never report a failure.
    var writeFailure: Int32? { nil }

    func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    func append<Result>(_ body: (inout [UInt8]) -> Result) -> Result {
        var bytes: [UInt8] = []
        let result = body(&bytes)
        if !bytes.isEmpty { write(bytes: bytes) }
        return result
    }
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
