import Glibc

/// Writes an export's lines to a file, replacing what it held only once the new file is
/// whole.
///
/// The lines go to a new file beside the old one, which is synced to the disk and then
/// renamed over it: a kill, a crash or a full disk during the export leaves the previous
/// file as it was (and at most a `.NAME.kiosk-PID-N.tmp` file beside it after a kill).
/// A symbolic link at the path is refused rather than followed: writing through it would
/// change a file elsewhere, and renaming over it would quietly undo the link. A path that
/// is not a regular file (`/dev/stdout`, a FIFO) has no contents to protect and is
/// written in place.
enum BankExportFile {
    /// How much text is gathered before each write: a million rows never sit in memory as
    /// one string.
    private static let chunk = 1 << 20

    /// Writes each of `lines` followed by a newline to `path`. A new file gets mode 0644
    /// less the umask; a file replaced keeps its mode.
    /// - Throws: ``BankExportError/cannotWrite(path:reason:)`` with the system's reason, or
    ///   ``RefusedFile`` when `path` is a symbolic link.
    static func write(_ lines: some Sequence<String>, to path: String) throws {
        guard !path.isEmpty else { throw BankExportError.cannotWrite(path: path, reason: reason(ENOENT)) }
        var status = stat()
        var replacedMode: mode_t?
        if lstat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFLNK: throw RefusedFile(path: path, use: .export, reason: .symbolicLink)
            case S_IFDIR: throw BankExportError.cannotWrite(path: path, reason: reason(EISDIR))
            case S_IFREG: replacedMode = status.st_mode & 0o7777
            default:
                try writeInPlace(lines, to: path)
                return
            }
        }
        try writeReplacing(lines, at: path, mode: replacedMode)
    }

    /// Writes a new file beside `path`, syncs it, and renames it over `path`.
    private static func writeReplacing(_ lines: some Sequence<String>, at path: String, mode: mode_t?)
        throws(BankExportError)
    {
        let slash = path.lastIndex(of: "/")
        // The directory with its slash (`/tmp/`, `/`), or nothing for a name in the current one.
        let prefix = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var temporary = ""
        var descriptor: Int32 = -1
        // O_EXCL: never a file someone else put there; a name taken is tried again.
        for attempt in 0..<100 where descriptor < 0 {
            temporary = prefix + ".\(name).kiosk-\(getpid())-\(attempt).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0, errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: reason(errno)) }
        var failure = writeAll(lines, to: descriptor)
        if failure == nil, let mode, fchmod(descriptor, mode) != 0 { failure = errno }
        // On the disk before the rename makes it the file: otherwise a crash soon after
        // could leave the name pointing at an empty file.
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason(failure))
        }
        // The rename itself, on the disk.
        let directoryDescriptor = open(prefix.isEmpty ? "." : prefix, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Writes `lines` to what `path` names as it is (a device or a FIFO).
    private static func writeInPlace(_ lines: some Sequence<String>, to path: String) throws(BankExportError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: reason(errno)) }
        var failure = writeAll(lines, to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw .cannotWrite(path: path, reason: reason(failure)) }
    }

    /// Writes each line and a newline to `descriptor`, a chunk at a time.
    /// - Returns: the `errno` of the first failed write, or nil.
    private static func writeAll(_ lines: some Sequence<String>, to descriptor: Int32) -> Int32? {
        var failure: Int32?
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunk + 4_096)
        func flush() {
            var offset = 0
            while failure == nil, offset < buffer.count {
                let written = buffer.withUnsafeBytes { bytes in
                    Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                }
                if written < 0 {
                    if errno != EINTR { failure = errno }
                } else {
                    offset += written
                }
            }
            buffer.removeAll(keepingCapacity: true)
        }
        for line in lines where failure == nil {
            buffer.append(contentsOf: line.utf8)
            buffer.append(UInt8(ascii: "\n"))
            if buffer.count >= chunk { flush() }
        }
        if failure == nil { flush() }
        return failure
    }

    private static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
