import KioskCore

/// Runs lines without a terminal: `-c` commands, `--file`, or piped standard input.
/// No prompt, no banner; blank lines and `#` comments are skipped; errors go to stderr
/// with their line number; `quit` stops reading; the bank's remaining work is finished
/// at the end of the input.
struct ScriptRunner: Sendable {
    let session: Session
    let transcript: Transcript
    let bail: Bool

    /// Runs every line from `batches`, unless the task is cancelled.
    /// - Parameter label: where line `n` is, for error messages (`line 3`).
    /// - Returns: whether every line succeeded.
    func run(_ batches: some AsyncSequence<[String], Never>, label: (Int) -> String) async -> Bool {
        let relay = Task { [transcript] in await transcript.relay() }
        defer { relay.cancel() }

        var succeeded = true
        var number = 0
        reading: for await batch in batches {
            for line in batch {
                number += 1
                if Self.isSkippable(line) { continue }
                if Task.isCancelled { break reading }
                transcript.begin()
                do {
                    guard let invocation = try session.parse(line) else {
                        transcript.finish()
                        continue
                    }
                    switch try await session.run(invocation) {
                    case .outcome(let outcome):
                        transcript.finish(outcome, of: invocation)
                    case .quit:
                        transcript.finish()
                        break reading
                    }
                } catch is CancellationError {
                    transcript.finish()
                    break reading
                } catch {
                    succeeded = false
                    transcript.finish(error: error, location: label(number))
                    if bail { break reading }
                }
            }
        }
        if !Task.isCancelled {
            await session.finishPendingWork()
        }
        transcript.flush()
        return succeeded
    }

    static func isSkippable(_ line: String) -> Bool {
        guard let first = line.first(where: { !$0.isWhitespace }) else { return true }
        return first == "#"
    }
}
