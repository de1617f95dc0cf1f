import Foundation
import Testing

/// The binary without a terminal: piped standard input, `-c`, `--file`, exit codes, JSON.
@Suite("Script mode", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct ScriptModeTests {
    static let stockTable = """
        fruit       name        stock  max
        strawberry  Strawberry     10  100
        banana      Banana         10  100
        pineapple   Pineapple      10  100
        kiwi        Kiwi           10  100
        mango       Mango          10  100

        """

    @Test("runs the lines on standard input and prints their results")
    func pipedInput() async throws {
        let run = try await KioskBinary.run(["--in-memory"], input: "stock\n")
        #expect(run.stdout == Self.stockTable)
        #expect(run.stderr == "")
        #expect(run.status == 0)
    }

    @Test("reports a failing line with its number, goes on, and exits 1")
    func failingLines() async throws {
        let input = """
            # restock, then sell
            stock add mango 5

            ordr banana
            stock set kiwi 500
            order banana
            """
        let run = try await KioskBinary.run(["--in-memory"], input: input + "\n")
        #expect(
            run.stderrLines == [
                "kiosk: line 4: Unknown command 'ordr'. Did you mean 'order'?",
                "kiosk: line 5: \(try #require(run.stderrLines.last?.dropFirst("kiosk: line 5: ".count)))",
            ])
        #expect(run.stderrLines.last?.contains("500") == true)
        #expect(run.stdout.contains("Made 1 Banana Juice."))
        #expect(run.status == 1)
    }

    @Test("--bail stops at the first failing line")
    func bail() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--bail"], input: "stock add mango 1\nnope\norder banana\n")
        #expect(run.stderrLines == ["kiosk: line 2: Unknown command 'nope'. Type 'help' to list commands."])
        #expect(!run.stdout.contains("Banana Juice"))
        #expect(run.status == 1)
    }

    @Test("--json prints one JSON object per line: results and events out, errors on stderr")
    func json() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--json"], input: "order banana\nstock\nordr\n")
        let objects = try run.stdoutLines.map(Self.object)
        #expect(objects.map { $0["type"] as? String } == ["event", "event", "result", "result"])
        #expect(objects[0]["event"] as? String == "stock_changed")
        #expect(objects[0]["fruit"] as? String == "banana")
        #expect(objects[0]["old"] as? Int == 10)
        #expect(objects[0]["new"] as? Int == 8)
        #expect(objects[1]["event"] as? String == "juice_served")
        #expect(objects[2]["command"] as? String == "order")
        #expect((objects[3]["stock"] as? [String: Any])?["banana"] as? Int == 8)

        let errors = try run.stderrLines.map(Self.object)
        #expect(errors.count == 1)
        #expect(errors.first?["type"] as? String == "error")
        #expect(errors.first?["code"] as? String == "unknown_command")
        #expect(errors.first?["location"] as? String == "line 3")
        #expect((errors.first?["message"] as? String)?.contains("'ordr'") == true)
        #expect(run.status == 1)
    }

    @Test("-c runs each command in order, then exits")
    func commands() async throws {
        let run = try await KioskBinary.run([
            "--in-memory", "-c", "stock set mango 3", "-c", "nope", "-c", "help stock",
        ])
        #expect(run.stdout.contains("mango 10 -> 3") || run.stdout.contains("Mango"))
        #expect(run.stdout.contains("Usage: stock"))
        #expect(run.stderrLines == ["kiosk: -c #2: Unknown command 'nope'. Type 'help' to list commands."])
        #expect(run.status == 1)
    }

    @Test("with --in-memory, the database opens at the first line that needs it: help first changes nothing")
    func inMemoryOpensOnFirstUse() async throws {
        let run = try await KioskBinary.run([
            "--in-memory", "-c", "help", "-c", "order banana", "-c", "stock", "-c", "bank history", "-c", "sales",
        ])
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout.contains("Type 'help <command>' for its arguments and examples."))
        #expect(run.stdout.contains("Made 1 Banana Juice."))
        #expect(run.stdout.contains("banana      Banana          8  100"))
    }

    @Test("--file runs a script and names it in errors")
    func scriptFile() async throws {
        let sandbox = try Sandbox()
        let script = try sandbox.file("restock.kiosk", contents: "stock add kiwi 2\n\nnope")
        let run = try await KioskBinary.run(["--in-memory", "--file", script], home: sandbox)
        #expect(run.stdout.contains("Kiwi: 10 -> 12"))
        #expect(run.stderrLines == ["kiosk: \(script): line 3: Unknown command 'nope'. Type 'help' to list commands."])
        #expect(run.status == 1)
    }

    @Test("a --file that cannot be read is bad usage, exit 64")
    func missingScript() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--file", "/nonexistent/script"])
        #expect(run.stderr == "kiosk: Cannot read script '/nonexistent/script': no such file.\n")
        #expect(run.status == 64)
        let korean = try await KioskBinary.run(["--in-memory", "--lang", "ko", "--file", "/nonexistent/script"])
        #expect(korean.stderr == "kiosk: 스크립트 '/nonexistent/script'를 읽을 수 없습니다: 파일이 없습니다.\n")
        #expect(korean.status == 64)
    }

    @Test(
        "an unknown flag or a bad flag value exits 64",
        arguments: [
            ["--bogus"], ["--speed", "0"], ["--speed", "1e-21"], ["--speed", "1e300"], ["--speed", "nan"],
            ["--speed", "-1"], ["-c"], ["-c", "x", "--file", "y"], ["--in-memory", "--data-dir", "/tmp"],
        ])
    func badUsage(arguments: [String]) async throws {
        let run = try await KioskBinary.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains("Error:") || run.stderr.contains("Usage:"))
        #expect(run.stdout == "")
    }

    @Test("with --json, a usage error is a JSON error too")
    func badUsageJSON() async throws {
        let run = try await KioskBinary.run(["--json", "--bogus"])
        #expect(run.status == 64)
        let error = try Self.object(try #require(run.stderrLines.first))
        #expect(error["type"] as? String == "error")
        #expect(error["code"] as? String == "bad_usage")
        #expect((error["message"] as? String)?.contains("--bogus") == true)
    }

    @Test("a bad config stops kiosk before it starts: file, line and key, exit 78")
    func badConfig() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file("bad.toml", contents: Self.badConfig)
        let run = try await KioskBinary.run(["--config", config, "-c", "menu"], home: sandbox)
        #expect(run.status == 78)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("kiosk: \(config):5: "))
        #expect(run.stderr.contains("'maximum'"))
    }

    @Test("with --json, a bad config is a JSON error with the file and line")
    func badConfigJSON() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file("bad.toml", contents: Self.badConfig)
        let run = try await KioskBinary.run(["--json", "--config", config], input: "menu\n", home: sandbox)
        #expect(run.status == 78)
        let error = try Self.object(try #require(run.stderrLines.first))
        #expect(error["code"] as? String == "bad_config")
        #expect(error["file"] as? String == config)
        #expect(error["line"] as? Int == 5)
    }

    @Test("quit and exit stop reading the script", arguments: ["quit", "exit"])
    func quit(word: String) async throws {
        let run = try await KioskBinary.run(["--in-memory"], input: "stock set mango 1\n\(word)\nnope\n")
        #expect(run.stderr == "")
        #expect(run.status == 0)
    }

    @Test("runs a last line that has no newline, and ends at the end of input")
    func lastLine() async throws {
        let run = try await KioskBinary.run(["--in-memory"], input: "stock")
        #expect(run.stdout == Self.stockTable)
        #expect(run.status == 0)
        let empty = try await KioskBinary.run(["--in-memory"], input: "")
        #expect(empty.stdout == "" && empty.stderr == "" && empty.status == 0)
    }

    @Test("history lists the history file")
    func history() async throws {
        let sandbox = try Sandbox()
        try sandbox.file("state/kiosk/history", contents: "menu\norder mango\n")
        let run = try await KioskBinary.run(["--in-memory"], input: "history\n", home: sandbox)
        #expect(run.stdout == "1  menu\n2  order mango\n")
        // A script does not add to the history.
        #expect(try String(contentsOfFile: sandbox.historyFile, encoding: .utf8) == "menu\norder mango\n")
    }

    @Test("no colour codes in a pipe, even with a terminal type set")
    func noColourInPipes() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory"], input: "order strawberry\nstock\n", environment: ["TERM": "xterm-256color"])
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(run.status == 1)
    }

    @Test("names from the config reach the output with control characters escaped")
    func sanitizedNames() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file(
            "odd.toml",
            contents: """
                [[fruit]]
                id = "mango"
                name = "Man\\u001b]0;pwned\\u0007go"
                initial = 10
                max = 100

                [[juice]]
                id = "mango"
                name = "Mango\\u001b[2J Juice"
                recipe = { mango = 3 }

                [bank]
                customers_min = 1
                customers_max = 2

                [[bank.desk]]
                task = "deposit"
                name = "Deposits"
                clerks = 1
                service_ms = 700
                """)
        let run = try await KioskBinary.run(
            ["--in-memory", "--config", config], input: "menu\nstock\norder mango 9\n", home: sandbox)
        try #require(run.status != 78, "the config was rejected: \(run.stderr)")
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(run.stdout.contains("\\u{1b}"))
    }

    @Test("at the end of input the bank finishes its customers and prints the summary")
    func finishesBankWork() async throws {
        let run = try await KioskBinary.run(["--in-memory", "--speed", "200", "--seed", "3"], input: "bank open 6\n")
        #expect(run.status == 0)
        // The summary's last lines: the closing line, then a line of waits per task served.
        let closing = try #require(run.stdoutLines.lastIndex { $0.hasPrefix("Bank closed: served 6 customers") })
        #expect(run.stdoutLines[(closing + 1)...].allSatisfy { $0.hasPrefix("  ") && $0.contains(" waited, ") })
        #expect(run.stdoutLines.count - closing - 1 == 2)
        #expect(run.stdoutLines.filter { $0.contains(" finished at ") }.count == 6)
    }

    @Test("--json bank events carry bank time, not wall-clock time")
    func bankJSON() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--json", "--speed", "500", "--seed", "3"], input: "bank add 4 deposit\n")
        let events = try run.stdoutLines.map(Self.object).filter { $0["type"] as? String == "event" }
        let idle = try #require(events.last)
        #expect(idle["event"] as? String == "bank_idle")
        #expect(idle["served"] as? Int == 4)
        // Two deposit clerks, 700 bank-ms each: two rounds, in about 3 ms of real time.
        let business = try #require(idle["business_ms"] as? Int)
        #expect(business >= 1_400)
        let finished = events.filter { $0["event"] as? String == "service_finished" }.compactMap { $0["at_ms"] as? Int }
        #expect(finished.count == 4)
        #expect(finished.allSatisfy { $0 >= 700 })
    }

    @Test("the slowest and the fastest --speed run the bank without trapping")
    func speedBounds() async throws {
        let slowest = try await KioskBinary.run([
            "--in-memory", "--speed", "0.001", "-c", "bank open 1", "-c", "bank reset",
        ])
        #expect(slowest.status == 0)
        let fastest = try await KioskBinary.run(["--in-memory", "--speed", "1000000", "-c", "bank open 20"])
        #expect(fastest.status == 0)
        #expect(fastest.stdout.contains("Bank closed: served 20 customers"))
    }

    @Test("while the bank streams, each order's events and result come out in one order, every time")
    func orderWhileBankStreams() async throws {
        for _ in 0..<3 {
            let run = try await KioskBinary.run([
                "--json", "--in-memory", "--speed", "1000000", "-c", "bank add 200000", "-c", "order banana", "-c",
                "order banana",
            ])
            #expect(run.status == 0)
            let shop = run.stdoutLines.filter {
                $0.contains(#""event":"stock_changed""#) || $0.contains(#""event":"juice_served""#)
                    || $0.contains(#""command":"order""#)
            }
            #expect(shop.count == 6)
            for (index, line) in shop.enumerated() {
                switch index % 3 {
                case 0: #expect(line.contains(#""event":"stock_changed""#))
                case 1: #expect(line.contains(#""event":"juice_served""#))
                default: #expect(line.contains(#""command":"order""#))
                }
            }
            #expect(run.stdoutLines.last?.contains(#""event":"bank_idle""#) == true)
        }
    }

    @Test("--version prints the version")
    func version() async throws {
        let run = try await KioskBinary.run(["--version"])
        #expect(run.stdout.hasPrefix("kiosk "))
        #expect(run.status == 0)
    }

    static let badConfig = """
        [[fruit]]
        id = "mango"
        name = "Mango"
        initial = 10
        maximum = 100

        """

    static func object(_ line: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(value as? [String: Any], "not a JSON object: \(line)")
    }
}
