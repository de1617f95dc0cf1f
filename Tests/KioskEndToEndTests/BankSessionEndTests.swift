import Foundation
import GRDB
import Testing

/// Bank sessions as `bank history` keeps them when they end before the bank is idle:
/// `bank reset`, quitting, SIGTERM and SIGHUP store what was served up to then; a kiosk
/// killed outright leaves its session to be closed as interrupted by the next one.
@Suite(
    "Bank session ends", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankSessionEndTests {
    /// The sessions in the data directory's database, oldest first.
    static func sessions(_ data: String) throws -> [(ended: String?, served: Int, business: Int, tasks: Int)] {
        let queue = try DatabaseQueue(path: data + "/kiosk.sqlite")
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT ended, served, business_ms,
                        (SELECT COALESCE(SUM(served), 0) FROM bank_session_task WHERE session_id = bank_session.id)
                    FROM bank_session ORDER BY id
                    """
            ).map { ($0[0], $0[1], $0[2], $0[3]) }
        }
    }

    /// The customers served that a `bank status` headline (`Bank open · business time
    /// 00:01.400 · served 2 · ...`) counts; nil for any other line.
    static func served(inHeadline line: some StringProtocol) -> Int? {
        guard line.hasPrefix("Bank open · ") || line.hasPrefix("Bank closed · ") else { return nil }
        let fields = line.split(separator: " · ")
        return fields.lazy.compactMap { $0.hasPrefix("served ") ? Int($0.dropFirst("served ".count)) : nil }.first
    }

    /// Asks `bank status` until the bank has served someone, so that a session ended from
    /// then on has a tally to keep (and business time past the first service, 700 ms).
    /// - Parameter ask: sends `bank status` and returns the output once it holds `asked`
    ///   answers in all.
    static func waitForService(ask: (_ asked: Int) async throws -> [String]) async throws {
        let limit = Duration.seconds(20)
        let deadline = ContinuousClock.now + limit
        var asked = 0
        while ContinuousClock.now < deadline {
            asked += 1
            let lines = try await ask(asked)
            if let latest = lines.compactMap({ served(inHeadline: $0) }).last, latest > 0 { return }
        }
        throw PollTimeout(what: "a first customer served", limit: limit)
    }

    /// ``waitForService(ask:)`` for a kiosk reading a script.
    static func waitForService(_ kiosk: LiveKiosk) async throws {
        try await waitForService { asked in
            try kiosk.send("bank status")
            let out = try await kiosk.waitFor("bank status answer \(asked)") { out, _ in
                out.split(separator: "\n").count { served(inHeadline: $0) != nil } >= asked
            }
            return out.split(separator: "\n").map(String.init)
        }
    }

    /// Waits until the database in `data` holds one session, still open: kiosk records it
    /// from the bank's events, after `bank open` has answered.
    static func waitForOpenSession(_ data: String) async throws {
        try await poll(until: "the open bank session in the database") {
            ((try? sessions(data)) ?? []).map(\.ended) == [nil]
        }
    }

    /// How a script's session ends early (`quit` in a script first serves everyone left, as
    /// the end of input does; the REPL's quit is in ``TerminalFaultTests``).
    enum Ending: String, CaseIterable, Sendable {
        case reset, sigterm, sighup
    }

    @Test("a session ended before idle keeps what was served and its business time", arguments: Ending.allCases)
    func endedSessionKeepsItsTally(_ ending: Ending) async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        // 100 customers at 10× speed take several seconds: the session ends while some are served.
        let kiosk = try LiveKiosk(["--data-dir", data, "--speed", "10", "--seed", "7"], sandbox: sandbox)
        try kiosk.send("bank open 100")
        try await kiosk.waitFor("the bank to open") { out, _ in out.contains("Bank open: 100 customers") }
        try await Self.waitForService(kiosk)
        switch ending {
        case .reset:
            try kiosk.send("bank reset")
            try await kiosk.waitFor("the reset") { out, _ in out.lowercased().contains("reset") }
            try kiosk.send("quit")
        case .sigterm:
            kill(kiosk.process.processIdentifier, SIGTERM)
        case .sighup:
            kill(kiosk.process.processIdentifier, SIGHUP)
        }
        let status = try await kiosk.finish()
        #expect(status == [Ending.sigterm: 143, .sighup: 129][ending] ?? 0, "\(kiosk.stderr)")
        let sessions = try Self.sessions(data)
        #expect(sessions.count == 1)
        let session = try #require(sessions.first)
        #expect(session.ended == (ending == .reset ? "reset" : "quit"))
        #expect(session.served > 0 && session.served < 100, "served \(session.served)")
        #expect(session.tasks == session.served)
        #expect(session.business >= 500, "business \(session.business) ms")
    }

    @Test("a session cut by SIGKILL is closed as interrupted when the next kiosk starts")
    func killedSessionIsInterrupted() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        let kiosk = try LiveKiosk(["--data-dir", data, "--speed", "10"], sandbox: sandbox)
        try kiosk.send("bank open 100")
        try await kiosk.waitFor("the bank to open") { out, _ in out.contains("Bank open: 100 customers") }
        try await Self.waitForOpenSession(data)
        kill(kiosk.process.processIdentifier, SIGKILL)
        _ = try? await kiosk.finish()
        #expect(try Self.sessions(data).map(\.ended) == [nil])

        let history = try await KioskBinary.run(["--data-dir", data, "--json", "-c", "bank history"], home: sandbox)
        #expect(history.status == 0, "\(history.stderr)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [String: Any], "\(history.stdout)")
        let sessions = try #require(result["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(sessions.first?["ended"] as? String == "interrupted")
    }

    @Test("a session another running kiosk keeps open is left open by a kiosk that starts")
    func liveSessionStaysOpen() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        let kiosk = try LiveKiosk(["--data-dir", data, "--speed", "10"], sandbox: sandbox)
        try kiosk.send("bank open 100")
        try await kiosk.waitFor("the bank to open") { out, _ in out.contains("Bank open: 100 customers") }
        try await Self.waitForOpenSession(data)
        let other = try await KioskBinary.run(["--data-dir", data, "-c", "stock"], home: sandbox)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(try Self.sessions(data).map(\.ended) == [nil])
        try kiosk.send("quit")
        #expect(try await kiosk.finish() == 0)
        #expect(try Self.sessions(data).first?.ended == "quit")
    }
}
