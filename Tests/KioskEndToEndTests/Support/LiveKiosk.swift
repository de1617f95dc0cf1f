import Foundation
import GRDB

/// A `kiosk` that keeps running while a test feeds it lines one at a time through a pipe,
/// its output going to files the test reads as it goes (script mode shows each batch's
/// results as soon as they are done).
final class LiveKiosk {
    let process = Process()
    private let input = Pipe()
    let outputPath: String
    let errorPath: String

    /// Starts `kiosk arguments` with `sandbox`'s environment.
    init(_ arguments: [String], sandbox: Sandbox) throws {
        let id = UUID().uuidString
        outputPath = try sandbox.file("live-out-\(id)", contents: "")
        errorPath = try sandbox.file("live-err-\(id)", contents: "")
        process.executableURL = URL(fileURLWithPath: KioskBinary.path)
        process.arguments = arguments
        process.environment = sandbox.environment
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    var stdout: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Sends one line.
    func send(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Waits (at most 20 s) until standard output or error satisfies `condition`.
    @discardableResult
    func waitFor(_ what: String, _ condition: (_ stdout: String, _ stderr: String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition(stdout, stderr) {
            guard ContinuousClock.now < deadline, process.isRunning || condition(stdout, stderr) else {
                throw LiveTimeout(what: what, stdout: stdout, stderr: stderr)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return stdout
    }

    /// Ends the input and waits (at most 20 s) for the exit status.
    func finish() async throws -> Int32 {
        try input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw LiveTimeout(what: "the exit", stdout: stdout, stderr: stderr)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    struct LiveTimeout: Error, CustomStringConvertible {
        let what: String
        let stdout: String
        let stderr: String
        var description: String { "timed out waiting for \(what); stdout:\n\(stdout)\nstderr:\n\(stderr)" }
    }
}

/// Runs a bash command line (pipes, redirections, process substitutions) with `sandbox`'s
/// environment and `$KIOSK` naming the binary; gives up after `timeout`.
func runShell(_ command: String, sandbox: Sandbox, timeout: Duration = .seconds(30)) async throws -> KioskBinary.Run {
    let output = try sandbox.file("shell-out-\(UUID().uuidString)", contents: "")
    let errors = try sandbox.file("shell-err-\(UUID().uuidString)", contents: "")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    process.environment = sandbox.environment.merging(["KIOSK": KioskBinary.path]) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try process.run()
    let deadline = ContinuousClock.now + timeout
    var timedOut = false
    while process.isRunning {
        if ContinuousClock.now >= deadline {
            timedOut = true
            kill(-process.processIdentifier, SIGKILL)
            process.terminate()
            break
        }
        try await Task.sleep(for: .milliseconds(20))
    }
    process.waitUntilExit()
    return KioskBinary.Run(
        stdout: try String(contentsOfFile: output, encoding: .utf8),
        stderr: try String(contentsOfFile: errors, encoding: .utf8) + (timedOut ? "\n[timed out]" : ""),
        status: timedOut ? -1 : process.terminationStatus)
}

/// Holds SQLite's write lock on a database from another connection, as another process
/// would, until ``release()``: a thread of its own waits inside an open IMMEDIATE transaction.
final class DatabaseWriteLock: Sendable {
    private let taken = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// Returns once the lock is held.
    init(path: String) throws {
        let queue = try DatabaseQueue(path: path)
        Thread.detachNewThread { [taken, released, ended] in
            try? queue.inDatabase { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                taken.signal()
                released.wait()
                try db.execute(sql: "ROLLBACK")
            }
            try? queue.close()
            ended.signal()
        }
        taken.wait()
    }

    /// Lets the lock go and waits until the connection is closed.
    func release() {
        released.signal()
        ended.wait()
    }
}
