import Glibc

/// Cuts bytes into lines at `\n` (dropping a `\r` before it), keeping a partial last line
/// until more bytes or the end arrive. A byte order mark at the very start (editors on
/// Windows save UTF-8 with one) is not part of the first line.
struct LineSplitter {
    private var partial: [UInt8] = []
    /// Whether no line has been cut yet: the first may start with a byte order mark.
    private var atStart = true

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
        if atStart, !lines.isEmpty { lines[0] = firstLine(lines[0]) }
        return lines
    }

    /// The last line, if the input did not end with a newline.
    mutating func finish() -> String? {
        guard !partial.isEmpty else { return nil }
        defer { partial.removeAll() }
        let line = partial.withUnsafeBufferPointer(Self.line)
        return atStart ? firstLine(line) : line
    }

    /// `line` without the byte order mark (U+FEFF) it may start with, as the first line.
    private mutating func firstLine(_ line: String) -> String {
        atStart = false
        guard line.unicodeScalars.first == "\u{FEFF}" else { return line }
        return String(line.unicodeScalars.dropFirst())
    }

    private static func line(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let trimmed = bytes.last == 0x0D ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
        return String(decoding: trimmed, as: UTF8.self)
    }
}
