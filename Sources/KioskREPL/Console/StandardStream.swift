import Glibc
import Synchronization

/// The process's standard output or standard error. Output to a pipe or file is
/// buffered (which is what makes script mode fast); output to a terminal is written at once.
public final class StandardStream: TextSink {
    /// Standard output.
    public static let output = StandardStream(descriptor: STDOUT_FILENO)
    /// Standard error.
    public static let error = StandardStream(descriptor: STDERR_FILENO)

    private static let bufferLimit = 64 * 1024

    private let descriptor: Int32
    /// Whether the stream is a terminal.
    let isTerminal: Bool
    // Standard error is never held back, like C's stderr.
    private let writesThrough: Bool
    // Serializes writers (the command loop and the bank's event deliveries).
    private let buffer = Mutex<[UInt8]>([])

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
        self.writesThrough = isTerminal || descriptor == STDERR_FILENO
    }

    /// Writes `text`, at once or when the buffer fills (see the type).
    public func write(_ text: String) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: text.utf8)
            if writesThrough || buffer.count >= Self.bufferLimit {
                drain(&buffer)
            }
        }
    }

    /// Writes out whatever is buffered.
    public func flush() {
        buffer.withLock { drain(&$0) }
    }

    private func drain(_ buffer: inout [UInt8]) {
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    // The reader went away (EPIPE) or the disk is full: drop the output
                    // rather than spin; the exit code still tells the outcome.
                    break
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
