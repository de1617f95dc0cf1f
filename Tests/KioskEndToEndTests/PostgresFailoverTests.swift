import Foundation
import Testing

/// A primary and its synchronous standby, started by scripts/postgres for this suite alone:
/// the primary stopped at once in the middle of a run and the standby promoted, the run goes
/// on against the new primary, and every order kiosk reported made is in its ledger exactly
/// once; a server that stays lost past the reconnect window ends a script with 74.
@Suite(.serialized, .enabled(if: TestPostgres.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresFailoverTests {
    typealias Scratch = StorageEndToEndTests.Scratch

    /// The pair, in a state file of its own, stopped when the test ends.
    final class Pair {
        let state: String

        init(in scratch: Scratch) throws {
            state = scratch.path("pair.state")
            let started = try run(["start", "--standby"])
            try #require(started.status == 0, "scripts/postgres start --standby: \(started.output)")
        }

        deinit {
            _ = try? run(["stop"])
        }

        /// scripts/postgres with this pair's state.
        @discardableResult
        func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
            try Spawn.run("/usr/bin/env", ["KIOSK_POSTGRES_STATE=\(state)", TestPostgres.script] + arguments)
        }

        /// Both hosts, as libpq takes them, with `dbname`.
        func conninfo(_ database: String) throws -> String {
            let url = try run(["url", "pair"])
            return url.output.trimmingCharacters(in: .whitespacesAndNewlines) + " dbname=\(database)"
        }

        /// The first field of the first row `sql` returns on whichever host accepts writes.
        func integer(_ sql: String, in database: String) throws -> Int? {
            let output = try Spawn.run("/usr/bin/env", ["psql", try conninfo(database), "-XAtq", "-c", sql])
            return Int(output.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("the primary stopped at once mid-run and the standby promoted: the run goes on, each made order once")
    func failover() async throws {
        let scratch = try Scratch()
        let pair = try Pair(in: scratch)
        let name = "kiosk_failover"
        try #require(try pair.run(["url", "pair"]).status == 0)
        _ = try Spawn.run(
            "/usr/bin/env", ["psql", try pair.conninfo("postgres"), "-XAtq", "-c", "CREATE DATABASE \(name)"])

        // Orders take 2 bananas and adds put 2 back: every line succeeds, whenever it runs.
        let lines = (0..<600).map { $0 % 2 == 0 ? "order banana 1" : "stock add banana 2" }
        let kiosk = try PipedKiosk(
            ["--database", try pair.conninfo(name), "--json"], in: scratch,
            environment: ["KIOSK_RECONNECT_WINDOW": "30"])
        for line in lines.prefix(300) { kiosk.send(line) }
        try await poll(until: "50 orders in the ledger") {
            ((try? pair.integer("SELECT count(*) FROM sale", in: name)) ?? 0) >= 50
        }
        try #require(try pair.run(["crash"]).status == 0)
        try #require(try pair.run(["promote"]).status == 0)
        for line in lines.dropFirst(300) { kiosk.send(line) }
        kiosk.closeInput()

        let outcome = try await kiosk.finish(deadline: .seconds(60))
        #expect(!outcome.timedOut)
        #expect(outcome.status == 0, "\(outcome.stderr.prefix(500))")
        #expect(outcome.errors.isEmpty, "\(outcome.stderr.prefix(500))")
        #expect(outcome.results.count == lines.count)
        // While it waited, a note; once the standby took over, another.
        #expect(outcome.stderr.contains(#""code":"storage_reconnecting""#), "\(outcome.stderr.prefix(500))")
        #expect(outcome.stderr.contains(#""code":"storage_reconnected""#), "\(outcome.stderr.prefix(500))")
        let made = outcome.results.filter { $0["command"] as? String == "order" }.count
        let added = outcome.results.count - made
        #expect(made == 300)
        // The new primary (the promoted standby) holds each of them once.
        #expect(try pair.integer("SELECT count(*) FROM sale", in: name) == made)
        #expect(try pair.integer("SELECT count(DISTINCT order_id) FROM sale", in: name) == made)
        #expect(try pair.integer("SELECT count(*) FROM stock_adjustment WHERE reason = 'add'", in: name) == added)
        #expect(
            try pair.integer("SELECT quantity FROM stock WHERE fruit = 'banana'", in: name) == 10 - 2 * made + 2 * added
        )
        #expect(try pair.integer("SELECT pg_is_in_recovery()::int", in: name) == 0)

        // Lost past a window of one second: the script stops at once, with 74 and one line.
        let lost = try PipedKiosk(
            ["--database", try pair.conninfo(name), "--json"], in: scratch,
            environment: ["KIOSK_RECONNECT_WINDOW": "1"])
        for _ in 0..<3 { lost.send("stock add banana 2") }
        try await poll(until: "the 3 adds in the ledger") {
            (try? pair.integer("SELECT count(*) FROM stock_adjustment WHERE reason = 'add'", in: name)) == added + 3
        }
        try #require(try pair.run(["crash", "standby"]).status == 0)
        for _ in 0..<20 { lost.send("order banana 1") }
        lost.closeInput()
        let ended = try await lost.finish(deadline: .seconds(30))
        #expect(ended.status == 74, "\(ended.stderr)")
        #expect(ended.errors.count == 1, "\(ended.stderr)")
        #expect(ended.results.count == 3)
    }
}
