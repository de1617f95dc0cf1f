import Foundation
import Testing

/// One read model: after a run, `bank wait`, `bank status` (its desks too), `bank report`,
/// `bank history` and `bank export` count the same customers, on the classic bank and both
/// cohort presets; while customers are at the bank, each is waiting, in service or to arrive.
@Suite(
    "Bank counts end to end", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankCountsEndToEndTests {
    static let presets: [[String]] = [[], ["--preset", "2021-01"], ["--preset", "2021-05"]]

    /// The result line of `command` in `run`'s JSON output, as an object.
    static func result(_ command: String, in run: KioskBinary.Run) throws -> [String: Any] {
        let line = try #require(
            run.stdoutLines.first { $0.contains(#""type":"result","command":"\#(command)""#) }, "\(run.stdout)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("every view counts 30 customers served, and each place its customers, not stages", arguments: presets)
    func viewsAgree(preset: [String]) async throws {
        let sandbox = try Sandbox()
        let export = sandbox.path + "/customers.jsonl"
        let run = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "--seed", "4", "--json", "--events", "off"] + preset + [
                "-c", "bank open 30", "-c", "bank wait", "-c", "bank status", "-c", "bank report", "-c",
                "bank history 1", "-c", "bank export \(export)",
            ], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        let wait = try Self.result("bank wait", in: run)
        let status = try Self.result("bank status", in: run)
        let report = try Self.result("bank report", in: run)
        let history = try Self.result("bank history", in: run)
        let exported = try Self.result("bank export", in: run)

        #expect(wait["served"] as? Int == 30)
        #expect(status["served"] as? Int == 30)
        #expect(exported["customers"] as? Int == 30)
        let waits = try #require(report["waits"] as? [[String: Any]])
        #expect(waits.reduce(0) { $0 + ($1["customers"] as? Int ?? 0) } == 30)
        let session = try #require((history["sessions"] as? [[String: Any]])?.first)
        #expect(session["served"] as? Int == 30)
        #expect(session["business_ms"] as? Int == status["business_ms"] as? Int)
        #expect(report["business_ms"] as? Int == status["business_ms"] as? Int)
        #expect(wait["business_ms"] as? Int == status["business_ms"] as? Int)
        let byGrade = try #require(status["by_grade"] as? [[String: Any]])
        #expect(byGrade.reduce(0) { $0 + ($1["served"] as? Int ?? 0) } == 30)

        // A place counts the customers whose route passes it, once each.
        let byTask = try #require(status["by_task"] as? [String: Int])
        let desks = try #require(status["desks"] as? [[String: Any]])
        for desk in desks {
            let tasks = Set((desk["services"] as? [[String: Any]] ?? []).compactMap { $0["task"] as? String })
            let expected = tasks.reduce(0) { $0 + (byTask[$1] ?? 0) }
            #expect(desk["served"] as? Int == expected, "\(desk["desk"] ?? "")")
            let times = Set((desk["services"] as? [[String: Any]] ?? []).compactMap { $0["service_ms"] as? Int })
            // One time for the place, or null when its tasks and stages differ: never 0.
            if times.count == 1 {
                #expect(desk["service_ms"] as? Int == times.first)
            } else {
                #expect(desk["service_ms"] is NSNull)
            }
        }
        let utilisation = try #require(report["utilisation"] as? [[String: Any]])
        #expect(utilisation.count == desks.count)
        let lines = try String(contentsOfFile: export, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 30)
    }

    @Test("2021-05: the counter serves 30 customers and shows each stage's time")
    func cohortCounter() async throws {
        let run = try await KioskBinary.run(
            [
                "--in-memory", "--speed", "max", "--seed", "4", "--json", "--events", "off", "--preset", "2021-05",
                "-c", "bank open 30", "-c", "bank wait", "-c", "bank status",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let status = try Self.result("bank status", in: run)
        let desks = try #require(status["desks"] as? [[String: Any]])
        let counter = try #require(desks.first { $0["desk"] as? String == "counter" })
        #expect(counter["served"] as? Int == 30)
        let stages = (counter["services"] as? [[String: Any]] ?? []).map {
            "\($0["task"] ?? "")/\($0["stage"] ?? "")/\($0["service_ms"] ?? "")"
        }
        #expect(stages == ["deposit/deposit/700", "loan/documents/300", "loan/execution/300"])
        let office = try #require(desks.first { $0["desk"] as? String == "head-office" })
        #expect(office["service_ms"] as? Int == 500)
        #expect(office["served"] as? Int == (status["by_task"] as? [String: Int])?["loan"])
    }

    @Test("while the bank serves, each customer is waiting, in service or to arrive, once", arguments: presets)
    func everyoneOnce(preset: [String]) async throws {
        for commands in [["bank add 30"], ["bank add 20", "bank add 10 --over 10m"]] {
            let run = try await KioskBinary.run(
                ["--in-memory", "--speed", "max", "--seed", "2", "--json", "--events", "off"] + preset
                    + commands.flatMap { ["-c", $0] } + ["-c", "bank status"])
            #expect(run.status == 0, "\(run.stderr)")
            let status = try Self.result("bank status", in: run)
            let waiting = try #require(status["waiting"] as? Int)
            let inService = try #require(status["in_service"] as? Int)
            let toArrive = try #require(status["to_arrive"] as? Int)
            let served = try #require(status["served"] as? Int)
            #expect(waiting + inService + toArrive + served == 30, "\(status)")
            let desks = try #require(status["desks"] as? [[String: Any]])
            #expect(desks.reduce(0) { $0 + ($1["waiting"] as? Int ?? 0) } == waiting)
        }
    }

    @Test("the text status counts a network desk's customers, as the closing summary does", arguments: presets)
    func textAgrees(preset: [String]) async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "--seed", "4", "--events", "off"] + preset + [
                "-c", "bank open 30", "-c", "bank wait", "-c", "bank status",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdoutLines.contains { $0.hasPrefix("Bank closed · business time ") && $0.hasSuffix(" · served 30") })
        // The first desk's row: its served count is the customers who used it.
        let rows = run.stdoutLines.drop { !$0.hasPrefix("Desk ") }.dropFirst()
        let served = rows.compactMap { row -> Int? in
            let cells = row.split(separator: " ", omittingEmptySubsequences: true)
            guard cells.count >= 4, cells[2] == "idle" else { return nil }
            return Int(cells[3])
        }
        #expect(served.first.map { $0 <= 30 && $0 > 0 } == true, "\(run.stdout)")
        if preset.isEmpty { #expect(served.reduce(0, +) == 30, "\(run.stdout)") } else { #expect(served.first == 30) }
    }
}
