import Foundation
import KioskCore
import Synchronization
import Testing

@testable import KioskREPL

@Suite("Command thread")
struct CommandThreadTests {
    struct Done: CommandOutcome {}

    /// The name of the thread each run of a probe ran on, and which run it was, in order.
    final class Threads: Sendable {
        private let runs = Mutex<[(name: String, index: Int)]>([])

        func record(_ index: Int = 0) {
            // Which thread, by its pthread rather than its name: a name is only a label.
            let name = CommandThread.shared.isCurrent ? "kiosk-commands" : (Thread.current.name ?? "")
            runs.withLock { $0.append((name, index)) }
        }

        var recorded: [String] { runs.withLock { $0.map(\.name) } }
        var indices: [Int] { runs.withLock { $0.map(\.index) } }
    }

    @Test("a script's commands run on the command thread, where their database calls hold no pooled thread")
    func scriptCommandsRunOnTheCommandThread() async throws {
        let threads = Threads()
        let probe = Command(CommandSpec(path: ["history"], topic: .history)) { _ in
            threads.record()
            return Done()
        }
        var options = SessionOptions()
        options.inMemory = true
        let session = try await Session(options: options, frontEndCommands: [probe])
        let output = CapturedText()
        let console = Console(
            format: .text, colors: false, output: output, errors: CapturedText(),
            presenter: Presenter(catalog: EnglishCatalog(), config: session.config))
        let runner = ScriptRunner(
            session: session, transcript: Transcript(console: console, bus: session.bus), bail: true)
        let lines = AsyncStream<[String]> { continuation in
            continuation.yield(["history", "order banana"])
            continuation.yield(["history"])
            continuation.finish()
        }
        let succeeded = await runner.run(lines) { "line \($0)" }
        #expect(succeeded)
        #expect(threads.recorded == ["kiosk-commands", "kiosk-commands"])
        #expect(output.text.hasPrefix("Made 1 Banana Juice.\n"))
    }

    @Test("jobs run one at a time on the one thread, in the order they were enqueued")
    func runsJobsInOrder() async {
        let threads = Threads()
        await withTaskExecutorPreference(CommandThread.shared) {
            // Child tasks inherit the preference: each is a job on the command thread.
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<50 {
                    group.addTask { threads.record(index) }
                }
            }
        }
        #expect(threads.indices == Array(0..<50))
        #expect(Set(threads.recorded) == ["kiosk-commands"])
    }
}
