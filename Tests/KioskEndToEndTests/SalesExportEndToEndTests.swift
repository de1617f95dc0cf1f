import Foundation
import Testing

/// `sales export`, `~` in paths typed to kiosk, and corrections that never end or erase
/// anything, through the binary.
@Suite("Sales export end to end", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct SalesExportEndToEndTests {
    /// A kiosk whose day is Seoul's, so that times carry an offset and "today" is that day.
    private static let seoul = ["TZ": "Asia/Seoul"]

    private static var today: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test("sales export writes a row per order line as CSV or JSON Lines, by the file's extension")
    func export() async throws {
        let sandbox = try Sandbox()
        let csv = sandbox.path + "/day.csv"
        let jsonl = sandbox.path + "/day.jsonl"
        let run = try await KioskBinary.run(
            [
                "--in-memory", "-c", "order mango-kiwi 2", "-c", "order banana", "-c", "sales export \(csv)",
                "-c", "sales export \(jsonl) --all", "-c", "sales export \(sandbox.path)/none.csv yesterday",
            ], home: sandbox, environment: Self.seoul)
        #expect(run.status == 0, "\(run.stderr)")
        let today = Self.today
        #expect(
            Array(run.stdoutLines.suffix(3)) == [
                "Sales, today (\(today)), exported to \(csv) (CSV): 2 order lines, 3 juices.",
                "Sales, all time, exported to \(jsonl) (JSON Lines): 2 order lines, 3 juices.",
                "Sales, on \(Self.yesterday), exported to \(sandbox.path)/none.csv (CSV): 0 order lines, 0 juices.",
            ])
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(
            rows.first
                == "time,juice,count,kiosk,fruit_strawberry,fruit_banana,fruit_pineapple,fruit_kiwi,fruit_mango")
        // The time, then the juice, the count, no kiosk (one kiosk writes a SQLite or
        // in-memory ledger), and the fruit of the menu, in menu order.
        let first = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(first.dropFirst()) == ["mango-kiwi", "2", "", "0", "0", "0", "2", "4"])
        #expect(first[0].hasPrefix(today + "T") && first[0].hasSuffix("+09:00"), "\(first[0])")
        #expect(rows[2].hasSuffix(",banana,1,,0,2,0,0,0"))

        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let time = try #require(first.first)
        #expect(
            lines.first
                == #"{"time":"\#(time)","juice":"mango-kiwi","count":2,"kiosk":null,"fruit":{"kiwi":2,"mango":4}}"#)
        #expect(
            try String(contentsOfFile: sandbox.path + "/none.csv", encoding: .utf8).split(separator: "\n").count == 1)

        let json = try await KioskBinary.run(
            ["--in-memory", "--json", "-c", "order banana", "-c", "sales export \(csv) --from 2026-01-01"],
            home: sandbox, environment: Self.seoul)
        #expect(
            json.stdoutLines.last
                == #"{"type":"result","command":"sales export","file":"\#(csv)","format":"csv","period":"range","from":"2026-01-01","orders":1,"total":1}"#
        )
    }

    private static var yesterday: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        let then = calendar.date(byAdding: .day, value: -1, to: Date()) ?? Date()
        let parts = calendar.dateComponents([.year, .month, .day], from: then)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    @Test("a name that chooses no format, a link, a missing directory and two periods are refused; exit 1")
    func refusals() async throws {
        let sandbox = try Sandbox()
        let target = try sandbox.file("precious.csv", contents: "keep me\n")
        let link = sandbox.path + "/link.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let run = try await KioskBinary.run(
            [
                "--in-memory", "-c", "order banana", "-c", "sales export \(sandbox.path)/day.txt",
                "-c", "sales export \(link)", "-c", "sales export \(sandbox.path)/no/dir.csv",
                "-c", "sales export \(sandbox.path)/x.csv yesterday --all",
            ], home: sandbox)
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "kiosk: -c #2: Cannot tell the format of '\(sandbox.path)/day.txt' from its name. End it in .csv (CSV) or .jsonl (JSON Lines).",
                "kiosk: -c #3: Not writing '\(link)': it is a symbolic link, and kiosk does not write through links. Give the path of the file it points to, or another path.",
                "kiosk: -c #4: Cannot write '\(sandbox.path)/no/dir.csv': No such file or directory. Choose a file in a directory you can write to.",
                "kiosk: -c #5: Give either <day> or --all, not both. Usage: sales export <file> [day] [--all] [--from <day>] [--to <day>]",
            ])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/day.txt"))
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.path).filter { $0.contains(".tmp") }
        #expect(left.isEmpty, "\(left)")

        let korean = try await KioskBinary.run(
            ["--in-memory", "--lang", "ko", "-c", "order banana", "-c", "sales export ~/a.txt", "-c", "export"],
            home: sandbox)
        #expect(
            korean.stderrLines == [
                "kiosk: -c #2: '\(sandbox.path)/home/a.txt'의 이름으로는 형식을 알 수 없습니다. 이름을 .csv(CSV)나 .jsonl(JSON Lines)로 끝내세요.",
                "kiosk: -c #3: 모르는 명령 'export'입니다. 'sales export' 또는 'bank export'를 말씀하셨나요?",
            ])
        #expect(!korean.stderr.contains(";"))
    }

    @Test("~ and ~user start paths typed in -c, scripts and standard input as in a shell; quoted, they stay")
    func tildeExpansion() async throws {
        let sandbox = try Sandbox()
        let home = sandbox.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let script = try sandbox.file("day.kiosk", contents: "order banana\nsales export ~/script.csv\n")
        let fromScript = try await KioskBinary.run(["--in-memory", "--file", script], home: sandbox)
        #expect(fromScript.status == 0, "\(fromScript.stderr)")
        #expect(FileManager.default.fileExists(atPath: home + "/script.csv"))

        let piped = try await KioskBinary.run(
            ["--in-memory"], input: "bank open 2\nbank wait\nbank export ~/bank.jsonl\n", home: sandbox)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutLines.last == "Exported 2 customers to \(home)/bank.jsonl (JSON Lines).")

        // root's home from the user database, whatever HOME says.
        let root = try await KioskBinary.run(
            ["--in-memory", "-c", "sales export ~root/../\(sandbox.path)/root.csv"], home: sandbox)
        #expect(root.status == 0, "\(root.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.path + "/root.csv"))

        let kept = try await KioskBinary.run(
            [
                "--in-memory", "-c", #"sales export "~/quoted.csv""#, "-c", #"sales export \~/escaped.csv"#,
                "-c", "sales export ~no-such-user-kiosk/a.csv", "-c", "sales export ~/nowhere/a.csv",
            ], home: sandbox)
        #expect(kept.status == 1)
        #expect(
            kept.stderrLines == [
                "kiosk: -c #1: Cannot write '~/quoted.csv': No such file or directory. Choose a file in a directory you can write to.",
                "kiosk: -c #2: Cannot write '~/escaped.csv': No such file or directory. Choose a file in a directory you can write to.",
                "kiosk: -c #3: No user 'no-such-user-kiosk' here, so '~no-such-user-kiosk/a.csv' names no home directory. Write the path out, or quote it to keep the '~'.",
                "kiosk: -c #4: Cannot write '\(home)/nowhere/a.csv': No such file or directory. Choose a file in a directory you can write to.",
            ])
        let json = try await KioskBinary.run(
            ["--in-memory", "--json", "-c", "sales export ~no-such-user-kiosk/a.csv"], home: sandbox)
        #expect(
            json.stderrLines.first?.hasPrefix(
                #"{"type":"error","code":"unknown_user","user":"no-such-user-kiosk","given":"~no-such-user-kiosk/a.csv","#
            )
                == true, "\(json.stderr)")
    }

    @Test("a mistyped word is never corrected to a command that ends or erases something")
    func safeCorrections() async throws {
        let run = try await KioskBinary.run(
            [
                "--in-memory", "-c", "export", "-c", "exi", "-c", "qiut", "-c", "stock rese", "-c", "bank rest",
                "-c", "stock remov kiwi 1", "-c", "ordr banana",
            ])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "kiosk: -c #1: Unknown command 'export'. Did you mean 'sales export' or 'bank export'?",
                "kiosk: -c #2: Unknown command 'exi'. Type 'help' to list commands.",
                "kiosk: -c #3: Unknown command 'qiut'. Type 'help' to list commands.",
                "kiosk: -c #4: Unknown subcommand 'rese' for 'stock'. Use one of: set, add, remove, fill, reset.",
                "kiosk: -c #5: Unknown subcommand 'rest' for 'bank'. Use one of: open, add, status, wait, report, reset, plan, history, export, preset, watch.",
                "kiosk: -c #6: Unknown subcommand 'remov' for 'stock'. Use one of: set, add, remove, fill, reset.",
                "kiosk: -c #7: Unknown command 'ordr'. Did you mean 'order'?",
            ])
        for line in run.stderrLines {
            for word in ["exit", "quit", "reset", "remove", "clear"] {
                #expect(!line.contains("Did you mean '\(word)") && !line.contains(" \(word)'?"), "\(line)")
            }
        }
        let json = try await KioskBinary.run(["--in-memory", "--json", "-c", "export"])
        #expect(
            json.stderrLines.first?.hasPrefix(
                #"{"type":"error","code":"unknown_command","command":"export","suggestion":"sales export","suggestions":["sales export","bank export"],"#
            )
                == true, "\(json.stderr)")
    }

    @Test("help and completion know sales export")
    func helpAndCompletion() async throws {
        let help = try await KioskBinary.run(["--in-memory", "-c", "help sales export", "-c", "help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdoutLines.first == "Usage: sales export <file> [day] [--all] [--from <day>] [--to <day>]")
        #expect(help.stdoutLines.contains { $0.hasPrefix("  sales export") || $0.hasPrefix("sales export") })
        #expect(!help.stdoutLines.contains { $0.hasSuffix(" ") }, "trailing spaces in help")
        let completion = try await KioskBinary.run(
            ["---completion", "--", "positional@0", "2", "2", "kiosk", "sales", "ex"],
            environment: ["SAP_SHELL": "bash"])
        #expect(completion.stdoutLines == ["'export'"], "\(completion.stdout)\(completion.stderr)")
    }
}

/// `sales export` on a database several kiosks share: each row names the kiosk that took it.
@Suite(
    "Sales export on PostgreSQL", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: TestPostgres.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresSalesExportTests {
    @Test("two kiosks' orders, one row each, each naming its kiosk; the JSON Lines file too")
    func twoKiosks() async throws {
        let sandbox = try Sandbox()
        let database = try TestPostgres.Database()
        let first = try await KioskBinary.run(["--database", database.socket, "-c", "order banana"], home: sandbox)
        #expect(first.status == 0, "\(first.stderr)")
        let csv = sandbox.path + "/shared.csv"
        let jsonl = sandbox.path + "/shared.jsonl"
        let second = try await KioskBinary.run(
            [
                "--database", database.tcp, "-c", "order kiwi 2", "-c", "sales export \(csv)",
                "-c", "sales export \(jsonl) --all",
            ], home: sandbox)
        #expect(second.status == 0, "\(second.stderr)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(rows.count == 3)
        #expect(rows.dropFirst().map { $0[1] } == ["banana", "kiwi"])
        let kiosks = rows.dropFirst().map { $0[3] }
        #expect(kiosks.allSatisfy { !$0.isEmpty } && Set(kiosks).count == 2, "\(kiosks)")
        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains(#""kiosk":""#) })
    }
}

/// `sales export yesterday`: the file forgotten, the day in its place.
@Suite("Sales export without its file", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct SalesExportDayForFileTests {
    @Test(
        "a day where the file goes (the file forgotten) is refused with the usage, and no file is made",
        arguments: [("yesterday", "en"), ("today", "en"), ("어제", "ko"), ("그제", "en")])
    func dayForFile(day: String, language: String) async throws {
        let sandbox = try Sandbox()
        let run = try await runShell(
            "cd \(shellQuoted(sandbox.path)) && \"$KIOSK\" --in-memory --lang \(language) -c 'sales export \(day)'",
            sandbox: sandbox)
        #expect(run.status == 1)
        let expected =
            language == "ko"
            ? "kiosk: -c: <file>가 빠졌어요: '\(day)'는 날짜입니다. 파일 이름을 먼저, 날짜를 그 뒤에 쓰세요: '판매 내보내기 sales.csv \(day)'."
            : "kiosk: -c: Missing <file>: '\(day)' is a day. Name the file first, then the day: 'sales export sales.csv \(day)'."
        #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
        #expect(run.stderr.contains("sales export <file> [day]"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path).allSatisfy { !$0.hasPrefix(day) })
        let json = try await KioskBinary.run(["--in-memory", "--json", "-c", "sales export yesterday"], home: sandbox)
        #expect(
            json.stderr.hasPrefix(#"{"type":"error","code":"missing_argument","argument":"file","given":"yesterday","#),
            "\(json.stderr)")
    }
}
