import Benchmark
import Foundation

// The front end as a user meets it, on the release binary:
// - script mode: 100,000 `stock` lines piped into `kiosk --in-memory`, as text and as
//   JSON Lines (output to /dev/null); the target is 100,000 lines/s or more;
// - mistyped lines: 100,000 lines of unknown commands and subcommands, each answered on
//   standard error with a correction (`ordr` → `order`), as a script with a slip on every
//   line gets them;
// - orders end to end: 100,000 `order banana 1` lines through parse, the SQLite store and
//   rendering, in memory, on a file database, and on PostgreSQL over its socket and TCP;
// - the REPL: from starting kiosk in a fresh detached tmux session to its first prompt on
//   the screen; the target is under 50 ms. The same measurement with `bash --norc` shows
//   what tmux itself costs.
let benchmarks: @Sendable () -> Void = {
    let linesPerSecond = BenchmarkMetric.custom("lines/s", polarity: .prefersLarger, useScalingFactor: false)

    // Each script's title, kiosk's arguments, its lines, and the status it ends with. The
    // mistyped lines each fail to parse and are answered with a correction, looked for among
    // every command word (English and Korean) of the registry; a script whose lines failed
    // exits with 1, having run every line.
    let scripts: [(title: String, arguments: [String], lines: @Sendable (Benchmark) -> String?, status: Int32)] = [
        ("'stock' lines, text", ["--in-memory"], ScriptInput.stockLines, 0),
        ("'stock' lines, --json", ["--in-memory", "--json"], ScriptInput.stockLines, 0),
        ("mistyped lines (ordr, bank opn, exprot, xyzzy)", ["--in-memory"], ScriptInput.mistypedLines, 1),
    ]
    for script in scripts {
        Benchmark(
            "Script: 100,000 piped \(script.title)",
            configuration: .init(
                metrics: [linesPerSecond, .wallClock], timeUnits: .milliseconds, warmupIterations: 1,
                maxDuration: .seconds(30), maxIterations: 10)
        ) { benchmark in
            guard let kiosk = Binaries.kiosk(for: benchmark), let input = script.lines(benchmark) else { return }
            let clock = ContinuousClock()
            let start = clock.now
            do {
                let status = try ChildProcess.run(kiosk, arguments: script.arguments, input: input)
                guard status == script.status else {
                    return benchmark.error("kiosk exited with status \(status), not \(script.status)")
                }
            } catch {
                return benchmark.error("\(error)")
            }
            let seconds = Double((clock.now - start).wholeMicroseconds) / 1_000_000
            benchmark.measurement(linesPerSecond, Int((Double(ScriptInput.lineCount) / seconds).rounded()))
        }
    }

    // Orders end to end: parse, execute (the SQLite store, with its sale rows) and render,
    // 100,000 piped `order banana 1` lines; on an in-memory database as text and as JSON Lines
    // (issue 26: JSON at most 1.15× text), and on a file database in a fresh data directory
    // (durable: every order is its own transaction).
    let ordersPerSecond = BenchmarkMetric.custom("orders/s", polarity: .prefersLarger, useScalingFactor: false)
    // On PostgreSQL too (scripts/postgres's server, which `make bench` starts and names in
    // KIOSK_BENCH_POSTGRES and KIOSK_BENCH_POSTGRES_TCP), each run on a database of its own,
    // with the first 5,000 lines: every order waits for the server's WAL flush, a few
    // milliseconds on this machine's disk, so 100,000 would take minutes a run.
    let environment = ProcessInfo.processInfo.environment
    var stores: [(name: String, durable: Bool, postgres: String?, json: Bool)] = [
        ("--in-memory", false, nil, false), ("--in-memory --json", false, nil, true),
        ("file database", true, nil, false),
    ]
    if let socket = environment["KIOSK_BENCH_POSTGRES"], !socket.isEmpty {
        stores.append(("PostgreSQL over the unix socket", true, socket, false))
    }
    if let tcp = environment["KIOSK_BENCH_POSTGRES_TCP"], !tcp.isEmpty {
        stores.append(("PostgreSQL over TCP (127.0.0.1)", true, tcp, false))
    }
    for (name, durable, postgres, json) in stores {
        Benchmark(
            "Orders end to end: \(postgres == nil ? "100,000" : "5,000") piped 'order banana 1' lines, \(name)",
            configuration: .init(
                metrics: [ordersPerSecond, .wallClock], timeUnits: .milliseconds, warmupIterations: 1,
                maxDuration: .seconds(60), maxIterations: postgres == nil ? 5 : 2)
        ) { benchmark in
            let lines = postgres == nil ? ScriptInput.lineCount : ScriptInput.postgresLineCount
            guard let kiosk = Binaries.kiosk(for: benchmark),
                let input = postgres == nil
                    ? ScriptInput.orderLines(for: benchmark) : ScriptInput.postgresOrderLines(for: benchmark),
                let config = ScriptInput.deepShelvesConfig(for: benchmark)
            else { return }
            let dataDirectory = FileManager.default.temporaryDirectory
                .appendingPathComponent("kiosk-bench-data-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
            defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
            var storage = durable ? ["--data-dir", dataDirectory] : ["--in-memory"]
            if json { storage.append("--json") }
            if let postgres {
                let database = "kiosk_bench_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
                var output = ""
                guard
                    (try? ChildProcess.run(
                        "/usr/bin/psql",
                        arguments: ["\(postgres) dbname=postgres", "-Xqc", "CREATE DATABASE \(database)"],
                        output: &output)) == 0
                else { return benchmark.error("cannot create a database with psql on \(postgres)") }
                storage = ["--database", "\(postgres) dbname=\(database)"]
            }
            let clock = ContinuousClock()
            let start = clock.now
            do {
                let status = try ChildProcess.run(kiosk, arguments: storage + ["--config", config], input: input)
                guard status == 0 else { return benchmark.error("kiosk exited with status \(status)") }
            } catch {
                return benchmark.error("\(error)")
            }
            let seconds = Double((clock.now - start).wholeMicroseconds) / 1_000_000
            benchmark.measurement(ordersPerSecond, Int((Double(lines) / seconds).rounded()))
        }
    }

    // The history file goes to the temporary directory, not the home of whoever runs this.
    let history = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-bench-history").path
    let prompts = [
        ("kiosk --in-memory", { (kiosk: String) in "env KIOSK_HISTFILE=\(history) \(kiosk) --in-memory" }),
        ("bash --norc, for comparison", { (_: String) in "env PS1='kiosk> ' bash --norc --noprofile -i" }),
    ]
    for (name, command) in prompts {
        Benchmark(
            "REPL: start-up to the first prompt under tmux, \(name)",
            configuration: .init(
                metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 2,
                maxDuration: .seconds(20), maxIterations: 50)
        ) { benchmark in
            guard let kiosk = Binaries.kiosk(for: benchmark) else { return }
            guard let tmux = Binaries.tmux else { return benchmark.error("tmux is not installed") }
            do {
                let session = try TerminalSession(tmux: tmux, command: command(kiosk))
                defer { session.close() }
                benchmark.startMeasurement()
                try session.startAndWaitForPrompt()
                benchmark.stopMeasurement()
            } catch {
                benchmark.error("\(error)")
            }
        }
    }
}

/// Where the programs are: kiosk in the main package's release build (or `$KIOSK_BINARY`),
/// tmux on the PATH.
enum Binaries {
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func kiosk(for benchmark: Benchmark) -> String? {
        let path: String
        if let explicit = ProcessInfo.processInfo.environment["KIOSK_BINARY"], !explicit.isEmpty {
            path = explicit
        } else {
            path = packageDirectory.appendingPathComponent("../.build/release/kiosk").standardizedFileURL.path
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            benchmark.error(
                "No executable at \(path). Run `swift build -c release --product kiosk` in the kiosk package first.")
            return nil
        }
        return path
    }

    static let tmux: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/tmux" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The input files the script benchmarks pipe into kiosk, written once per run to the
/// temporary directory.
enum ScriptInput {
    static let lineCount = 100_000

    private static let stockPath = write("stock", String(repeating: "stock\n", count: lineCount))
    private static let mistypedPath = write(
        "mistyped", String(repeating: "ordr banana\nbank opn\nexprot\nxyzzy\n", count: lineCount / 4))
    private static let ordersPath = write("orders", String(repeating: "order banana 1\n", count: lineCount))
    /// How many orders the PostgreSQL runs pipe.
    static let postgresLineCount = 5_000
    private static let postgresOrdersPath = write(
        "orders-postgres", String(repeating: "order banana 1\n", count: postgresLineCount))
    private static let configPath = write(
        "config.toml",
        """
        [[fruit]]
        id = "banana"
        initial = 500000
        max = 1000000

        [[juice]]
        id = "banana"
        name = "Banana Juice"
        recipe = { banana = 2 }

        [bank]
        customers_min = 10
        customers_max = 30

        [[bank.desk]]
        task = "deposit"
        clerks = 2
        service_ms = 700

        """)

    /// 100,000 `stock` lines.
    static func stockLines(for benchmark: Benchmark) -> String? {
        existing(stockPath, for: benchmark)
    }

    /// 100,000 lines that name no command: `ordr banana`, `bank opn`, `exprot`, `xyzzy`.
    static func mistypedLines(for benchmark: Benchmark) -> String? {
        existing(mistypedPath, for: benchmark)
    }

    /// 100,000 `order banana 1` lines.
    static func orderLines(for benchmark: Benchmark) -> String? {
        existing(ordersPath, for: benchmark)
    }

    /// 5,000 `order banana 1` lines, for PostgreSQL.
    static func postgresOrderLines(for benchmark: Benchmark) -> String? {
        existing(postgresOrdersPath, for: benchmark)
    }

    /// A config whose banana shelf holds enough for every order of ``orderLines(for:)``.
    static func deepShelvesConfig(for benchmark: Benchmark) -> String? {
        existing(configPath, for: benchmark)
    }

    private static func write(_ name: String, _ text: String) -> String? {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-bench-\(getpid())-\(name)").path
        return FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) ? path : nil
    }

    private static func existing(_ path: String?, for benchmark: Benchmark) -> String? {
        guard let path else {
            benchmark.error("Cannot write benchmark input to the temporary directory.")
            return nil
        }
        return path
    }
}

/// A detached tmux session on a server of its own, whose pane output streams into a FIFO.
///
/// The pane's shell waits for one line before it runs the command, so the server and the
/// pane are up before the clock starts; the time measured runs from pressing Enter to the
/// prompt reaching tmux, without polling the screen.
final class TerminalSession {
    struct NoPrompt: Error, CustomStringConvertible {
        var description: String { "no prompt within 5 seconds" }
    }

    private let executable: String
    private let server = "kiosk-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    private let fifo: String
    private var descriptor: Int32 = -1

    init(tmux: String, command: String) throws {
        executable = tmux
        fifo = FileManager.default.temporaryDirectory.appendingPathComponent("\(server).fifo").path
        guard mkfifo(fifo, 0o600) == 0 else { throw ChildProcess.SpawnError(code: errno) }
        // Non-blocking, so the open does not wait for the writer pipe-pane starts.
        descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw ChildProcess.SpawnError(code: errno) }
        try run([
            "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", "-s", "bench",
            "read line; exec \(command)",
        ])
        try run(["pipe-pane", "-t", "bench", "-o", "cat >> \(fifo)"])
    }

    /// Presses Enter in the pane and returns once `kiosk> ` has come out of it.
    func startAndWaitForPrompt() throws {
        try run(["send-keys", "-t", "bench", "Enter"])
        let deadline = ContinuousClock.now + .seconds(5)
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let prompt = Array("kiosk> ".utf8)
        while ContinuousClock.now < deadline {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&waiting, 1, 100)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                seen += buffer[0..<count]
                if seen.count >= prompt.count,
                    (0...(seen.count - prompt.count)).contains(where: {
                        seen[$0..<($0 + prompt.count)].elementsEqual(prompt)
                    })
                {
                    return
                }
            } else if count == 0 {
                // No writer yet (or any more): wait a little rather than spin.
                usleep(200)
            }
        }
        throw NoPrompt()
    }

    func close() {
        _ = try? run(["kill-server"])
        if descriptor >= 0 { Glibc.close(descriptor) }
        unlink(fifo)
    }

    private func run(_ arguments: [String]) throws {
        let status = try ChildProcess.run(executable, arguments: ["-L", server] + arguments)
        guard status == 0 else { throw ChildProcess.SpawnError(code: EIO) }
    }
}

/// Runs a program with posix_spawn and waits for it. No signal is blocked or ignored in
/// the child (a tmux server started from a thread with blocked signals would keep them so).
enum ChildProcess {
    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    /// Runs `path` with standard input from the file `input` (or /dev/null) and standard
    /// output and error to /dev/null.
    /// - Returns: the exit status, or 128 + the signal number if a signal ended it.
    @discardableResult
    static func run(_ path: String, arguments: [String], input: String = "/dev/null") throws -> Int32 {
        var ignored: String?
        return try spawn(path, arguments: arguments, input: input, output: &ignored)
    }

    /// Runs `path` and collects its standard output in `output`.
    @discardableResult
    static func run(_ path: String, arguments: [String], output: inout String) throws -> Int32 {
        var collected: String? = ""
        defer { output = collected ?? "" }
        return try spawn(path, arguments: arguments, input: "/dev/null", output: &collected)
    }

    private static func spawn(_ path: String, arguments: [String], input: String, output: inout String?) throws -> Int32
    {
        var ends: [Int32] = [-1, -1]
        let collects = output != nil
        if collects {
            guard pipe(&ends) == 0 else { throw SpawnError(code: errno) }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        if collects {
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addclose(&actions, ends[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }

        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if collects { close(ends[1]) }
        guard result == 0 else {
            if collects { close(ends[0]) }
            throw SpawnError(code: result)
        }
        if collects {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            close(ends[0])
            output = String(decoding: bytes, as: UTF8.self)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw SpawnError(code: errno) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

extension Duration {
    fileprivate var wholeMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
