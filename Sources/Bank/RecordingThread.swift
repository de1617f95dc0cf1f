import DequeModule
import Foundation
import Synchronization

/// Runs blocking jobs (database writes) one at a time, first in first out, on a thread of its
/// own rather than on Swift's cooperative pool, whose few threads the bank's clerks need.
///
/// The thread starts with the first job and ends when none is left, so a kiosk that records
/// nothing starts no thread (quitting flushes, which queues nothing when nothing is queued),
/// and a test that forgets to stop it leaks none. The lock guards the queue only: it is
/// never held while a job runs.
///
/// ```swift
/// let thread = RecordingThread()
/// thread.enqueue { try? log.update(1, with: tally, idle: true) }
/// let sessions = await thread.run { try? log.latest(10) }   // after the update
/// ```
final class RecordingThread: Sendable {
    private struct State {
        var jobs: Deque<@Sendable () -> Void> = []
        /// Whether a thread is running the jobs: false only once every job queued has run.
        var isRunning = false
        /// How many threads were started, for tests.
        var started = 0
    }

    private let state = Mutex(State())

    /// Queues `job` behind every job queued before it.
    func enqueue(_ job: @escaping @Sendable () -> Void) {
        let starts = state.withLock { state in
            state.jobs.append(job)
            defer { state.isRunning = true }
            if !state.isRunning { state.started += 1 }
            return !state.isRunning
        }
        guard starts else { return }
        // Left unnamed: Foundation names a thread through a handle that is not valid until
        // `start()` returns, nor once the thread has ended, which a short one may have.
        Thread { [self] in
            Thread.current.threadDictionary[Self.marker] = true
            drain()
        }.start()
    }

    /// Whether the calling code runs on a recording thread (for tests).
    static var isCurrent: Bool {
        Thread.current.threadDictionary[marker] != nil
    }

    private static let marker = "kiosk.recording-thread"

    /// Runs `work` behind every job queued before it, and returns its result.
    func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            enqueue { continuation.resume(returning: work()) }
        }
    }

    /// How many threads have been started to run jobs (for tests).
    var threadsStarted: Int { state.withLock { $0.started } }

    /// Returns once every job queued before the call has run: at once when no thread is
    /// running, since every job queued has run then, so that quitting a kiosk that recorded
    /// nothing starts no thread to learn it.
    func flush() async {
        guard state.withLock({ $0.isRunning }) else { return }
        await run {}
    }

    /// Runs the queued jobs in order until none is left, then lets the thread end.
    private func drain() {
        while let job = takeJob() {
            job()
        }
    }

    private func takeJob() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard let job = state.jobs.popFirst() else {
                state.isRunning = false
                return nil
            }
            return job
        }
    }
}
