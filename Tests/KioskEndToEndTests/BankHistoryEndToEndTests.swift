import Foundation
import Testing

/// `bank history` reads what the commands before it did, on every store: the session the
/// bank just served is listed at once, with the bank's own count, and ended as quit once
/// kiosk has left.
@Suite("Bank history end to end", .serialized, .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankHistoryEndToEndTests {
    /// The sessions of the `bank history` result line.
    static func sessions(_ run: KioskBinary.Run) throws -> [[String: Any]] {
        let line = try #require(run.stdoutLines.first { $0.contains(#""command":"bank history""#) }, "\(run.stdout)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return try #require(result["sessions"] as? [[String: Any]])
    }

    /// The store flags of each store a test can use here.
    static var stores: [[String]] {
        var stores = [["--in-memory"], ["--data-dir", "DATA"]]
        if TestPostgres.isConfigured { stores.append(["--database", "POSTGRES"]) }
        return stores
    }

    @Test("a history right after 'bank wait' lists the session it served", arguments: stores)
    func historyReadsItsOwnWrites(store: [String]) async throws {
        let sandbox = try Sandbox()
        let database = store.contains("POSTGRES") ? try TestPostgres.Database() : nil
        let flags = store.map { $0 == "DATA" ? sandbox.path + "/data" : $0 == "POSTGRES" ? database?.socket ?? "" : $0 }
        let commands = ["-c", "bank open 5", "-c", "bank wait", "-c", "bank history"]
        let text = try await KioskBinary.run(flags + ["--speed", "max", "--seed", "3"] + commands, home: sandbox)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.contains("No bank sessions recorded yet"), "\(text.stdout)")

        let json = try await KioskBinary.run(flags + ["--speed", "max", "--json"] + commands, home: sandbox)
        #expect(json.status == 0, "\(json.stderr)")
        let latest = try #require(try Self.sessions(json).first)
        #expect(latest["served"] as? Int == 5)
        #expect(latest["ended"] is NSNull)
        #expect(latest["idle"] is String)
        guard !store.contains("--in-memory") else { return }
        // The next kiosk on the same store finds both sessions ended by quitting.
        let next = try await KioskBinary.run(flags + ["--json", "-c", "bank history"], home: sandbox)
        let sessions = try Self.sessions(next)
        #expect(sessions.count == 2)
        #expect(sessions.map { $0["ended"] as? String } == ["quit", "quit"])
        #expect(sessions.map { $0["served"] as? Int } == [5, 5])
    }

    @Test("the open session shows what the bank has served so far, not the last stored count")
    func openSessionIsLive() async throws {
        let run = try await KioskBinary.run(
            [
                "--in-memory", "--speed", "max", "--json", "-c", "bank open 3", "-c", "bank wait", "-c", "bank add 2",
                "-c", "bank history",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let latest = try #require(try Self.sessions(run).first)
        // The two added have not been served (virtual time moves only while waiting), so the
        // session serves: no idle stamp, three served.
        #expect(latest["served"] as? Int == 3)
        #expect(latest["idle"] is NSNull)
    }
}
