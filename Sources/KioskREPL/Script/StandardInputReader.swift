import Foundation
import Synchronization

/// Standard input as batches of lines, read on a thread of its own: a slow writer never
/// holds a thread of the cooperative pool, and a signal can stop the script while it waits.
struct StandardInputReader: AsyncSequence, Sendable {
    typealias Element = [String]

    /// Batches read but not yet taken; the reader waits when this many are queued.
    static let queuedBatches = 8

    private let stream: AsyncStream<[String]>
    private let credits: Credits

    /// Starts reading `descriptor` to its end.
    init(descriptor: Int32 = STDIN_FILENO, chunkSize: Int = 64 * 1024) {
        let (stream, continuation) = AsyncStream<[String]>.makeStream()
        let credits = Credits(Self.queuedBatches)
        self.stream = stream
        self.credits = credits
        let thread = Thread {
            var splitter = LineSplitter()
            var chunk = [UInt8](repeating: 0, count: chunkSize)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                let lines = chunk.withUnsafeBufferPointer {
                    splitter.split(UnsafeBufferPointer(rebasing: $0[0..<count]))
                }
                if !lines.isEmpty {
                    credits.take()
                    continuation.yield(lines)
                }
            }
            if let last = splitter.finish() {
                continuation.yield([last])
            }
            continuation.finish()
        }
        thread.name = "kiosk-stdin"
        thread.start()
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), credits: credits)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<[String]>.Iterator
        fileprivate let credits: Credits

        mutating func next() async -> [String]? {
            let batch = await base.next()
            if batch != nil { credits.giveBack() }
            return batch
        }
    }
}

/// The reader's room for queued batches: a semaphore that, when released, first gets back
/// the credits the reader took for batches no one took from the queue. libdispatch traps
/// when a semaphore is released below its initial value, which a script that stops early
/// (a storage failure, `quit`, `--bail`) would otherwise do.
private final class Credits: Sendable {
    private let semaphore: DispatchSemaphore
    private let outstanding = Mutex(0)

    init(_ count: Int) {
        semaphore = DispatchSemaphore(value: count)
    }

    /// Waits for room for one more batch.
    func take() {
        semaphore.wait()
        outstanding.withLock { $0 += 1 }
    }

    /// Makes room again once a batch was taken from the queue.
    func giveBack() {
        outstanding.withLock { $0 -= 1 }
        semaphore.signal()
    }

    deinit {
        for _ in 0..<max(0, outstanding.withLock { $0 }) { semaphore.signal() }
    }
}
