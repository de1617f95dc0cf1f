import Foundation
import KioskCore
import Testing

/// The shared PostgreSQL store through the built binary, against the server `make test`
/// starts: restarts, two processes over TCP, processes killed mid-order, the server
/// restarted mid-script, sold-out notices at the other counter, and the databases kiosk
/// refuses.
@Suite(.serialized, .enabled(if: TestPostgres.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresEndToEndTests {
    typealias Scratch = StorageEndToEndTests.Scratch
    typealias KioskProcess = StorageEndToEndTests.KioskProcess

    @Test("a restart keeps the stock and the ledger, and the banner's store has no password")
    func restartKeepsStock() async throws {
        let scratch = try Scratch()
        let database = try Database()
        let first = try await KioskProcess.run(["--database", database.url, "-c", "order banana 2"], in: scratch)
        #expect(first.status == 0, "\(first.stderr)")

        let stock = try await KioskProcess.run(["--database", database.socket, "--json", "-c", "stock"], in: scratch)
        #expect(stock.status == 0, "\(stock.stderr)")
        let levels = try #require(stock.results(of: "stock").first?["stock"] as? [String: Int])
        #expect(levels["banana"] == 6)
        #expect(levels["kiwi"] == 10)

        let sales = try await KioskProcess.run(
            ["--database", database.url, "--json", "-c", "sales --all"], in: scratch)
        let report = try #require(sales.results(of: "sales").first)
        #expect(report["total"] as? Int == 2)
        #expect(try database.integer("SELECT count(*) FROM sale") == 1)
        #expect(try database.imbalances().isEmpty)

        let version = try await KioskProcess.run(
            ["--database", "postgresql://ana:secret@127.0.0.1:1/shop", "--version"], in: scratch)
        #expect(version.stdout == "kiosk \(versionNumber)\nstore: postgresql://ana@127.0.0.1:1/shop\n")
    }

    @Test("$KIOSK_DATABASE chooses the store, and the PG* variables fill in what it leaves out")
    func environmentChoosesTheStore() async throws {
        let database = try Database()
        var settings: [String: String] = [:]
        for pair in TestPostgres.socket.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { settings[parts[0]] = parts[1] }
        }
        let environment = [
            "KIOSK_DATABASE": "postgresql://", "PGHOST": settings["host"] ?? "", "PGPORT": settings["port"] ?? "",
            "PGUSER": settings["user"] ?? "", "PGDATABASE": database.name,
        ]
        let order = try await KioskBinary.run(["-c", "order kiwi 1"], environment: environment)
        #expect(order.status == 0, "\(order.stderr)")
        #expect(try database.integer("SELECT count(*) FROM sale") == 1)

        let version = try await KioskBinary.run(["--version"], environment: environment)
        #expect(
            version.stdout.hasSuffix(
                "store: postgresql://postgres@/\(database.name)?host=\(settings["host"] ?? "")&port=\(settings["port"] ?? "")\n"
            ))

        // --in-memory asks for SQLite: the variable is left alone.
        let memory = try await KioskBinary.run(["--in-memory", "-c", "order kiwi 1"], environment: environment)
        #expect(memory.status == 0)
        #expect(try database.integer("SELECT count(*) FROM sale") == 1)

        let both = try await KioskBinary.run(["--in-memory", "--database", database.socket, "-c", "stock"])
        #expect(both.status == 64)
    }

    @Test("a server that is down at start: one line, exit 74")
    func serverDown() async throws {
        let scratch = try Scratch()
        let run = try await KioskProcess.run(
            ["--database", "postgresql://kiosk:secret@127.0.0.1:1/shop", "-c", "stock"], in: scratch)
        #expect(run.status == 74)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(run.stderr.hasPrefix("kiosk: Cannot reach the database postgresql://kiosk@127.0.0.1:1/shop"))
        #expect(!run.stderr.contains("secret"))
    }

    @Test("a database from a newer kiosk is refused with exit 74 and left as it is")
    func newerSchema() async throws {
        let scratch = try Scratch()
        let database = try Database()
        let first = try await KioskProcess.run(["--database", database.socket, "-c", "stock"], in: scratch)
        #expect(first.status == 0, "\(first.stderr)")
        _ = try database.query("UPDATE kiosk_meta SET value = '99' WHERE key = 'schema_version'")

        let run = try await KioskProcess.run(["--database", database.socket, "--json", "-c", "stock"], in: scratch)
        #expect(run.status == 74)
        #expect(run.errors.first?["code"] as? String == "storage_newer_schema")
        #expect(try database.query("SELECT value FROM kiosk_meta WHERE key = 'schema_version'") == ["99"])
    }

    @Test("a database that holds other tables is never written into")
    func notKioskDatabase() async throws {
        let scratch = try Scratch()
        let database = try Database()
        _ = try database.query("CREATE TABLE customers (id integer PRIMARY KEY)")

        let run = try await KioskProcess.run(["--database", database.socket, "--json", "-c", "stock"], in: scratch)
        #expect(run.status == 74)
        #expect(run.errors.first?["code"] as? String == "storage_not_a_database")
        #expect(try database.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'") == ["customers"])
    }

    @Test("the last kiosk to start sets the shelves: stock above a lowered max is set down, with an adjustment")
    func shelfLimits() async throws {
        let scratch = try Scratch()
        let database = try Database()
        let filled = try await KioskProcess.run(
            ["--database", database.socket, "-c", "stock set kiwi 80"], in: scratch)
        #expect(filled.status == 0, "\(filled.stderr)")
        let config = scratch.path("small.toml")
        let original = try String(contentsOfFile: KioskBinary.packageRoot + "/config/kiosk.toml", encoding: .utf8)
        try original.replacingOccurrences(of: "max = 100", with: "max = 50")
            .write(toFile: config, atomically: true, encoding: .utf8)

        let lowered = try await KioskProcess.run(
            ["--database", database.socket, "--config", config, "--json", "-c", "stock add kiwi 1"], in: scratch)
        #expect(lowered.errors.first?["code"] as? String == "above_maximum", "\(lowered.stderr)")
        #expect(try database.stock()["kiwi"] == 50)
        #expect(try database.integer("SELECT maximum FROM stock WHERE fruit = 'kiwi'") == 50)
        #expect(try database.integer("SELECT count(*) FROM shelf_change WHERE fruit = 'kiwi'") == 1)
        #expect(try database.imbalances().isEmpty)

        // A kiosk with the default config raises the shelves again; the stock stays.
        let raised = try await KioskProcess.run(
            ["--database", database.socket, "-c", "stock add kiwi 30"], in: scratch)
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(try database.stock()["kiwi"] == 80)
    }

    @Test("two processes × 5,000 orders and edits over TCP: exact conservation against the ledger")
    func twoProcessesOverTCP() async throws {
        let scratch = try Scratch()
        let database = try Database()
        let operations = StorageEndToEndTests.operations
        for index in 0..<2 {
            var random = SplitMix64(seed: 0x5EED_0000 + UInt64(index))
            let picks = (0..<5_000).map { _ in operations[Int.random(in: 0..<operations.count, using: &random)].line }
            try scratch.write(picks, to: "script-\(index)")
        }
        let processes = try (0..<2).map { index in
            try KioskProcess(
                ["--database", database.tcp, "--json"], input: scratch.path("script-\(index)"), in: scratch)
        }
        var moved: [String: Int] = [:]
        var orders = 0
        var edits = 0
        for process in processes {
            let outcome = try await process.finish(deadline: .seconds(240))
            #expect(!outcome.timedOut)
            #expect([0, 1].contains(outcome.status), "\(outcome.stderr.prefix(500))")
            let codes = Set(outcome.errors.compactMap { $0["code"] as? String })
            #expect(codes.isSubset(of: ["out_of_stock", "above_maximum", "below_zero"]), "\(codes)")
            #expect(outcome.results.count + outcome.errors.count == 5_000)
            for result in outcome.results {
                let command = result["command"] as? String ?? ""
                if command == "order" { orders += 1 } else { edits += 1 }
                let line =
                    command == "order"
                    ? "order \(result["juice"] as? String ?? "?") \(result["count"] as? Int ?? 0)"
                    : "\(command) \(result["fruit"] as? String ?? "?") \(StorageEndToEndTests.amount(result))"
                let operation = try #require(operations.first { $0.line == line }, "\(line)")
                moved.merge(operation.moves, uniquingKeysWith: +)
            }
        }
        #expect(orders > 1_000)
        #expect(try database.integer("SELECT count(*) FROM sale") == orders)
        #expect(try database.integer("SELECT count(*) FROM stock_adjustment WHERE reason <> 'seed'") == edits)
        for (fruit, level) in try database.stock() {
            #expect(level == 10 + moved[fruit, default: 0], "\(fruit)")
        }
        #expect(try database.imbalances().isEmpty)
    }

    @Test("processes killed mid-order leave a stock that matches the ledger, and no lock behind")
    func killedMidOrder() async throws {
        let scratch = try Scratch()
        let database = try Database()
        var random = SplitMix64(seed: 0xDEAD_0011)
        let operations = StorageEndToEndTests.operations
        let lines = (0..<20_000).map { _ in operations[Int.random(in: 0..<operations.count, using: &random)].line }
        try scratch.write(lines, to: "script")
        var committed = 0
        for run in 0..<6 {
            let process = try KioskProcess(["--database", database.socket], input: scratch.path("script"), in: scratch)
            // Killed once the run has committed a random number of orders and edits: in the
            // middle of its stream of transactions, never before it has connected.
            let target = committed + Int.random(in: 1...40, using: &random)
            try await poll(until: "run \(run) to commit \(target - committed) orders and edits") {
                !process.isRunning || ((try? Self.committedWrites(database)) ?? 0) >= target
            }
            process.kill()
            let outcome = try await process.finish(deadline: .seconds(10))
            #expect(outcome.killed, "run \(run) ended by itself: \(outcome.stderr.prefix(300))")
            #expect(try database.imbalances().isEmpty, "run \(run)")
            committed = try Self.committedWrites(database)
        }
        // The server rolled back what the killed process left open: the next kiosk orders at once.
        let next = try await KioskProcess.run(
            ["--database", database.socket, "--json", "-c", "stock set banana 10", "-c", "order banana 1"], in: scratch)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try database.imbalances().isEmpty)
    }

    @Test("the server restarted mid-script: kiosk connects again within the window, and no command fails")
    func serverRestarted() async throws {
        let scratch = try Scratch()
        let database = try Database()
        let kiosk = try PipedKiosk(["--database", database.tcp, "--json"], in: scratch)
        for _ in 0..<5 { kiosk.send("order banana 1") }
        // Piped output is written at the end; the ledger shows when the orders are in.
        try await poll(until: "the first 5 orders in the ledger") {
            (try? database.integer("SELECT count(*) FROM sale")) == 5
        }

        let restart = try Spawn.run(TestPostgres.script, ["restart"])
        #expect(restart.status == 0)
        // Orders keep coming once the server is back (restart waits for it): the first finds
        // the old connection gone and connects again, within the reconnect window.
        var sent = 5
        for _ in 0..<40 {
            kiosk.send(sent % 2 == 0 ? "order banana 1" : "stock add banana 2")
            sent += 1
        }
        kiosk.closeInput()
        let outcome = try await kiosk.finish(deadline: .seconds(30))
        #expect(!outcome.timedOut)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.errors.isEmpty, "\(outcome.stderr)")
        #expect(outcome.results.count == sent)
        let orders = outcome.results.filter { $0["command"] as? String == "order" }.count
        #expect(try database.integer("SELECT count(*) FROM sale") == orders)
        #expect(try database.imbalances().isEmpty)
    }

    @Test(
        "a juice another kiosk sells out is announced at this counter, and announced back when refilled",
        .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
    func soldOutElsewhere() async throws {
        let scratch = try Scratch()
        let database = try Database()
        let sandbox = try Sandbox()
        let counter = try TerminalTests.start(sandbox, arguments: ["--database", database.socket])
        let banner = try await counter.waitFor("the prompt", TerminalTests.hasPrompt)
        // The banner wraps at the terminal's width, on spaces.
        let bannerText = banner.prefix { !$0.hasPrefix("kiosk>") }.joined(separator: " ")
        #expect(bannerText.contains("· database postgresql://postgres@/kiosk_test_"))

        // 9 of the 10 mangoes: too few for a Mango Juice (3) or a Mango-Kiwi (2).
        let seller = try await KioskProcess.run(["--database", database.tcp, "-c", "order mango 3"], in: scratch)
        #expect(seller.status == 0, "\(seller.stderr)")
        try await counter.waitFor("the sold-out notices") { rows in
            rows.contains { $0.hasPrefix("Mango Juice is sold out") }
                && rows.contains { $0.hasPrefix("Mango-Kiwi Juice is sold out") }
        }
        let refill = try await KioskProcess.run(["--database", database.tcp, "-c", "stock add mango 20"], in: scratch)
        #expect(refill.status == 0, "\(refill.stderr)")
        try await counter.waitFor("the available-again notice") { rows in
            rows.contains { $0.hasPrefix("Mango Juice is available again") }
        }
        try counter.send("C-d")
        try await counter.waitFor("kiosk to quit") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }

    /// How many orders and stock edits (not the seeds) `database` holds.
    private static func committedWrites(_ database: Database) throws -> Int {
        try database.integer(
            "SELECT (SELECT count(*) FROM sale) + (SELECT count(*) FROM stock_adjustment WHERE reason <> 'seed')") ?? 0
    }

    private var versionNumber: String { "0.1.0" }

    private typealias Database = TestPostgres.Database
}

/// A kiosk whose standard input stays open, so a test can send lines while something else
/// happens (piped output is written when kiosk ends).
final class PipedKiosk: Sendable {
    private let process: Process
    private let input: Pipe
    private let output: String
    private let errorOutput: String

    init(
        _ arguments: [String], in scratch: StorageEndToEndTests.Scratch, environment: [String: String] = [:]
    ) throws {
        let id = UUID().uuidString
        output = scratch.path("live-out-\(id)")
        errorOutput = scratch.path("live-err-\(id)")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errorOutput, contents: nil)
        input = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: StorageEndToEndTests.KioskProcess.binary)
        process.arguments = arguments
        process.environment = ["HOME": scratch.root, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "LANG": "C.UTF-8"]
            .merging(environment) { _, given in given }
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errorOutput)
        try process.run()
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// What kiosk has written to standard output so far.
    var outputSoFar: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }

    /// Waits for kiosk to end, killing it if it outlives `deadline`.
    func finish(deadline: Duration) async throws -> StorageEndToEndTests.KioskProcess.Outcome {
        let process = self.process
        var waited = Duration.zero
        while process.isRunning, waited < deadline {
            try await Task.sleep(for: .milliseconds(20))
            waited += .milliseconds(20)
        }
        let timedOut = process.isRunning
        if timedOut {
            _ = kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return StorageEndToEndTests.KioskProcess.Outcome(
            status: process.terminationStatus,
            killed: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdout: try String(contentsOfFile: output, encoding: .utf8),
            stderr: try String(contentsOfFile: errorOutput, encoding: .utf8))
    }
}
