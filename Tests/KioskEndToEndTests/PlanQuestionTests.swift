import Foundation
import Testing

/// `bank plan` answers the question asked: fewer clerks than today when they do, desks named
/// in any case, targets as people say them, and a chart that explains itself.
@Suite("bank plan answers the question", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct PlanQuestionTests {
    /// The plan's JSON result line of `run`.
    static func result(_ run: KioskBinary.Run) throws -> [String: Any] {
        let line = try #require(run.stdoutLines.first { $0.contains(#""command":"bank plan""#) }, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("a quiet day is answered with fewer clerks than configured, and a range given still holds")
    func fewerThanToday() async throws {
        // The default bank has deposit 2 and loan 1; 60 customers an hour keep one clerk each
        // far from busy.
        let run = try await KioskBinary.run([
            "--in-memory", "--json", "--seed", "1", "-c", #"bank plan --target "85% within 2m" --replications 4"#,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.result(run)["recommended"] as? [String: Int] == ["deposit": 1, "loan": 1])
        let bounded = try await KioskBinary.run([
            "--in-memory", "--json", "--seed", "1", "-c",
            #"bank plan --target "85% within 2m" --clerks deposit=2..4 --replications 4"#,
        ])
        #expect(bounded.status == 0, "\(bounded.stderr)")
        #expect(try Self.result(bounded)["recommended"] as? [String: Int] == ["deposit": 2, "loan": 1])
    }

    @Test(
        "desks are named by id or name in any case",
        arguments: ["Counter=1..5", "COUNTER=1..5", "counter=1..5", "\"head office=1..2\"", "창구=1..5"])
    func desksInAnyCase(bound: String) async throws {
        let run = try await KioskBinary.run([
            "--in-memory", "--json", "--seed", "1", "--preset", "2021-05", "-c",
            "bank plan --hours 1 --clerks \(bound) --replications 3",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.result(run)["recommended"] != nil)
    }

    @Test(
        "targets as people say them, in English and Korean, in either language",
        arguments: [
            ("85% served within 2 minutes", "share", 850, 120_000),
            ("85% within 2 min", "share", 850, 120_000),
            ("2 min", "share", 850, 120_000),
            ("90 s", "share", 850, 90_000),
            ("2분", "share", 850, 120_000),
            ("2분 안에 90%", "share", 900, 120_000),
            ("mean wait under 45 s", "mean", nil, 45_000),
            ("평균 45초 이내", "mean", nil, 45_000),
        ] as [(String, String, Int?, Int)])
    func naturalTargets(target: String, kind: String, share: Int?, within: Int) async throws {
        for language in ["en", "ko"] {
            let run = try await KioskBinary.run([
                "--in-memory", "--json", "--lang", language, "--seed", "1", "-c",
                "bank plan --target \(shellQuoted(target)) --hours 1 --replications 3",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let object = try #require(try Self.result(run)["target"] as? [String: Any])
            #expect(object["kind"] as? String == kind)
            #expect(object["share_permille"] as? Int == share)
            #expect(object["within_ms"] as? Int == within)
        }
    }

    @Test(
        "a target not understood names the word and shows what is, in English and Korean",
        arguments: [
            (
                "en", "85% within soon",
                "'soon' in '85% within soon' is not understood. Write a share within a wait (\"85% within 2 minutes\"), "
                    + "a mean wait (\"mean within 45s\") or a wait alone (\"2 min\", for 85% within it)."
            ),
            (
                "en", "85%",
                "'85%' is not a target. Write a share within a wait (\"85% within 2 minutes\"), "
                    + "a mean wait (\"mean within 45s\") or a wait alone (\"2 min\", for 85% within it)."
            ),
            (
                "en", "soon",
                "'soon' is not a target. Write a share within a wait (\"85% within 2 minutes\"), "
                    + "a mean wait (\"mean within 45s\") or a wait alone (\"2 min\", for 85% within it)."
            ),
            (
                "ko", "soon",
                "'soon'은 목표가 아닙니다. 대기 시간 안의 비율(\"2분 안에 85%\"), "
                    + "평균(\"평균 45초 이내\"), 또는 대기 시간만(\"2분\", 그 안에 85%) 쓰세요."
            ),
            (
                "ko", "85% within soon",
                "'85% within soon'에서 'soon'을 알아듣지 못했습니다. 대기 시간 안의 비율(\"2분 안에 85%\"), "
                    + "평균(\"평균 45초 이내\"), 또는 대기 시간만(\"2분\", 그 안에 85%) 쓰세요."
            ),
        ])
    func targetNotUnderstood(language: String, target: String, message: String) async throws {
        let run = try await KioskBinary.run([
            "--in-memory", "--lang", language, "-c", "bank plan --target \(shellQuoted(target))",
        ])
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasSuffix(message + "\n"), "\(run.stderr)")
        let json = try await KioskBinary.run([
            "--in-memory", "--json", "--lang", language, "-c", "bank plan --target \(shellQuoted(target))",
        ])
        #expect(json.stderr.contains(#""code":"bad_target""#), "\(json.stderr)")
    }

    @Test("the chart has a title without a colon, axis titles, a key to the clerk counts, a legend and capped whiskers")
    func chart() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.path + "/plan.svg"
        let run = try await KioskBinary.run([
            "--in-memory", "--json", "--seed", "3", "-c",
            #"bank plan --rate deposit=200/h --rate loan=120/h --target "80% within 30s" --hours 4 --replications 6 --plot "#
                + path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        let candidates = try #require(try Self.result(run)["candidates"] as? [[String: Any]])
        let recommended = try #require(try Self.result(run)["recommended"] as? [String: Int])
        let texts = svg.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.range(of: "\">", options: .backwards), line.hasSuffix("</text>") else { return nil }
            return String(line[open.upperBound...].dropLast("</text>".count))
        }
        let title = try #require(texts.first)
        #expect(title == "Share served within target, worst task, per staffing tried")
        #expect(!texts.contains { $0.hasSuffix(":") })
        #expect(texts.contains("Clerks per staffing (Deposit · Loan)"))
        #expect(texts.contains("Worst task served within 30s"))
        let key =
            "\(recommended["deposit"] ?? 0)·\(recommended["loan"] ?? 0) means Deposit \(recommended["deposit"] ?? 0), Loan \(recommended["loan"] ?? 0)"
        #expect(texts.contains(key), "\(texts)")
        let legend = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<text class=\"legend\"") })
        for word in ["recommended", "meets the target", "misses it", "target", "95% interval"] {
            #expect(legend.contains(">\(word)</tspan>"), "\(legend)")
        }
        #expect(svg.components(separatedBy: #"class="point""#).count - 1 == candidates.count)
        #expect(svg.components(separatedBy: #"class="whisker""#).count - 1 == candidates.count)
        // Every whisker has a cap at each end: a whisker and two caps per point.
        #expect(svg.components(separatedBy: "<line").count - 1 >= 3 * candidates.count)
        // The y axis does not start at 0% when every figure sits far above it.
        #expect(!texts.contains("0%"))
    }

    @Test(
        "a mean target's chart shows waits from zero, and the chart speaks the session's language",
        arguments: [
            ("en", "mean within 30s", "Mean wait of the worst task, per staffing tried", "Mean wait of the worst task"),
            ("ko", "2분 안에 80%", "배치별 가장 나쁜 업무의 목표 안 비율", "가장 나쁜 업무가 2분 안에 처리된 비율"),
        ])
    func chartOfMeanAndInKorean(language: String, target: String, title: String, yAxis: String) async throws {
        let sandbox = try Sandbox()
        let path = sandbox.path + "/plan.svg"
        let run = try await KioskBinary.run([
            "--in-memory", "--lang", language, "--seed", "3", "-c",
            "bank plan --rate deposit=200/h --rate loan=120/h --target \(shellQuoted(target)) --hours 4"
                + " --replications 6 --plot \(path)",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains(">\(title)</text>"))
        #expect(svg.contains(">\(yAxis)</text>"))
        if language == "en" {
            #expect(svg.contains(">0ms</text>"))
        } else {
            #expect(svg.contains("이라는 뜻</text>"))
            #expect(svg.contains(">추천</tspan>"))
        }
    }
}
