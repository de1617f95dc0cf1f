import Foundation

/// The built `kiosk` executable, run the way a user runs it.
///
/// Found at `$KIOSK_BINARY`, or beside the running test bundle: the `kiosk` that this
/// build of the tests depends on, so `swift test` and `swift test -c release` each run the
/// binary they have just built.
enum KioskBinary {
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["KIOSK_BINARY"], !path.isEmpty {
            return path
        }
        return buildDirectory + "/kiosk"
    }()

    /// The directory of the test bundle that runs (`.build/<triple>/debug`, or `release`),
    /// where SwiftPM also puts the products it depends on.
    static let buildDirectory: String = {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return bundle.deletingLastPathComponent().path
    }()

    /// The directory holding Package.swift.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// What one run printed and how it ended.
    struct Run {
        let stdout: String
        let stderr: String
        let status: Int32

        var stdoutLines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        var stderrLines: [String] {
            stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// Runs kiosk with `arguments`, `input` on standard input, and a private home.
    ///
    /// Output goes to files rather than pipes, so a large output never blocks the child.
    static func run(
        _ arguments: [String], input: String = "", home: Sandbox? = nil, environment extra: [String: String] = [:]
    ) async throws -> Run {
        let sandbox = try home ?? Sandbox()
        let input = try sandbox.file("stdin", contents: input)
        let output = try sandbox.file("stdout-\(UUID().uuidString)", contents: "")
        let errors = try sandbox.file("stderr-\(UUID().uuidString)", contents: "")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = sandbox.environment.merging(extra) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))

        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Run(
            stdout: try String(contentsOfFile: output, encoding: .utf8),
            stderr: try String(contentsOfFile: errors, encoding: .utf8),
            status: status)
    }
}
