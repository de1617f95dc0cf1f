import Foundation
import Testing

@Suite("Bank network end to end", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankNetworkEndToEndTests {
    @Test(
        "--speed max with --seed prints the same bytes on every run",
        arguments: [
            ["-c", "bank open", "-c", "bank add 40", "-c", "bank wait", "-c", "bank status"],
            ["--preset", "2021-05", "-c", "bank open 300", "-c", "bank wait", "-c", "bank add 5 loan vvip"],
            ["--json", "--preset", "2021-01", "-c", "bank open 20000", "-c", "bank wait"],
        ])
    func virtualTimeRepeats(_ commands: [String]) async throws {
        let arguments = ["--in-memory", "--speed", "max", "--seed", "42"] + commands
        let first = try await KioskBinary.run(arguments)
        let second = try await KioskBinary.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.count > 1_000)
        #expect(Data(first.stdout.utf8) == Data(second.stdout.utf8))
        #expect(first.stderr == second.stderr)
        // Every event is there: nothing was skipped for a slow terminal.
        #expect(!first.stdout.contains("not shown"))
        #expect(!first.stdout.contains("events_skipped"))
    }

    @Test("--speed max gives exact bank times: 20,000 classic customers end when the busiest desk's rounds do")
    func virtualTimeIsExact() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "-c", "bank add 10000 deposit", "-c", "bank add 10000 loan"])
        #expect(run.status == 0, "\(run.stderr)")
        // Loans: 10,000 × 1.1 s at one clerk; deposits: 5,000 rounds × 0.7 s at two.
        // The closing summary, then its waits: the i-th deposit (from 0) waits ⌊i/2⌋ × 0.7 s,
        // the i-th loan i × 1.1 s; p50 and p95 are the 5,000th and 9,500th of each.
        #expect(
            Array(run.stdoutLines.suffix(3)) == [
                "Bank closed: served 20000 customers (deposit 10000, loan 10000) in 3:03:20.000 of business time.",
                "  deposit waited, 10000 customers: mean 29:09.650 · p50 29:09.300 · p95 55:24.300 · max 58:19.300",
                "  loan waited, 10000 customers: mean 1:31:39.450 · p50 1:31:38.900 · p95 2:54:08.900 · max 3:03:18.900",
            ])
        #expect(run.stdoutLines.filter { $0.contains(" finished at ") }.count == 20_000)
    }

    @Test("--preset 2021-05 runs the head office: loans in three stages, the review at the head office")
    func headOfficePreset() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "--json", "--preset", "2021-05", "-c", "bank add 2 loan vip"])
        #expect(run.status == 0, "\(run.stderr)")
        let starts = run.stdoutLines.filter { $0.contains(#""event":"service_started""#) }
        #expect(
            starts == [
                #"{"type":"event","event":"service_started","ticket":1,"task":"loan","clerk":1,"at_ms":0,"stage":"documents","grade":"vip","desk":"counter"}"#,
                #"{"type":"event","event":"service_started","ticket":2,"task":"loan","clerk":2,"at_ms":0,"stage":"documents","grade":"vip","desk":"counter"}"#,
                #"{"type":"event","event":"service_started","ticket":1,"task":"loan","clerk":1,"at_ms":300,"stage":"review","grade":"vip","desk":"head-office"}"#,
                #"{"type":"event","event":"service_started","ticket":1,"task":"loan","clerk":1,"at_ms":800,"stage":"execution","grade":"vip","desk":"counter"}"#,
                #"{"type":"event","event":"service_started","ticket":2,"task":"loan","clerk":1,"at_ms":800,"stage":"review","grade":"vip","desk":"head-office"}"#,
                #"{"type":"event","event":"service_started","ticket":2,"task":"loan","clerk":2,"at_ms":1300,"stage":"execution","grade":"vip","desk":"counter"}"#,
            ])
    }

    @Test(
        "the closing summary lists desks and their clerks when each task has a desk of its own, else tasks and their routes",
        arguments: [
            (
                "classic",
                [
                    "Desk     Clerks  Served", "Deposit       2       0", "Loan          1       3",
                    "Total                 3",
                ]
            ),
            ("2021-01", ["Task     Route    Served", "deposit  Counter       1", "loan     Counter       2"]),
            (
                "2021-05",
                [
                    "Task     Route                            Served",
                    "deposit  Counter                               1",
                    "loan     Counter → Head Office → Counter       2",
                ]
            ),
        ])
    func closingSummary(_ preset: String, _ table: [String]) async throws {
        let run = try await KioskBinary.run(
            [
                "--in-memory", "--preset", preset, "--speed", "max", "--seed", "1", "-c", "bank open 3", "-c",
                "bank wait",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdoutLines
        let start = try #require(lines.firstIndex(of: table[0]), "\(run.stdout)")
        #expect(Array(lines[start...].prefix(table.count)) == table, "\(run.stdout)")
    }

    @Test("an unknown preset is a usage error naming the presets")
    func unknownPreset() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--preset", "2022-01", "-c", "bank status"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--preset must be one of 2021-01, 2021-05, classic, not '2022-01'."))
    }

    @Test("a bad route fails at load with exit 78, naming file, line and key")
    func badRoute() async throws {
        let sandbox = try Sandbox()
        let config =
            try String(contentsOfFile: KioskBinary.packageRoot + "/config/kiosk.toml", encoding: .utf8)
                + """

                [[bank.desk]]
                id = "counter"
                clerks = 1

                [[bank.task]]
                id = "fx"
                stages = [{ at = "counterr", service_ms = 100 }]
                """
        let path = try sandbox.file("kiosk.toml", contents: config)
        let line =
            config.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("stages = [{ at = \"counterr\"") }.map { $0 + 1 } ?? 0
        let run = try await KioskBinary.run(["--in-memory", "--config", path, "-c", "bank status"], home: sandbox)
        #expect(run.status == 78)
        #expect(
            run.stderr.contains(
                "kiosk.toml:\(line): [[bank.task]] #1 stages: stage 1: unknown desk or office 'counterr'. Did you mean 'counter'?"
            ), "\(run.stderr)")
    }
}
