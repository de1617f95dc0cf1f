import Glibc

/// Cuts bytes into lines at `\n` (dropping a `\r` before it), keeping a partial last line
/// until more bytes or the end arrive.
struct LineSplitter {
    private var partial: [UInt8] = []

    mutating func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var lines: [String] = []
        var start = 0
        while start < bytes.count {
            guard let base = bytes.baseAddress,
                let found = memchr(base + start, 0x0A, bytes.count - start)
            else { break }
            let end = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if partial.isEmpty {
                lines.append(Self.line(piece))
            } else {
                partial.append(contentsOf: piece)
                lines.append(partial.withUnsafeBufferPointer(Self.line))
                partial.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
        partial.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        return lines
    }

    /// The last line, if the input did not end with a newline.
    mutating func finish() -> String? {
        guard !partial.isEmpty else { return nil }
        defer { partial.removeAll() }
        return partial.withUnsafeBufferPointer(Self.line)
    }

    private static func line(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let trimmed = bytes.last == 0x0D ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
        return String(decoding: trimmed, as: UTF8.self)
    }
}
