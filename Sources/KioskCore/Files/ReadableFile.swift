import Glibc

/// Reads a whole file that a user named (`--config`, `--file`): a regular file, or a pipe
/// such as `/dev/stdin` on a pipe or a shell's process substitution `<(...)`, which is read
/// to its end; `/dev/null` reads as empty. Anything else is refused with the reason it cannot be read, before a byte of
/// it is read.
///
/// ```swift
/// let bytes = try ReadableFile.contents(of: "/dev/fd/63")   // from <(echo menu)
/// ```
public enum ReadableFile {
    /// Why a named file cannot be read.
    public enum Failure: Error, Sendable, Equatable {
        /// Nothing is at the path.
        case missing
        /// The path names a directory.
        case directory
        /// The path names something that is neither a file nor a pipe; `kind` says what it is.
        case notAFileOrPipe(kind: Kind)
        /// Opening or reading failed; `reason` is the system's text (`strerror`).
        case unreadable(reason: String)
    }

    /// What a path names when it is neither a file nor a pipe.
    public enum Kind: Sendable, Equatable {
        case terminal, characterDevice, blockDevice, socket, other
    }

    /// The bytes of the file or pipe at `path`.
    /// - Throws: ``Failure`` naming why it cannot be read.
    public static func contents(of path: String) throws(Failure) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let failure = errno
            if failure == ENOENT || failure == ENOTDIR { throw .missing }
            throw .unreadable(reason: String(cString: strerror(failure)))
        }
        if status.st_mode & S_IFMT == S_IFCHR, isTerminal(path) {
            throw .notAFileOrPipe(kind: .terminal)
        }
        // `/dev/null` (or another name for it) reads as an empty file, as it does to cat.
        if status.st_mode & S_IFMT == S_IFCHR, isNullDevice(status) { return [] }
        try check(mode: status.st_mode)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        return try readToEnd(descriptor)
    }

    /// Refuses a stream kiosk cannot read lines from: a directory (`kiosk < /tmp`). Anything
    /// else an open descriptor can be (a file, a pipe, a socket, a terminal, `/dev/null`) is
    /// read as it comes.
    /// - Throws: ``Failure`` naming what it is.
    public static func checkReadable(descriptor: Int32) throws(Failure) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw .directory }
    }

    private static func check(mode: mode_t) throws(Failure) {
        switch mode & S_IFMT {
        case S_IFREG, S_IFIFO: return
        case S_IFDIR: throw .directory
        case S_IFCHR: throw .notAFileOrPipe(kind: .characterDevice)
        case S_IFBLK: throw .notAFileOrPipe(kind: .blockDevice)
        case S_IFSOCK: throw .notAFileOrPipe(kind: .socket)
        default: throw .notAFileOrPipe(kind: .other)
        }
    }

    /// Whether `status` is that of the null device, which every read finds at its end.
    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_mode & S_IFMT == S_IFCHR && null.st_rdev == status.st_rdev
    }

    /// Whether the device at `path` is a terminal; opened without waiting and without
    /// becoming the controlling terminal.
    private static func isTerminal(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return isatty(descriptor) == 1
    }

    private static func readToEnd(_ descriptor: Int32) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
