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
    private let state: Mutex<State>

    private struct State {
        var buffer: [UInt8] = []
        /// The errno of the first failed write; nothing is written after it.
        var failure: Int32?
        /// Asked before each write (see ``writeOnlyWhen(_:)``).
        var settled: (@Sendable () -> Bool)?
    }

    /// The failure of a stream whose output was held back for good: what it reported may
    /// not have happened (``writeOnlyWhen(_:)``), and the one who said no said why.
    public static let withheld = ECANCELED

    /// A stream on `descriptor`; kiosk uses ``output`` and ``error``, tests a pipe's end.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
        self.writesThrough = isTerminal || descriptor == STDERR_FILENO
        var state = State()
        // A stream the parent closed (`kiosk >&-`) was given /dev/null by
        // ``protectStandardDescriptors()``; writing to it must still count as failing.
        if Self.closedAtStart.withLock({ $0.contains(descriptor) }) { state.failure = EBADF }
        self.state = Mutex(state)
    }

    /// The standard descriptors the parent left closed.
    private static let closedAtStart = Mutex<Set<Int32>>([])

    /// Puts /dev/null on standard input, output and error where the parent left them closed,
    /// so no file kiosk opens later (a config, the database) takes their number and
    /// receives its output; output to a closed stream still fails, as ``writeFailure`` says.
    /// Call it first thing, before anything opens a file.
    public static func protectStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            closedAtStart.withLock { _ = $0.insert(descriptor) }
        }
    }

    /// Writes `text`, at once or when the buffer fills (see the type).
    public func write(_ text: String) {
        state.withLock { state in
            guard state.failure == nil else { return }
            state.buffer.append(contentsOf: text.utf8)
            if writesThrough || state.buffer.count >= Self.bufferLimit {
                drain(&state)
            }
        }
    }

    /// Writes `bytes` as ``write(_:)`` writes text: the bank's lines come as bytes, which
    /// would otherwise be made into a string only to be taken apart again.
    public func write(bytes: [UInt8]) {
        state.withLock { state in
            guard state.failure == nil else { return }
            if state.buffer.isEmpty, bytes.count >= Self.bufferLimit {
                // A whole run of lines: written from where it is, not copied first.
                if let settled = state.settled, !settled() {
                    state.failure = Self.withheld
                    return
                }
                state.failure = writeAll(bytes)
                return
            }
            state.buffer.append(contentsOf: bytes)
            if writesThrough || state.buffer.count >= Self.bufferLimit {
                drain(&state)
            }
        }
    }

    /// Lets `body` append bytes straight to the buffer, then writes as ``write(bytes:)``
    /// does: a script's order results are rendered where they wait to go out, with no buffer
    /// of their own to copy from. `body` runs with the stream locked, so it must not write to
    /// this stream; after a failed write what it appends is dropped.
    /// - Returns: what `body` returns.
    func append<Result>(_ body: (inout [UInt8]) -> Result) -> Result {
        state.withLock { state in
            guard state.failure == nil else {
                var dropped: [UInt8] = []
                return body(&dropped)
            }
            let before = state.buffer.count
            let result = body(&state.buffer)
            if state.buffer.count > before, writesThrough || state.buffer.count >= Self.bufferLimit {
                drain(&state)
            }
            return result
        }
    }

    /// Asks `settled` before each write whether what the buffer reports holds (a shared
    /// database's changes are durable); when it says no, the buffer is dropped and the
    /// stream fails with ``withheld``. `settled` runs with the stream locked, so it must not
    /// write to this stream.
    public func writeOnlyWhen(_ settled: @escaping @Sendable () -> Bool) {
        state.withLock { $0.settled = settled }
    }

    /// Writes out whatever is buffered.
    public func flush() {
        state.withLock { drain(&$0) }
    }

    /// The `errno` of the first write that failed (`EPIPE` when the reader went away,
    /// `ENOSPC`, `EBADF`, ...); nil while every write has gone through.
    public var writeFailure: Int32? {
        state.withLock { $0.failure }
    }

    private func drain(_ state: inout State) {
        defer { state.buffer.removeAll(keepingCapacity: true) }
        guard state.failure == nil else { return }
        if let settled = state.settled, !settled() {
            state.failure = Self.withheld
            return
        }
        guard !state.buffer.isEmpty else { return }
        state.failure = writeAll(state.buffer)
    }

    /// Writes all of `bytes`; returns the errno that stopped it, if any.
    private func writeAll(_ bytes: [UInt8]) -> Int32? {
        var offset = 0
        var failure: Int32?
        bytes.withUnsafeBytes { bytes in
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    // The reader went away (EPIPE) or the disk is full: the rest is dropped,
                    // and the front end stops at its next line and says so.
                    failure = written < 0 ? errno : EIO
                    break
                }
            }
        }
        return failure
    }
}
