import Foundation
import GRDB
import KioskCore
import Testing

/// The database through the built binary: restarts, two processes on one data directory,
/// processes killed mid-write, and the files kiosk refuses to use.
@Suite struct StorageEndToEndTests {
    // MARK: - Restart

    @Test("a restart keeps the stock and the ledger")
    func restartKeepsStockAndLedger() async throws {
        let scratch = try Scratch()
        let first = try await KioskProcess.run(["--data-dir", scratch.data, "-c", "order banana 2"], in: scratch)
        #expect(first.status == 0, "\(first.stderr)")

        let stock = try await KioskProcess.run(["--data-dir", scratch.data, "--json", "-c", "stock"], in: scratch)
        #expect(stock.status == 0, "\(stock.stderr)")
        let levels = try #require(stock.results(of: "stock").first?["stock"] as? [String: Int])
        #expect(levels["banana"] == 6)
        #expect(levels["kiwi"] == 10)

        let sales = try await KioskProcess.run(
            ["--data-dir", scratch.data, "--json", "-c", "sales --all"], in: scratch)
        #expect(sales.status == 0, "\(sales.stderr)")
        let report = try #require(sales.results(of: "sales").first)
        #expect(report["total"] as? Int == 2)
        let juices = try #require(report["juices"] as? [[String: Any]])
        #expect(juices.count == 1)
        #expect(juices.first?["juice"] as? String == "banana")
        #expect(juices.first?["orders"] as? Int == 1)
        #expect(juices.first?["fruit"] as? [String: Int] == ["banana": 4])
    }

    // MARK: - Two processes

    /// The lines both processes pipe in, with what a successful one does to the stock.
    static let operations: [(line: String, command: String, moves: [String: Int])] = [
        ("order banana 1", "order", ["banana": -2]),
        ("stock add banana 2", "stock add", ["banana": 2]),
        ("order mango-kiwi 1", "order", ["mango": -2, "kiwi": -1]),
        ("stock add mango 2", "stock add", ["mango": 2]),
        ("stock add kiwi 1", "stock add", ["kiwi": 1]),
        ("stock remove kiwi 1", "stock remove", ["kiwi": -1]),
    ]

    @Test("two processes piping 2,000 orders and edits each into one new data directory never lose or oversell")
    func twoProcesses() async throws {
        let scratch = try Scratch()
        var scripts: [[Int]] = []
        for index in 0..<2 {
            var random = SplitMix64(seed: 0xB0B_0000 + UInt64(index))
            let picks = (0..<2_000).map { _ in Int.random(in: 0..<Self.operations.count, using: &random) }
            try scratch.write(picks.map { Self.operations[$0].line }, to: "script-\(index)")
            scripts.append(picks)
        }
        // Both start at once on a directory that does not exist yet, so they also race to create it.
        let processes = try (0..<2).map { index in
            try KioskProcess(
                ["--data-dir", scratch.data, "--json"], input: scratch.path("script-\(index)"), in: scratch)
        }
        var outcomes: [KioskProcess.Outcome] = []
        for process in processes {
            outcomes.append(try await process.finish(deadline: .seconds(30)))
        }

        var moved: [String: Int] = [:]
        var orders = 0
        var edits = 0
        var interleaved = 0
        for outcome in outcomes {
            #expect(!outcome.timedOut)
            // A change that starts from another level than this process's last one saw the
            // other process's write in between: the two really raced.
            var last: [String: Int] = [:]
            for event in outcome.events where event["event"] as? String == "stock_changed" {
                guard let fruit = event["fruit"] as? String, let old = event["old"] as? Int,
                    let new = event["new"] as? Int
                else { continue }
                if let previous = last[fruit], previous != old { interleaved += 1 }
                last[fruit] = new
            }
            #expect([0, 1].contains(outcome.status), "\(outcome.stderr.prefix(500))")
            // Only the shop's own refusals, never a storage error.
            let codes = Set(outcome.errors.compactMap { $0["code"] as? String })
            #expect(codes.isSubset(of: ["out_of_stock", "above_maximum", "below_zero"]), "\(codes)")
            let results = outcome.results
            #expect(results.count + outcome.errors.count == 2_000)
            for result in results {
                let command = result["command"] as? String ?? ""
                if command == "order" { orders += 1 } else { edits += 1 }
                let line =
                    command == "order"
                    ? "order \(result["juice"] as? String ?? "?") \(result["count"] as? Int ?? 0)"
                    : "\(command) \(result["fruit"] as? String ?? "?") \(Self.amount(result))"
                let operation = try #require(Self.operations.first { $0.line == line }, "\(line)")
                moved.merge(operation.moves, uniquingKeysWith: +)
            }
        }
        #expect(orders > 500)
        #expect(edits > 500)
        #expect(interleaved > 10)

        let ledger = try StoredLedger(scratch.database)
        #expect(ledger.integrity == ["ok"])
        #expect(ledger.sales == orders)
        #expect(ledger.adjustments - ledger.seeds == edits)
        #expect(ledger.seeds == 5)
        for (fruit, level) in ledger.stock {
            #expect(level == 10 + moved[fruit, default: 0], "\(fruit)")
        }
        #expect(ledger.imbalances.isEmpty, "\(ledger.imbalances)")
    }

    static func amount(_ result: [String: Any]) -> Int {
        guard let old = result["old"] as? Int, let new = result["new"] as? Int else { return 0 }
        return abs(new - old)
    }

    // MARK: - Crashes

    @Test("20 processes killed at random moments leave a sound database whose stock matches its ledger")
    func killedMidWrite() async throws {
        let scratch = try Scratch()
        var random = SplitMix64(seed: 0xDEAD_BEEF)
        let lines = (0..<20_000).map { _ in
            Self.operations[Int.random(in: 0..<Self.operations.count, using: &random)].line
        }
        try scratch.write(lines, to: "script")
        var committed = 0
        for run in 0..<20 {
            let process = try KioskProcess(["--data-dir", scratch.data], input: scratch.path("script"), in: scratch)
            // Each kill lands once the run has committed a random number of orders and edits:
            // in the middle of its stream of writes (the script is far too long to finish),
            // never before the database is open, where it would prove little.
            let target = committed + Int.random(in: 1...40, using: &random)
            try await poll(until: "run \(run) to commit \(target - committed) orders and edits") {
                !process.isRunning || (Self.committedWrites(scratch.database) ?? 0) >= target
            }
            process.kill()
            let outcome = try await process.finish(deadline: .seconds(10))
            #expect(outcome.killed, "run \(run) ended by itself: \(outcome.stderr.prefix(300))")

            let ledger = try StoredLedger(scratch.database)
            #expect(ledger.integrity == ["ok"], "run \(run)")
            #expect(ledger.imbalances.isEmpty, "run \(run): \(ledger.imbalances)")
            committed = ledger.sales + ledger.adjustments - ledger.seeds
        }

        // And kiosk itself carries on from what the last process committed.
        let stock = try await KioskProcess.run(["--data-dir", scratch.data, "--json", "-c", "stock"], in: scratch)
        #expect(stock.status == 0, "\(stock.stderr)")
        let ledger = try StoredLedger(scratch.database)
        #expect(stock.results(of: "stock").first?["stock"] as? [String: Int] == ledger.stock)
        #expect(ledger.sales > 0)
    }

    // MARK: - Refused files

    @Test("a data directory kiosk cannot use fails with exit 74 even when no line needs the database")
    func refusesUnusableStorageBeforeAnyLine() async throws {
        let scratch = try Scratch()
        let dataDirectory = scratch.path("plain-file")
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: dataDirectory))
        let outcome = try await KioskProcess.run(["--data-dir", dataDirectory, "-c", "help"], in: scratch)
        #expect(outcome.status == 74)
        #expect(outcome.stdout.isEmpty)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(outcome.stderr)")
        #expect(
            lines.first?.hasPrefix("kiosk: Cannot use data directory \(dataDirectory): it is a file, not a directory.")
                == true)
    }

    enum Refusal: String, CaseIterable, Sendable {
        case dataDirectoryIsAFile, fileIsNotADatabase, newerSchema
    }

    @Test(
        "a data directory or database kiosk cannot use fails with exit 74 and one clear line",
        arguments: Refusal.allCases)
    func refusesUnusableStorage(_ refusal: Refusal) async throws {
        let scratch = try Scratch()
        var dataDirectory = scratch.data
        let expected: String
        var untouched: Data?
        switch refusal {
        case .dataDirectoryIsAFile:
            dataDirectory = scratch.path("plain-file")
            try Data("x\n".utf8).write(to: URL(fileURLWithPath: dataDirectory))
            expected = "kiosk: Cannot use data directory \(dataDirectory): it is a file, not a directory."
        case .fileIsNotADatabase:
            try FileManager.default.createDirectory(atPath: scratch.data, withIntermediateDirectories: true)
            let notes = Data("my shopping list, not a database\n".utf8)
            try notes.write(to: URL(fileURLWithPath: scratch.database))
            untouched = notes
            expected = "kiosk: \(scratch.database) is not a kiosk database"
        case .newerSchema:
            let created = try await KioskProcess.run(["--data-dir", scratch.data, "-c", "stock"], in: scratch)
            #expect(created.status == 0)
            let queue = try DatabaseQueue(path: scratch.database)
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
            }
            try queue.close()
            expected = "kiosk: \(scratch.database) was written by a newer kiosk (schema v99-from-the-future)."
        }

        let outcome = try await KioskProcess.run(["--data-dir", dataDirectory, "-c", "stock"], in: scratch)
        #expect(outcome.status == 74)
        #expect(outcome.stdout.isEmpty)
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1, "\(outcome.stderr)")
        #expect(lines.first?.hasPrefix(expected) == true, "\(outcome.stderr)")
        if let untouched {
            #expect(FileManager.default.contents(atPath: scratch.database) == untouched)
        }
    }
}

extension StorageEndToEndTests {
    /// A fresh directory for one test's data, scripts and output; removed afterwards.
    final class Scratch {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.path + "/kiosk-e2e-storage-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }

        /// The data directory the tests pass as `--data-dir` (not created in advance).
        var data: String { root + "/data" }
        var database: String { data + "/kiosk.sqlite" }

        func path(_ name: String) -> String { root + "/" + name }

        func write(_ lines: [String], to name: String) throws {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path(name)))
        }
    }

    /// A `kiosk` child process with its input from a file and its output captured in files,
    /// so that neither side can block on a full pipe.
    final class KioskProcess: Sendable {
        /// How a run ended and what it printed.
        struct Outcome {
            let status: Int32
            let killed: Bool
            let timedOut: Bool
            let stdout: String
            let stderr: String

            /// Every JSON object printed on stdout whose type is `result`.
            var results: [[String: Any]] { Self.objects(stdout).filter { $0["type"] as? String == "result" } }
            /// Every JSON object printed on stdout whose type is `event`.
            var events: [[String: Any]] { Self.objects(stdout).filter { $0["type"] as? String == "event" } }
            /// Every JSON object printed on stderr whose type is `error`.
            var errors: [[String: Any]] { Self.objects(stderr).filter { $0["type"] as? String == "error" } }

            func results(of command: String) -> [[String: Any]] {
                results.filter { $0["command"] as? String == command }
            }

            private static func objects(_ text: String) -> [[String: Any]] {
                text.split(separator: "\n").compactMap { line in
                    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
                }
            }
        }

        /// Where the binary is: ``KioskBinary/path``.
        static var binary: String { KioskBinary.path }

        private let process: Process
        private let output: String
        private let errorOutput: String

        /// Starts kiosk with `arguments`, reading standard input from the file `input` (or
        /// nothing), in an environment that points HOME into `scratch`.
        init(
            _ arguments: [String], input: String? = nil, environment: [String: String] = [:], in scratch: Scratch
        ) throws {
            let id = UUID().uuidString
            output = scratch.path("stdout-\(id)")
            errorOutput = scratch.path("stderr-\(id)")
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            _ = FileManager.default.createFile(atPath: errorOutput, contents: nil)
            process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = arguments
            process.environment = [
                "HOME": scratch.root, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "LANG": "C.UTF-8",
            ].merging(environment) { _, given in given }
            process.standardInput = input.flatMap { FileHandle(forReadingAtPath: $0) } ?? FileHandle.nullDevice
            process.standardOutput = FileHandle(forWritingAtPath: output)
            process.standardError = FileHandle(forWritingAtPath: errorOutput)
            try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build kiosk first: \(Self.binary)")
            try process.run()
        }

        /// Runs kiosk to the end.
        static func run(
            _ arguments: [String], environment: [String: String] = [:], in scratch: Scratch
        ) async throws -> Outcome {
            let outcome = try await KioskProcess(arguments, environment: environment, in: scratch)
                .finish(deadline: .seconds(20))
            #expect(!outcome.timedOut)
            return outcome
        }

        /// Whether the process has not ended yet.
        var isRunning: Bool { process.isRunning }

        /// Kills the process at once, as a crash or power cut would stop it.
        func kill() {
            _ = Foundation.kill(process.processIdentifier, SIGKILL)
        }

        /// Waits for the process to end, killing it if it outlives `deadline`.
        func finish(deadline: Duration) async throws -> Outcome {
            let process = self.process
            let ended = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread.detachNewThread {
                            process.waitUntilExit()
                            continuation.resume()
                        }
                    }
                    return true
                }
                group.addTask {
                    try? await Task.sleep(for: deadline)
                    return false
                }
                let first = await group.next() ?? true
                if !first { kill() }
                group.cancelAll()
                return first
            }
            return Outcome(
                status: process.terminationStatus,
                killed: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
                timedOut: !ended,
                stdout: try String(contentsOfFile: output, encoding: .utf8),
                stderr: try String(contentsOfFile: errorOutput, encoding: .utf8))
        }
    }

    /// How many orders and stock edits (not the seeds) the database at `path` holds; nil
    /// while it cannot be read (not there yet, or being set up). Read-only: a kiosk writing
    /// it meanwhile is not held up.
    static func committedWrites(_ path: String) -> Int? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT (SELECT COUNT(*) FROM sale)
                        + (SELECT COUNT(*) FROM stock_adjustment WHERE reason <> 'seed')
                    """)
        }
    }

    /// What a kiosk database file holds, read with plain SQL.
    struct StoredLedger {
        var integrity: [String] = []
        var stock: [String: Int] = [:]
        /// Σ (new − old) of the stock adjustments, by fruit; a seed counts from 0.
        var adjusted: [String: Int] = [:]
        /// Σ `sale_fruit.amount`, by fruit.
        var sold: [String: Int] = [:]
        var sales = 0
        var adjustments = 0
        var seeds = 0

        init(_ path: String) throws {
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard try db.tableExists("stock") else { return }
                for row in try Row.fetchAll(db, sql: "SELECT fruit, quantity FROM stock") {
                    stock[row["fruit"]] = row["quantity"]
                }
                for row in try Row.fetchAll(
                    db, sql: "SELECT fruit, SUM(new - old) AS moved FROM stock_adjustment GROUP BY fruit")
                {
                    adjusted[row["fruit"]] = row["moved"]
                }
                for row in try Row.fetchAll(db, sql: "SELECT fruit, SUM(amount) AS used FROM sale_fruit GROUP BY fruit")
                {
                    sold[row["fruit"]] = row["used"]
                }
                sales = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sale") ?? -1
                adjustments = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stock_adjustment") ?? -1
                seeds = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stock_adjustment WHERE reason = 'seed'") ?? -1
            }
        }

        /// Fruits whose stock is not Σ adjustments − Σ sales, with both sides.
        var imbalances: [String: [Int]] {
            var result: [String: [Int]] = [:]
            for fruit in Set(stock.keys).union(adjusted.keys).union(sold.keys) {
                let ledger = adjusted[fruit, default: 0] - sold[fruit, default: 0]
                if stock[fruit, default: 0] != ledger { result[fruit] = [stock[fruit, default: 0], ledger] }
            }
            return result
        }
    }
}
