import Foundation
import Testing

/// A script on PostgreSQL: its changes wait for the disk once per batch of output rather than
/// once each, every `Made` it prints is in the ledger, and the reconnect window is a flag too.
@Suite(.serialized, .enabled(if: TestPostgres.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresScriptTests {
    typealias Scratch = StorageEndToEndTests.Scratch
    typealias KioskProcess = StorageEndToEndTests.KioskProcess

    @Test("a script's orders share their barriers: each printed Made is in the ledger, the refusals as before")
    func ordersShareBarriers() async throws {
        let scratch = try Scratch()
        let database = try TestPostgres.Database()
        // 100 bananas make 50 juices; the last 10 orders are refused.
        try scratch.write(["stock set banana 100"] + Array(repeating: "order banana 1", count: 60), to: "orders")
        let run = try await KioskProcess.run(
            ["--database", database.socket, "--file", scratch.path("orders")], in: scratch)
        #expect(run.status == 1, "\(run.stderr)")
        let made = run.stdout.split(separator: "\n").filter { $0.hasPrefix("Made 1 Banana Juice") }.count
        #expect(made == 50)
        #expect(run.stderr.components(separatedBy: "Cannot make 1 Banana Juice").count - 1 == 10, "\(run.stderr)")
        #expect(try database.integer("SELECT count(*) FROM sale") == made)
        #expect(try database.integer("SELECT count(DISTINCT order_id) FROM sale") == made)
        #expect(try database.imbalances().isEmpty)
        // A barrier per write of output (one per refusal, whose line follows the results
        // before it, one for the sold-out notice, one at the end), not one per change.
        let barriers = try #require(try database.integer("SELECT sum(commits) FROM kiosk_commit_barrier"))
        #expect(barriers <= 15, "\(barriers) barriers for 51 changes")
    }

    @Test(
        "--reconnect-window takes whole seconds from 0 to 600 in digits; another value is refused, the variable's too"
    )
    func reconnectWindowFlag() async throws {
        let scratch = try Scratch()
        let database = try TestPostgres.Database()
        let within = try await KioskProcess.run(
            ["--database", database.socket, "--reconnect-window", "2", "-c", "order banana"], in: scratch)
        #expect(within.status == 0, "\(within.stderr)")

        for given in ["601", "-1", "soon", "2.5", "0x10", "0x1p3", "1e2", "+5", ".5", "-0"] {
            let refused = try await KioskProcess.run(
                ["--database", database.socket, "--reconnect-window", given, "-c", "order banana"], in: scratch)
            #expect(refused.status == 64, "\(given): \(refused.stderr)")
            #expect(
                refused.stderr.contains("--reconnect-window must be a whole number of seconds from 0 to 600"),
                "\(given): \(refused.stderr)")
        }
        let variable = try await KioskProcess.run(
            ["--database", database.socket, "-c", "order banana"], environment: ["KIOSK_RECONNECT_WINDOW": "9000"],
            in: scratch)
        #expect(variable.status == 64, "\(variable.stderr)")
        #expect(variable.stderr.contains("KIOSK_RECONNECT_WINDOW must be a whole number of seconds from 0 to 600"))
        // An empty variable is unset, as the other variables read.
        let empty = try await KioskProcess.run(
            ["--database", database.socket, "-c", "order banana"], environment: ["KIOSK_RECONNECT_WINDOW": ""],
            in: scratch)
        #expect(empty.status == 0, "\(empty.stderr)")
        // The variable follows the flag's rule whatever the store, as the flag does.
        let local = try await KioskProcess.run(
            ["--in-memory", "-c", "menu"], environment: ["KIOSK_RECONNECT_WINDOW": "601"], in: scratch)
        #expect(local.status == 64, "\(local.stderr)")
        #expect(local.stderr.contains("KIOSK_RECONNECT_WINDOW must be a whole number of seconds from 0 to 600"))
        #expect(try database.integer("SELECT count(*) FROM sale") == 2)
    }

    @Test(
        "a connection lost in a script says the script stops there, not that the next command connects again",
        arguments: [
            (
                [String](), "kiosk: line 2: Lost the connection to ",
                "nothing was changed, and kiosk stops here. When the server is back, 'stock' and 'sales' show what the database holds."
            ),
            (
                ["--lang", "ko"], "kiosk: line 2: ",
                "바뀐 것은 없고, kiosk는 여기서 멈춥니다. 서버가 돌아오면 stock과 sales가 데이터베이스에 있는 것을 보여 줍니다."
            ),
            (["--json"], "{", #""code":"storage_connection_lost""#),
        ])
    func connectionLostEndsScript(flags: [String], start: String, words: String) async throws {
        let scratch = try Scratch()
        let database = try TestPostgres.Database()
        // No reconnect window: the line that finds the connection gone fails at once.
        let kiosk = try PipedKiosk(["--database", database.socket, "--reconnect-window", "0"] + flags, in: scratch)
        kiosk.send("stock")
        // A line read alone is printed once it ran: kiosk is connected and between lines.
        try await poll(until: "the first line's output") { !kiosk.outputSoFar.isEmpty }
        _ = try database.query(
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        kiosk.send("stock")
        kiosk.send("order kiwi")
        kiosk.closeInput()
        let ended = try await kiosk.finish(deadline: .seconds(30))
        #expect(ended.status == 74, "\(ended.stderr)")
        let lines = ended.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(ended.stderr)")
        #expect(ended.stderr.hasPrefix(start), "\(ended.stderr)")
        #expect(ended.stderr.contains(words), "\(ended.stderr)")
        #expect(!ended.stderr.contains("next command") && !ended.stderr.contains("다음 명령"), "\(ended.stderr)")
        if flags == ["--json"] { #expect(ended.errors.first?["location"] as? String == "line 2") }
        // The script stopped: the line after it never ran.
        #expect(try database.integer("SELECT count(*) FROM sale") == 0)
    }
}
