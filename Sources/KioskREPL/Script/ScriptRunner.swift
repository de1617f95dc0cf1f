import KioskCore

/// Runs lines without a terminal: `-c` commands, `--file`, or piped standard input.
/// No prompt, no banner; blank lines and `#` comments are skipped; errors go to stderr
/// with their line number; the bank's remaining work is finished at end of input.
struct ScriptRunner {
    let session: Session
    let console: Console
    let bail: Bool

    /// Runs every line from `source`.
    /// - Returns: whether every line succeeded.
    func run(_ source: some Sequence<String>, label: (Int) -> String) async -> Bool {
        let events = session.bus.subscribe { [console] event in console.show(event: event) }
        defer { events.cancel() }

        var succeeded = true
        var number = 0
        for line in source {
            number += 1
            if Self.isSkippable(line) { continue }
            if Task.isCancelled { break }
            do {
                if let result = try await session.execute(line) {
                    console.show(result)
                }
            } catch {
                succeeded = false
                console.output.flush()
                console.show(error: error, location: label(number))
                if bail { break }
            }
        }
        await session.finishPendingWork()
        console.output.flush()
        return succeeded
    }

    static func isSkippable(_ line: String) -> Bool {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        return trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.allSatisfy(\.isWhitespace)
    }
}

/// Lines of standard input, read until end of input (never looping on EOF).
struct StandardInputLines: Sequence, IteratorProtocol {
    mutating func next() -> String? {
        readLine(strippingNewline: true)
    }
}
