import Benchmark
import Foundation

// How long `kiosk -c help --in-memory` takes to start, run and exit, next to two Swift
// hello worlds built the same way (release): a plain one, and one that loads Foundation
// as kiosk does. The gaps split kiosk's start-up into what loading Foundation costs and
// what kiosk itself adds (argument parsing, config, wiring the session).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(10),
        maxIterations: 200)

    let programs = [
        ("kiosk -c help --in-memory", BinaryLocation.kiosk, ["-c", "help", "--in-memory"]),
        ("kiosk --version", BinaryLocation.kiosk, ["--version"]),
        ("hello world", BinaryLocation.helloWorld, []),
        ("hello world with Foundation", BinaryLocation.helloFoundation, []),
    ]
    for (name, path, arguments) in programs {
        Benchmark("Start, run and exit: \(name)") { benchmark in
            guard FileManager.default.isExecutableFile(atPath: path) else {
                benchmark.error("No executable at \(path). \(BinaryLocation.buildHint)")
                return
            }
            for _ in benchmark.scaledIterations {
                do {
                    let status = try ChildProcess.run(path, arguments: arguments)
                    if status != 0 {
                        benchmark.error("\(path) exited with status \(status)")
                        return
                    }
                } catch {
                    benchmark.error("\(path): \(error)")
                    return
                }
            }
        }
    }
}

/// Where the two binaries live: kiosk in the main package's release build (or
/// `$KIOSK_BINARY`), the hello world in this package's release build.
enum BinaryLocation {
    /// This package's directory, found from this file's path so the working directory does not matter.
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var kiosk: String {
        if let path = ProcessInfo.processInfo.environment["KIOSK_BINARY"], !path.isEmpty {
            return path
        }
        return packageDirectory.appendingPathComponent("../.build/release/kiosk").standardizedFileURL.path
    }

    static var helloWorld: String {
        packageDirectory.appendingPathComponent(".build/release/HelloWorld").path
    }

    static var helloFoundation: String {
        packageDirectory.appendingPathComponent(".build/release/HelloFoundation").path
    }

    static let buildHint =
        "Run `make release` in the kiosk package and `swift build -c release --product HelloWorld` "
        + "and `--product HelloFoundation` in Benchmarks/ first (`make bench` does all three)."
}

/// Runs a program with posix_spawn, its output sent to /dev/null, and waits for it.
enum ChildProcess {
    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    /// - Returns: the exit status, or 128 + the signal number if a signal ended it.
    static func run(_ path: String, arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard result == 0 else { throw SpawnError(code: result) }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw SpawnError(code: errno) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
