import KioskCore

/// Runs lines without a terminal: `-c` commands, `--file`, or piped standard input.
/// No prompt, no banner; blank lines and `#` comments are skipped; errors go to stderr
/// with their line number; `quit` stops reading; the bank's remaining work is finished
/// at the end of the input.
struct ScriptRunner: Sendable {
    let session: Session
    let console: Console
    let bail: Bool

    /// Runs every line from `batches`, unless the task is cancelled.
    /// - Parameter label: where line `n` is, for error messages (`line 3`).
    /// - Returns: whether every line succeeded.
    func run(_ batches: some AsyncSequence<[String], Never>, label: (Int) -> String) async -> Bool {
        let hold = AnnouncementHold(format: console.format)
        let events = session.bus.subscribe { [console] event in
            if !hold.keep(event) { console.show(event: event) }
        }
        defer { events.cancel() }

        var succeeded = true
        var number = 0
        reading: for await batch in batches {
            for line in batch {
                number += 1
                if Self.isSkippable(line) { continue }
                if Task.isCancelled { break reading }
                hold.begin()
                defer { hold.end().forEach { console.show(event: $0) } }
                do {
                    guard let invocation = try session.parse(line) else { continue }
                    if FrontEndCommands.isQuit(invocation) { break reading }
                    console.show(try await session.run(invocation))
                } catch is CancellationError {
                    break reading
                } catch {
                    succeeded = false
                    // Keeps the error after the output of the lines before it on a terminal.
                    console.output.flush()
                    console.show(error: error, location: label(number))
                    if bail { break reading }
                }
            }
        }
        if !Task.isCancelled {
            await session.finishPendingWork()
        }
        console.output.flush()
        return succeeded
    }

    static func isSkippable(_ line: String) -> Bool {
        guard let first = line.first(where: { !$0.isWhitespace }) else { return true }
        return first == "#"
    }
}
