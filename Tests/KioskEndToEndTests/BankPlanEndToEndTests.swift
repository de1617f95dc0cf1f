import Foundation
import Testing

@Suite("Bank plan end to end", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankPlanEndToEndTests {
    static let plan = [
        "bank plan --rate deposit=200/h --rate loan=120/h --service exponential --target \"80% within 30s\""
            + " --hours 4 --replications 6"
    ]

    @Test("--json answers one result with the recommendation, the target and every candidate; --seed repeats it")
    func json() async throws {
        let arguments = ["--in-memory", "--json", "--seed", "3", "-c"] + Self.plan
        let run = try await KioskBinary.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdoutLines.first { $0.contains(#""command":"bank plan""#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let recommended = try #require(object["recommended"] as? [String: Int])
        #expect(Set(recommended.keys) == ["deposit", "loan"])
        let target = try #require(object["target"] as? [String: Any])
        #expect(target["kind"] as? String == "share")
        #expect(target["within_ms"] as? Int == 30_000)
        let candidates = try #require(object["candidates"] as? [[String: Any]])
        let chosen = try #require(candidates.first { ($0["clerks"] as? [String: Int]) == recommended })
        let tasks = try #require(chosen["tasks"] as? [[String: Any]])
        for task in tasks {
            let within = try #require(task["within_target"] as? [String: Int])
            #expect(try #require(within["low"]) >= 800)
            let waits = try #require(task["wait_ms"] as? [String: Int])
            #expect(Set(waits.keys) == ["mean", "p50", "p95"])
        }
        #expect((chosen["utilisation"] as? [String: Int])?.count == 2)
        let again = try await KioskBinary.run(arguments)
        #expect(again.stdout == run.stdout)
    }

    @Test("the text names the recommendation and marks it in the table")
    func text() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--seed", "3", "-c"] + Self.plan)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.contains { $0.hasPrefix("Recommended: Deposit ") })
        #expect(run.stdoutLines.filter { $0.hasSuffix("◀ recommended") }.count == 1)
    }

    @Test("--plot writes an SVG chart with a point per staffing tried, the recommendation in green")
    func plot() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-plan-\(UUID().uuidString).svg")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await KioskBinary.run(
            ["--in-memory", "--json", "--seed", "3", "-c", Self.plan[0] + " --plot \(path)"])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        let line = try #require(run.stdoutLines.first { $0.contains(#""command":"bank plan""#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let candidates = try #require(object["candidates"] as? [Any])
        // The legend's samples are circles too: the points are those of class "point".
        let points = svg.split(separator: "\n").filter { $0.hasPrefix("<circle class=\"point\"") }
        #expect(points.count == candidates.count)
        #expect(points.filter { $0.contains("fill=\"#1e8449\"") }.count == 1)
    }

    @Test(
        "bad options: one line naming the problem and the next step, and exit 1",
        arguments: [
            (
                "bank plan --rate deposit=0/h",
                "Every rate is 0, so nobody would come. Give a task a rate: --rate TASK=60/h."
            ),
            ("bank plan --clerks deposit=5..2", "--clerks deposit=5..2 has MIN above MAX. Write deposit=2..5."),
            ("bank plan --clerks vault=2", "Unknown desk 'vault'. Choose one of: deposit, loan."),
            (
                "bank plan --target \"120% within 1m\"",
                "A share of 120% cannot be met. Give a share above 0% and at most 100%."
            ),
            (
                "bank plan --rate loan=4000/h --clerks loan=1",
                "loan has work for 1.22 clerks at all times and at most 1, so its line would grow all day. Raise its bound: --clerks loan=MIN..3."
            ),
        ])
    func badOptions(command: String, message: String) async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", command])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix(message) == true, "\(run.stderr)")
    }
}
