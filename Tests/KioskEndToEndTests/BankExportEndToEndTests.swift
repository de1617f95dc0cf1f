import Foundation
import Testing

/// `bank add --over/--rate`, the closing summary's waits and `bank export`, through the binary.
@Suite("Bank arrivals, waits and export end to end", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankExportEndToEndTests {
    private static let preset = ["--in-memory", "--speed", "max", "--seed", "7", "--preset", "2021-05"]

    @Test("bank export writes one row per customer as CSV or JSON Lines, by extension or --format")
    func export() async throws {
        let sandbox = try Sandbox()
        let csv = sandbox.path + "/customers.csv"
        let jsonl = sandbox.path + "/customers.jsonl"
        let other = sandbox.path + "/customers.txt"
        let run = try await KioskBinary.run(
            Self.preset + [
                "-c", "bank open 5", "-c", "bank wait", "-c", "bank export \(csv)", "-c", "bank export \(jsonl)",
                "-c", "bank export '\(other)' --format jsonl",
            ], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            Array(run.stdoutLines.suffix(3)) == [
                "Exported 5 customers to \(csv) (CSV).", "Exported 5 customers to \(jsonl) (JSON Lines).",
                "Exported 5 customers to \(other) (JSON Lines).",
            ])
        #expect(
            try String(contentsOfFile: csv, encoding: .utf8) == """
                ticket,task,grade,arrival_ms,stage_1,desk_1,clerk_1,start_1_ms,end_1_ms,stage_2,desk_2,clerk_2,start_2_ms,end_2_ms,stage_3,desk_3,clerk_3,start_3_ms,end_3_ms
                1,deposit,vvip,0,deposit,counter,1,0,700,,,,,,,,,,
                2,loan,vip,0,documents,counter,1,700,1000,review,head-office,1,1000,1500,execution,counter,1,1500,1800
                3,deposit,vvip,0,deposit,counter,2,0,700,,,,,,,,,,
                4,deposit,vvip,0,deposit,counter,3,0,700,,,,,,,,,,
                5,deposit,vip,0,deposit,counter,2,700,1400,,,,,,,,,,

                """)
        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(
            lines[1]
                == #"{"ticket":2,"task":"loan","grade":"vip","arrival_ms":0,"stages":[{"stage":"documents","desk":"counter","clerk":1,"start_ms":700,"end_ms":1000},{"stage":"review","desk":"head-office","clerk":1,"start_ms":1000,"end_ms":1500},{"stage":"execution","desk":"counter","clerk":1,"start_ms":1500,"end_ms":1800}]}"#
        )
        #expect(try String(contentsOfFile: other, encoding: .utf8) == lines.joined(separator: "\n") + "\n")

        let json = try await KioskBinary.run(
            Self.preset + ["--json", "-c", "bank open 5", "-c", "bank wait", "-c", "bank export \(csv)"], home: sandbox)
        #expect(
            json.stdoutLines.last
                == #"{"type":"result","command":"bank export","file":"\#(csv)","format":"csv","customers":5}"#)
    }

    @Test("an unwritable path, or a name without a format, is an error naming the path; exit 1")
    func refusals() async throws {
        let sandbox = try Sandbox()
        let missing = sandbox.path + "/no/such/dir/out.csv"
        let run = try await KioskBinary.run(
            Self.preset + [
                "-c", "bank open 2", "-c", "bank export \(missing)", "-c", "bank export \(sandbox.path) --format csv",
                "-c", "bank export out.dat",
            ], home: sandbox)
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "kiosk: -c #2: Cannot write '\(missing)': No such file or directory. Choose a file in a directory you can write to.",
                "kiosk: -c #3: Cannot write '\(sandbox.path)': Is a directory. Choose a file in a directory you can write to.",
                "kiosk: -c #4: Cannot tell the format of 'out.dat' from its name. End it in .csv or .jsonl, or add --format csv or --format jsonl.",
            ])
        #expect(!FileManager.default.fileExists(atPath: "out.dat"))
        let json = try await KioskBinary.run(["--in-memory", "--json", "-c", "bank export \(missing)"], home: sandbox)
        #expect(
            json.stderrLines.first?.hasPrefix(
                #"{"type":"error","code":"export_failed","path":"\#(missing)","message":"Cannot write"#) == true)
    }

    @Test("bank add --over spreads arrivals, --rate draws them from the seed, byte for byte")
    func arrivalsOverTime() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "--seed", "3", "-c", "bank add 4 --over 3s", "-c", "bank wait"])
        #expect(run.status == 0, "\(run.stderr)")
        // One every 0.75 s; loan #3 arrives at 1.5 s and waits 0.35 s for #2 to finish.
        #expect(
            Array(run.stdoutLines.prefix(12)) == [
                "[00:00.000] #1 deposit started at Deposit clerk 1",
                "Bank open: 4 customers took tickets #1–#4 (deposit 2, loan 2).",
                "[00:00.700] #1 deposit finished at Deposit clerk 1",
                "[00:00.750] #2 loan started at Loan clerk 1",
                "[00:01.850] #2 loan finished at Loan clerk 1",
                "[00:01.850] #3 loan started at Loan clerk 1",
                "[00:02.250] #4 deposit started at Deposit clerk 1",
                "[00:02.950] #3 loan finished at Loan clerk 1",
                "[00:02.950] #4 deposit finished at Deposit clerk 1",
                "Bank closed: served 4 customers (deposit 2, loan 2) in 00:02.950 of business time.",
                "  deposit waited, 2 customers: mean 00:00.000 · p50 00:00.000 · p95 00:00.000 · max 00:00.000",
                "  loan waited, 2 customers: mean 00:00.175 · p50 00:00.000 · p95 00:00.350 · max 00:00.350",
            ])
        let poisson = [
            "--in-memory", "--speed", "max", "--seed", "5", "-c", "bank add 200 --rate 30/min", "-c", "bank wait",
        ]
        let first = try await KioskBinary.run(poisson)
        let second = try await KioskBinary.run(poisson)
        #expect(first.status == 0)
        #expect(first.stdoutLines.filter { $0.contains(" finished at ") }.count == 200)
        #expect(Data(first.stdout.utf8) == Data(second.stdout.utf8))
        // 200 gaps of 2 s on average: the last arrives after several minutes of bank time.
        #expect(
            first.stdoutLines.contains { $0.hasPrefix("Bank closed: served 200 customers") && $0.contains(" in 0") })

        let bad = try await KioskBinary.run(
            ["--in-memory", "-c", "bank add 2 --over 10x", "-c", "bank add 2 --rate 2/day"])
        #expect(bad.status == 1)
        #expect(
            bad.stderrLines == [
                "kiosk: -c #1: --over must be a length of time with its unit (ms, s, m or h: 700ms, 45s, 10m, 1.5h), not '10x'. Usage: bank add [customers] [deposit|loan] [--over <duration>] [--rate <rate>]",
                "kiosk: -c #2: --rate must be a number per s, min or h (2/min, 60/h, 0.5/s), more than 0, not '2/day'. Usage: bank add [customers] [deposit|loan] [--over <duration>] [--rate <rate>]",
            ])
    }

    @Test("the closing summary gives the waits per task and grade; bank_idle and bank wait carry them in JSON")
    func closingWaits() async throws {
        let run = try await KioskBinary.run(Self.preset + ["-c", "bank open 5"])
        // The five arrive together: the three VVIPs are in line with the rest and go first.
        #expect(
            Array(run.stdoutLines.suffix(4)) == [
                "Bank closed: served 5 customers (deposit 4, loan 1) in 00:01.800 of business time.",
                "  VVIP deposit waited, 3 customers: mean 00:00.000 · p50 00:00.000 · p95 00:00.000 · max 00:00.000",
                "  VIP deposit waited, 1 customer: mean 00:00.700 · p50 00:00.700 · p95 00:00.700 · max 00:00.700",
                "  VIP loan waited, 1 customer: mean 00:00.700 · p50 00:00.700 · p95 00:00.700 · max 00:00.700",
            ])
        let json = try await KioskBinary.run(Self.preset + ["--json", "-c", "bank open 5", "-c", "bank wait"])
        let waits =
            #""waits":[{"task":"deposit","grade":"vvip","customers":3,"mean_ms":0,"p50_ms":0,"p95_ms":0,"max_ms":0},{"task":"deposit","grade":"vip","customers":1,"mean_ms":700,"p50_ms":700,"p95_ms":700,"max_ms":700},{"task":"loan","grade":"vip","customers":1,"mean_ms":700,"p50_ms":700,"p95_ms":700,"max_ms":700}]}"#
        #expect(
            json.stdoutLines.suffix(2) == [
                #"{"type":"event","event":"bank_idle","served":5,"by_task":{"deposit":4,"loan":1},"business_ms":1800,"#
                    + waits,
                #"{"type":"result","command":"bank wait","outcome":"idle","served":5,"by_task":{"deposit":4,"loan":1},"business_ms":1800,"#
                    + waits,
            ])
    }
}
