import Foundation
import Testing

/// A shop day through the real binary without a terminal: names of several words,
/// aliases shown, restocking in one command, sales of another day, trailing comments,
/// command words after the flags, flag errors, shell completion and the man page.
@Suite("Shop day", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct ShopDayEndToEndTests {
    // MARK: 1. Names with spaces

    @Test("juices named by several words are ordered without quotes, the longest name first")
    func namesWithSpaces() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "-c", "order mango kiwi 2", "-c", "order strawberry banana", "-c", "order Mango Kiwi"])
        #expect(
            run.stdoutLines.filter { $0.hasPrefix("Made") } == [
                "Made 2 Mango-Kiwi Juice.", "Made 1 Strawberry-Banana Juice.", "Made 1 Mango-Kiwi Juice.",
            ])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("help order explains how names of several words are read")
    func helpExplainsNames() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "help order"])
        #expect(run.stdout.contains("the longest run of words that names a juice is taken"))
        #expect(run.stdout.contains("Quote a name to stop at it."))
    }

    // MARK: 2. Aliases

    @Test("menu, help order and the unknown-juice error show the aliases")
    func aliasesShown() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "menu", "-c", "help order", "-c", "order durian"])
        #expect(run.stdout.contains("ddalgi (strawberry)"))
        #expect(run.stdout.contains(#"mangki, "mango kiwi", 망키쥬스, 망키 (mango-kiwi)"#))
        #expect(run.stdout.contains(#"strawberry-banana ("Strawberry-Banana Juice", "#))
        #expect(run.stdout.contains(#"ddalba, "strawberry banana""#))
        let error = try #require(run.stderrLines.first)
        #expect(error.hasPrefix("kiosk: -c #3: Unknown juice 'durian'. Choose one of: strawberry"))
        #expect(error.contains(#"mango-kiwi ("Mango-Kiwi Juice", mangki, "mango kiwi", 망키쥬스, 망키)"#))
    }

    @Test("help order's examples name juices of the loaded menu")
    func examplesFromTheMenu() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file(
            "orchard.toml",
            contents: """
                [[fruit]]
                id = "apple"
                name = "Apple"
                initial = 10
                max = 50

                [[juice]]
                id = "cider"
                name = "Apple Cider"
                aliases = ["sweet cider"]
                recipe = { apple = 2 }

                [bank]
                customers_min = 1
                customers_max = 5

                [[bank.desk]]
                task = "deposit"
                name = "Deposit"
                clerks = 1
                service_ms = 100
                """)
        let run = try await KioskBinary.run(
            ["--config", config, "--in-memory", "-c", "help order", "-c", "help stock"], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        let examples = run.stdoutLines.filter { $0.hasPrefix("  order ") || $0.hasPrefix("  stock ") }
        #expect(examples.contains("  order cider 2"))
        #expect(examples.contains("  order sweet cider 2"))
        #expect(examples.contains("  stock add apple 5"))
        for juice in ["banana", "mango", "strawberry", "kiwi"] {
            #expect(!run.stdout.contains(juice), "help names \(juice), which this menu does not have")
        }
    }

    // MARK: 3. Restocking

    @Test("stock add of several fruits is one edit, all or nothing; stock fill fills to the max")
    func restocking() async throws {
        let run = try await KioskBinary.run(
            [
                "--in-memory", "--json", "-c", "stock add kiwi 5 mango 5", "-c", "stock add kiwi 5 mango 95",
                "-c", "stock fill banana", "-c", "stock",
            ])
        let lines = run.stdoutLines.filter { $0.hasPrefix(#"{"type":"result""#) }
        #expect(
            lines.first
                == #"{"type":"result","command":"stock add","changes":[{"fruit":"kiwi","old":10,"new":15},{"fruit":"mango","old":10,"new":15}],"stock":{"strawberry":10,"banana":10,"pineapple":10,"kiwi":15,"mango":15}}"#
        )
        #expect(run.stderr.contains(#""code":"above_maximum","fruit":"mango""#))
        #expect(
            lines.dropFirst().first?.contains(
                #""command":"stock fill","changes":[{"fruit":"banana","old":10,"new":100}]"#) == true)
        #expect(lines.last?.contains(#""kiwi":15,"mango":15"#) == true, "the refused edit changed something")
        #expect(run.status == 1)
    }

    @Test("a restock of several fruits is stored as one commit and survives a restart")
    func restockingIsStored() async throws {
        let sandbox = try Sandbox()
        let first = try await KioskBinary.run(
            ["-c", "stock add kiwi 5 mango 5", "-c", "stock fill pineapple"], home: sandbox)
        #expect(
            first.stdoutLines == [
                "Stock changed in one go:", "  Kiwi: 10 -> 15 (max 100).", "  Mango: 10 -> 15 (max 100).",
                "Filled 1 shelf to its max.", "  Pineapple: 10 -> 100 (max 100).",
            ])
        let second = try await KioskBinary.run(["--json", "-c", "stock"], home: sandbox)
        #expect(second.stdout.contains(#""pineapple":100,"kiwi":15,"mango":15"#))
    }

    // MARK: 4. Sales of another day

    @Test("sales of a day and a range carry their dates in the header and in JSON; one juice is singular")
    func salesPeriods() async throws {
        let sandbox = try Sandbox()
        let today = Self.isoDay(Date())
        let run = try await KioskBinary.run(
            ["-c", "order banana", "-c", "sales", "-c", "sales yesterday", "-c", "sales --from yesterday --to today"],
            home: sandbox, environment: ["TZ": "UTC"])
        #expect(run.stdoutLines.contains("Sales, today (\(today)): 1 juice"))
        #expect(run.stdoutLines.contains { $0.hasPrefix("No orders on ") })
        #expect(run.stdoutLines.contains { $0.hasPrefix("Sales, from ") && $0.hasSuffix(" to \(today): 1 juice") })
        let json = try await KioskBinary.run(
            ["--json", "-c", "sales 2026-11-21", "-c", "sales --all"], home: sandbox, environment: ["TZ": "UTC"])
        #expect(
            json.stdoutLines.first
                == #"{"type":"result","command":"sales","period":"day","from":"2026-11-21","to":"2026-11-21","total":0,"juices":[],"fruit":{}}"#
        )
        #expect(
            json.stdoutLines.last?.hasPrefix(#"{"type":"result","command":"sales","period":"all","total":1,"#) == true)
        let bad = try await KioskBinary.run(["--in-memory", "-c", "sales 2026-02-30"])
        #expect(
            bad.stderrLines == [
                "kiosk: -c: <day> must be today, yesterday or a date as YYYY-MM-DD, not '2026-02-30'. Usage: sales [day] [--all] [--from <day>] [--to <day>]"
            ])
    }

    static func isoDay(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    // MARK: 8. Scripts and pipes

    @Test("a trailing comment is no argument, in scripts and -c alike")
    func trailingComments() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory"], input: "order banana # table 3, it's \"urgent\"\n  # only a note\norder 'kiwi' #2\n")
        #expect(run.stdoutLines.filter { $0.hasPrefix("Made") } == ["Made 1 Banana Juice.", "Made 1 Kiwi Juice."])
        #expect(run.stderr == "")
        #expect(run.status == 0)
    }

    @Test("words after the flags run as one command, quoted words kept whole")
    func commandWords() async throws {
        let run = try await KioskBinary.run(["--in-memory", "order", "mango kiwi", "2"])
        #expect(run.stdoutLines.first == "Made 2 Mango-Kiwi Juice.")
        let json = try await KioskBinary.run(["--in-memory", "--json", "sales", "--all"])
        #expect(
            json.stdoutLines == [
                #"{"type":"result","command":"sales","period":"all","total":0,"juices":[],"fruit":{}}"#
            ])
        let both = try await KioskBinary.run(["--in-memory", "-c", "menu", "stock"])
        #expect(both.status == 64)
        #expect(both.stderrLines.count == 1)
    }

    @Test("'classic' as the first word is kiosk's mode, not a command; flags may follow it")
    func classicIsAMode() async throws {
        let run = try await KioskBinary.run(["--in-memory", "classic", "menu"])
        #expect(run.stderrLines.count == 1)
        #expect(run.stderrLines.first?.contains("'menu'") == true)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        let mode = try await KioskBinary.run(["classic", "--in-memory", "--speed", "20"], input: "2\n")
        #expect(mode.status == 0, "\(mode.stderr)")
        #expect(mode.stdout.contains("1 : "))
    }

    @Test(
        "a bad flag value is one line naming it, exit 64",
        arguments: [
            (
                ["--speed", "-1"],
                "Error: --speed must be a number from 0.001 to 1000000, or max, not '-1'. Usage: kiosk [options] [command words...]; see 'kiosk --help'."
            ),
            (
                ["--speed", "1e-21"],
                "Error: --speed must be a number from 0.001 to 1000000, or max, not '1e-21'. Usage: kiosk [options] [command words...]; see 'kiosk --help'."
            ),
            (
                ["--speed=1e400"],
                "Error: --speed must be a number from 0.001 to 1000000, or max, not '1e400'. Usage: kiosk [options] [command words...]; see 'kiosk --help'."
            ),
            (
                ["--speed", "nan"],
                "Error: --speed must be a number from 0.001 to 1000000, or max, not 'nan'. Usage: kiosk [options] [command words...]; see 'kiosk --help'."
            ),
            (
                ["--seed", "-1"],
                "Error: --seed must be a whole number from 0 to 18446744073709551615, not '-1'. Usage: kiosk [options] [command words...]; see 'kiosk --help'."
            ),
            (
                ["--seed"],
                "Error: --seed needs a value: a whole number from 0 to 18446744073709551615. Usage: kiosk [options] [command words...]; see 'kiosk --help'."
            ),
            (
                ["--bogus"],
                "Error: Unknown option '--bogus'. Usage: kiosk [options] [command words...]; see 'kiosk --help'."
            ),
        ])
    func flagErrors(arguments: [String], line: String) async throws {
        let run = try await KioskBinary.run(["--in-memory"] + arguments + ["-c", "menu"])
        #expect(run.stderrLines == [line])
        #expect(run.status == 64)
        #expect(run.stdout == "")
    }

    @Test("errors are not painted when standard error is no terminal, nor results on a pipe")
    func noColourOnPipes() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "ordr"], environment: ["TERM": "xterm-256color"])
        #expect(!run.stderr.contains("\u{1B}["))
        #expect(run.stderrLines.first?.hasPrefix("kiosk: -c: Unknown command 'ordr'") == true)
    }

    @Test(
        "TZ as glibc reads it names the same zone as its name: days, and times in the export",
        arguments: [
            ":Pacific/Kiritimati", ":/usr/share/zoneinfo/Pacific/Kiritimati", "/usr/share/zoneinfo/Pacific/Kiritimati",
        ])
    func timeZoneSpellings(spelling: String) async throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Pacific/Kiritimati") else { return }
        let sandbox = try Sandbox()
        let named = try await KioskBinary.run(
            ["--in-memory", "--json", "-c", "sales"], environment: ["TZ": "Pacific/Kiritimati"])
        let spelled = try await KioskBinary.run(
            ["--in-memory", "--json", "-c", "sales", "-c", "order banana", "-c", "sales export \(sandbox.path)/x.csv"],
            environment: ["TZ": spelling])
        #expect(spelled.stderr.isEmpty, "\(spelled.stderr)")
        #expect(spelled.stdoutLines.first == named.stdoutLines.first)
        // Kiritimati is 14 hours ahead of UTC, all year.
        let export = try String(contentsOfFile: sandbox.path + "/x.csv", encoding: .utf8)
        #expect(export.contains("+14:00,banana,1,"), "\(export)")
    }

    @Test("a TZ that names no zone kiosk can read is a warning at start, and the days are UTC's")
    func unreadableTimeZone() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "sales"], environment: ["TZ": "ABC-14"])
        #expect(run.status == 0)
        #expect(
            run.stderrLines == [
                "kiosk: warning: TZ='ABC-14' names no time zone kiosk can read, so the days of 'sales' are counted in UTC. Name the zone (TZ=Asia/Seoul)."
            ])
        let utc = try await KioskBinary.run(["--in-memory", "-c", "sales"], environment: ["TZ": "UTC"])
        #expect(run.stdout == utc.stdout)
    }

    // MARK: 9. Shell integration

    @Test("--help names the environment variables kiosk reads")
    func helpNamesEnvironment() async throws {
        let run = try await KioskBinary.run(["--help"])
        for variable in [
            "KIOSK_CONFIG", "KIOSK_HISTFILE", "NO_COLOR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "PAGER",
            "TZ",
        ] {
            #expect(run.stdout.contains(variable), "\(variable)")
        }
        #expect(run.stdout.contains("<command words>"))
    }

    @Test("--help lays the environment out in two columns at the width it is read at", arguments: [60, 80, 120])
    func helpEnvironmentColumns(width: Int) async throws {
        let run = try await KioskBinary.run(["--help"], environment: ["COLUMNS": "\(width)", "KIOSK_LANG": "en"])
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "Environment:"))
        let end = try #require(lines[start...].firstIndex(of: ""))
        let entries = lines[(start + 1)..<end]
        #expect(entries.count > 12)
        for line in entries {
            #expect(line.count <= width, "\(line)")
            // A name in the first column, or its text wrapped under the second.
            #expect(
                line.hasPrefix("  ")
                    && (line.dropFirst(2).first != " " || line.hasPrefix(String(repeating: " ", count: 26))), "\(line)")
        }
        // Each entry's text reads whole once its lines are joined.
        let text = entries.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("How long to wait for a lost PostgreSQL server when --reconnect-window is not given"))
    }

    @Test("--help-man prints a man page with the options, the commands and the environment")
    func manPage() async throws {
        let run = try await KioskBinary.run(["--help-man"])
        #expect(run.stdout.hasPrefix(".TH KIOSK 1 "))
        for section in [
            ".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH COMMANDS", ".SH ENVIRONMENT", ".SH EXIT STATUS",
        ] {
            #expect(run.stdout.contains(section), "\(section)")
        }
        #expect(run.stdout.contains(#".B \-c, \-\-command <command>"#))
        #expect(run.stdout.contains(#".B stock add <fruit> <amount> ..."#))
        #expect(run.stdout.contains(".B KIOSK_HISTFILE"))
        #expect(run.status == 0)
    }

    @Test("the man page in the repository is the one the binary prints")
    func shippedManPage() async throws {
        let shipped = try String(contentsOfFile: KioskBinary.packageRoot + "/man/kiosk.1", encoding: .utf8)
        let printed = try await KioskBinary.run(["--help-man"]).stdout
        // The date line differs from day to day; the rest must not.
        #expect(shipped.split(separator: "\n").dropFirst() == printed.split(separator: "\n").dropFirst())
    }

    @Test(
        "the bash, zsh and fish scripts ask kiosk to complete -c and the command words",
        arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) async throws {
        let script = try await KioskBinary.run(["--generate-completion-script", shell])
        #expect(script.status == 0)
        #expect(script.stdout.contains("---completion -- --command"))
        #expect(script.stdout.contains("---completion -- positional@0"))
    }

    @Test("-c and the command words complete juices, fruits and tasks of the config in use")
    func completionCandidates() async throws {
        // What the scripts ask when Tab is pressed: the option, the word's index, the
        // cursor's offset in it, then the shell's words.
        let quoted = try await KioskBinary.run([
            "---completion", "--", "--command", "2", "14", "kiosk", "-c", "'order mango-k",
        ])
        #expect(quoted.stdoutLines == ["'order mango-kiwi"])
        let words = try await KioskBinary.run([
            "---completion", "--", "positional@0", "3", "1", "kiosk", "bank", "add", "l",
        ])
        #expect(words.stdoutLines == ["loan"])
        let sandbox = try Sandbox()
        let config = try sandbox.file(
            "orchard.toml",
            contents: """
                [[fruit]]
                id = "apple"
                name = "Apple"
                initial = 10
                max = 50

                [[juice]]
                id = "cider"
                name = "Apple Cider"
                recipe = { apple = 2 }

                [bank]
                customers_min = 1
                customers_max = 5

                [[bank.desk]]
                task = "deposit"
                name = "Deposit"
                clerks = 1
                service_ms = 100
                """)
        let custom = try await KioskBinary.run(
            ["---completion", "--", "positional@0", "5", "0", "kiosk", "--config", config, "stock", "fill", ""])
        #expect(custom.stdoutLines == ["apple"])
    }
}
