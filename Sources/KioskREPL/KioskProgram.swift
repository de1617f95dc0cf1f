import Foundation
import KioskCore

/// The whole program behind the `kiosk` executable: picks the front end and runs it.
public enum KioskProgram {
    /// How a run ended; the executable turns it into an exit code.
    public enum Outcome: Sendable, Equatable {
        case success
        /// At least one command failed.
        case commandFailed
        /// Ctrl-C or a signal ended the run.
        case interrupted
    }

    /// Runs the session the options describe.
    /// - Throws: ``ConfigError`` for a bad config, `StorageError` for storage I/O.
    public static func run(_ options: SessionOptions) async throws -> Outcome {
        let session = try await Session(options: options)
        let useColor =
            !options.noColor && options.environment["NO_COLOR"] == nil && StandardStream.output.isTerminal
        let console = Console(
            format: options.json ? .json : .text, colors: useColor,
            output: StandardStream.output, errors: StandardStream.error, config: session.config)
        let runner = ScriptRunner(session: session, console: console, bail: options.bail)

        if !options.commands.isEmpty {
            let count = options.commands.count
            let succeeded = await runner.run(options.commands) { count == 1 ? "-c" : "-c #\($0)" }
            return succeeded ? .success : .commandFailed
        }
        if let path = options.scriptFile {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ScriptFileError(path: path)
            }
            let text = String(decoding: data, as: UTF8.self)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            let succeeded = await runner.run(lines) { "\(path): line \($0)" }
            return succeeded ? .success : .commandFailed
        }
        let succeeded = await runner.run(StandardInputLines()) { "line \($0)" }
        return succeeded ? .success : .commandFailed
    }
}

/// `--file` names a file that cannot be read.
public struct ScriptFileError: KioskError {
    public let path: String
    public var code: String { "no_script" }
    public var description: String { "Cannot read script '\(Sanitized.text(path))': no such file or no permission." }
}
