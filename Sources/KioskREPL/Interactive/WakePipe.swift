import Glibc

/// A self-pipe: other threads write a byte to wake the terminal thread out of poll(2).
final class WakePipe: Sendable {
    /// The end to poll; non-blocking.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        (readDescriptor, writeDescriptor) = Self.makePipe()
    }

    /// A pipe whose ends never block and are closed in child processes; (-1, -1) on failure.
    static func makePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes the read end readable. A full pipe is already readable, so a failed write is fine.
    func wake() {
        var byte: UInt8 = 0
        while write(writeDescriptor, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Empties the pipe.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readDescriptor, &bytes, bytes.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
        }
    }
}
