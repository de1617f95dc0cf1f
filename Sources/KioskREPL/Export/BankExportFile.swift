import Glibc

/// Writes an export's lines to a file, replacing what it held.
enum BankExportFile {
    /// How much text is gathered before each write: a million rows never sit in memory as
    /// one string.
    private static let chunk = 1 << 20

    /// Writes each of `lines` followed by a newline to `path` (created with mode 0644 less
    /// the umask, or truncated).
    /// - Throws: ``BankExportError/cannotWrite(path:reason:)`` with the system's reason.
    static func write(_ lines: some Sequence<String>, to path: String) throws(BankExportError) {
        guard !path.isEmpty else { throw .cannotWrite(path: path, reason: reason(ENOENT)) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: reason(errno)) }
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
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw .cannotWrite(path: path, reason: reason(failure)) }
    }

    private static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
