import Foundation
import KioskCore
import Synchronization

/// The thread that runs commands: a task executor on a thread of its own, so that the
/// blocking database calls a command makes (SQLite, libpq) never hold a thread of Swift's
/// cooperative pool, which the bank's clerks and the event relay need.
///
/// A front end runs its command loop with this executor as its preference, so the loop and
/// every command it awaits run here one after another, without a hop per line: a script's
/// orders go from reading to writing on this one thread. Unstructured tasks the commands
/// start (the bank's clerks, the relay) still run on the cooperative pool.
///
/// ```swift
/// await withTaskExecutorPreference(CommandThread.shared) {
///     for line in lines { try await session.run(session.parse(line)) }
/// }
/// ```
final class CommandThread: TaskExecutor {
    /// The process's command thread, started when first used. One for the process, as there
    /// is one main thread: a front end runs one command at a time, and a thread that ends
    /// with each session would have to be joined by whatever still holds its jobs.
    static let shared = CommandThread(name: "kiosk-commands")

    private let jobs = Mutex<[UnownedJob]>([])
    /// The thread's pthread, once it runs.
    private let serving = Mutex<pthread_t?>(nil)
    private let waiting = DispatchSemaphore(value: 0)

    private init(name: String) {
        let thread = Thread { [self] in
            // Named from the thread itself: on Linux a name given before `start()` names only
            // the `Thread` object, and the thread keeps the name of the one that started it.
            Thread.current.name = name
            // Its blocking calls hold up only the commands, which wait for them anyway: a
            // store does its I/O here rather than hand it to a thread of its own.
            BlockingThread.markCurrent()
            serving.withLock { $0 = pthread_self() }
            serve()
        }
        thread.start()
    }

    /// Whether the calling code runs on this thread.
    var isCurrent: Bool {
        serving.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        waiting.signal()
    }

    /// Runs jobs as they come, for as long as the process lives.
    private func serve() {
        var batch: [UnownedJob] = []
        while true {
            waiting.wait()
            // Takes every job queued so far at once (one lock for a run of them); the
            // semaphore's count still holds one for each job after the first.
            jobs.withLock { swap(&$0, &batch) }
            let executor = asUnownedTaskExecutor()
            for (index, job) in batch.enumerated() {
                if index > 0 { waiting.wait() }
                job.runSynchronously(on: executor)
            }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
