import Bank
import KioskCore

/// Runs lines without a terminal: `-c` commands, `--file`, or piped standard input.
/// No prompt, no banner; blank lines and `#` comments are skipped; errors go to stderr
/// with their line number; `quit` stops reading; the bank's remaining work is finished
/// at the end of the input. A storage failure stops the script at once (it would fail every
/// line after it the same way), and so does output that can no longer be written.
struct ScriptRunner: Sendable {
    let session: Session
    let transcript: Transcript
    let bail: Bool
    /// A signal caught meanwhile stops the script before its next line.
    var stop = StopRequest()
    /// Whether each command's output is written as soon as it ends (`-c`: a few commands,
    /// each of which may wait), rather than once per batch of lines read.
    var flushesEachCommand = false

    /// How a script ended.
    enum Ending: Sendable, Equatable {
        /// Every line ran and succeeded.
        case succeeded
        /// At least one line failed; the others ran (unless `--bail`).
        case commandFailed
        /// The storage failed; the script stopped at that line.
        case storageFailed
        /// Standard output could not be written; the script stopped.
        case outputFailed
    }

    /// Runs every line from `batches`, unless the task is cancelled.
    /// - Parameter label: where line `n` is, for error messages (`line 3`).
    /// - Returns: whether every line succeeded.
    func run(_ batches: some AsyncSequence<[String], Never>, label: (Int) -> String) async -> Bool {
        await runToEnd(batches, label: label) == .succeeded
    }

    /// Runs every line from `batches`, unless the task is cancelled, the storage fails or
    /// the output cannot be written.
    /// - Parameter label: where line `n` is, for error messages (`line 3`).
    /// - Returns: how the script ended.
    func runToEnd(_ batches: some AsyncSequence<[String], Never>, label: (Int) -> String) async -> Ending {
        // On the command thread, lines run one after another without a hop per line, and
        // the database calls they make hold no thread of the cooperative pool.
        await withTaskExecutorPreference(CommandThread.shared) {
            await runLines(batches, label: label)
        }
    }

    private func runLines(_ batches: some AsyncSequence<[String], Never>, label: (Int) -> String) async -> Ending {
        let relay = Task { [transcript] in await transcript.relay() }
        defer { relay.cancel() }

        var ending = Ending.succeeded
        var number = 0
        reading: for await batch in batches {
            for line in batch {
                number += 1
                if Self.isSkippable(line) { continue }
                if Task.isCancelled || stop.signal != nil { break reading }
                if transcript.console.output.writeFailure != nil {
                    ending = .outputFailed
                    break reading
                }
                transcript.begin()
                do {
                    guard let invocation = try session.parse(line) else {
                        transcript.finish()
                        continue
                    }
                    let step: Step
                    if let done = try session.runAtOnce(invocation) {
                        step = done
                    } else {
                        step = try await session.run(invocation)
                    }
                    switch step {
                    case .outcome(let outcome) where stop.signal != nil && Self.isInterruptedWait(outcome):
                        // The signal that cut the wait short ends the run and sends the
                        // bank's customers away: "the bank goes on serving" would be
                        // untrue, and the run's last line says what was cancelled.
                        transcript.finish()
                        break reading
                    case .outcome(let outcome):
                        transcript.finish(outcome, of: invocation)
                    case .quit:
                        transcript.finish()
                        break reading
                    }
                } catch is CancellationError {
                    transcript.finish()
                    break reading
                } catch  where Task.isCancelled {
                    // A signal ended the run while the command failed (a database wait it
                    // gave up): the run says it was interrupted, once.
                    transcript.finish()
                    break reading
                } catch let error as any StorageFailure where error.endsScript {
                    transcript.finish(error: error, location: label(number), endsRun: true)
                    ending = .storageFailed
                    break reading
                } catch {
                    ending = .commandFailed
                    transcript.finish(error: error, location: label(number))
                    if bail { break reading }
                }
                if flushesEachCommand { transcript.flush() }
            }
            // A person typing lines (standard input on a terminal, output to a pipe) sees
            // each result as it comes; a piped script pays one write per batch read.
            transcript.flush()
        }
        if transcript.console.output.writeFailure != nil { return .outputFailed }
        if !Task.isCancelled, stop.signal == nil, ending != .storageFailed {
            await session.finishPendingWork()
        }
        transcript.flush()
        if transcript.console.output.writeFailure != nil { return .outputFailed }
        return ending
    }

    /// Whether `outcome` is a `bank wait` that was cancelled before the bank fell idle.
    static func isInterruptedWait(_ outcome: any CommandOutcome) -> Bool {
        guard case .wait(.interrupted) = outcome as? BankOutcome else { return false }
        return true
    }

    static func isSkippable(_ line: String) -> Bool {
        // A line that starts with a printable ASCII byte other than `#` (every command a
        // script sends) is decided by that byte, without reading Characters.
        if let first = line.utf8.first, first > 0x20, first < 0x7F {
            return first == UInt8(ascii: "#")
        }
        guard let first = line.first(where: { !$0.isWhitespace }) else { return true }
        return first == "#"
    }
}
