import Foundation
import Testing

/// `bank watch` in a real terminal under tmux, and `events` / `--events` around it.
@Suite(
    "Live view", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct LiveViewTests {
    /// Starts kiosk in tmux with the terminal's settings saved first; when kiosk exits, the
    /// pane shows its exit status and whether the settings are the same as before.
    static func start(
        _ sandbox: Sandbox, arguments: [String], width: Int = 100, height: Int = 30,
        environment extra: [String: String] = [:]
    ) throws -> Tmux {
        let environment = sandbox.environment.merging(extra) { $1 }.map { "\($0.key)=\(shellQuoted($0.value))" }
            .sorted().joined(
                separator: " ")
        let kiosk = ([KioskBinary.path] + arguments).map(shellQuoted).joined(separator: " ")
        let saved = shellQuoted(sandbox.path + "/stty-before")
        let afterwards =
            #"status=$?; if [ "$(stty -g)" = "$(cat "# + saved
            + #")" ]; then same=yes; else same=no; fi; echo "EXIT=$status STTY-SAME=$same"; sleep 600"#
        return try Tmux(
            "stty -g > \(saved); env -i TERM=tmux-256color \(environment) \(kiosk); \(afterwards)", width: width,
            height: height)
    }

    static func hasPrompt(_ rows: [String]) -> Bool { rows.contains { $0.hasPrefix("kiosk>") } }
    static func isWatching(_ rows: [String]) -> Bool { rows.first?.hasPrefix(" Bank  business") == true }

    /// The header's totals: waiting, in service, served.
    static func totals(_ rows: [String]) -> (waiting: Int, inService: Int, served: Int)? {
        guard let header = rows.first, header.hasPrefix(" Bank  business") else { return nil }
        let numbers = header.split(separator: "·").map { part in
            Int(
                part.split(separator: " ").last { Int($0.replacingOccurrences(of: ",", with: "")) != nil }?
                    .replacingOccurrences(of: ",", with: "") ?? "")
        }
        guard numbers.count == 3, let waiting = numbers[0], let inService = numbers[1], let served = numbers[2]
        else { return nil }
        return (waiting, inService, served)
    }

    static func watch(_ tmux: Tmux, opening customers: Int) async throws {
        try await tmux.waitFor("the prompt", hasPrompt)
        try tmux.type("bank open \(customers)")
        try tmux.send("Enter")
        try tmux.type("bank watch")
        try tmux.send("Enter")
        try await tmux.waitFor("the live view", isWatching)
    }

    @Test("frames show a customer waiting, then at a clerk, then served")
    func customerMoves() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--seed", "7", "--speed", "2"])
        try await Self.watch(tmux, opening: 12)
        let first = try tmux.screen()
        // The first ticket in the deposit line.
        let line = try #require(first.first { $0.hasPrefix("   waiting ") && $0.contains("#") })
        let ticket = try #require(line.split(separator: " ").first { $0.hasPrefix("#") })
        try await tmux.waitFor("\(ticket) at a clerk") { rows in
            rows.contains { $0.hasPrefix("   clerk ") && $0.contains(" \(ticket) ") && $0.contains("[") }
        }
        let served = try await tmux.waitFor("\(ticket) served") { rows in
            rows.contains { $0.contains("] \(ticket) ") && $0.contains("finished") }
        }
        #expect(!served.contains { $0.hasPrefix("   waiting ") && $0.contains("\(ticket) ") })
        try await tmux.waitFor("every customer served") { Self.totals($0).map { $0.served == 12 } ?? false }
        try tmux.send("q")
        try await tmux.waitFor("the prompt again") { rows in rows.last { !$0.isEmpty } == "kiosk>" }
    }

    @Test("a adds 10 customers, A adds 100, r asks before it resets")
    func keys() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--seed", "7", "--speed", "0.2"])
        try await Self.watch(tmux, opening: 5)
        func everyone(_ rows: [String]) -> Int? { Self.totals(rows).map { $0.waiting + $0.inService + $0.served } }
        try await tmux.waitFor("5 customers") { everyone($0) == 5 }
        try tmux.send("a")
        try await tmux.waitFor("15 customers") { everyone($0) == 15 }
        try tmux.send("A")
        try await tmux.waitFor("115 customers") { everyone($0) == 115 }
        try tmux.send("r")
        try await tmux.waitFor("the question") { $0.contains { $0.contains("Reset the bank, sending away") } }
        try tmux.send("n")
        try await tmux.waitFor("the bank kept") { $0.contains(" The bank was not reset.") }
        #expect(everyone(try tmux.screen()) == 115)
        try tmux.send("r")
        try await tmux.waitFor("the question again") { $0.contains { $0.contains("Reset the bank, sending away") } }
        try tmux.send("y")
        try await tmux.waitFor("an empty bank") {
            everyone($0) == 0 && $0[0].contains("business 00:00.000")
        }
        try tmux.send("q")
        try await tmux.waitFor("the prompt again", Self.hasPrompt)
    }

    @Test("loans are purple in the view; NO_COLOR leaves it without any colour")
    func colours() async throws {
        let coloured = try Self.start(try Sandbox(), arguments: ["--in-memory", "--seed", "7", "--speed", "0.2"])
        try await Self.watch(coloured, opening: 20)
        let styled = try coloured.styledScreen()
        // tmux reports the 256-colour purple as it was set.
        #expect(styled.contains("\u{1B}[38;5;135m"))

        let plain = try Self.start(
            try Sandbox(), arguments: ["--in-memory", "--seed", "7", "--speed", "0.2"], environment: ["NO_COLOR": "1"])
        try await Self.watch(plain, opening: 20)
        #expect(!(try plain.styledScreen()).contains("\u{1B}["))
    }

    @Test("a resize draws the whole view again at the new size")
    func resize() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--seed", "7", "--speed", "0.5"])
        try await Self.watch(tmux, opening: 400)
        try await tmux.waitFor("the rule across 100 columns") { $0.count > 1 && $0[1].count == 100 }
        try tmux.resize(width: 70, height: 20)
        let narrow = try await tmux.waitFor("the view at 70 × 20, its lines cut short") { rows in
            rows.count >= 20 && rows[1].count == 70 && rows[19].contains("a add 10")
                && rows.contains { $0.hasSuffix(" more") }
        }
        #expect(narrow.allSatisfy { $0.count <= 70 })
        try tmux.resize(width: 120, height: 40)
        try await tmux.waitFor("the view at 120 × 40") { rows in
            rows.count >= 40 && rows[1].count == 120 && rows[39].contains("a add 10")
        }
        try tmux.send("q")
        try await tmux.waitFor("the prompt again", Self.hasPrompt)
    }

    enum WayOut: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case q, escape, controlC, sigterm, sighup
        /// A crash: SIGSEGV from outside stands in for a fault in a command.
        case crash
        var testDescription: String { rawValue }
    }

    @Test("every way out puts the terminal back as it was", arguments: WayOut.allCases)
    func restoresTerminal(_ way: WayOut) async throws {
        let sandbox = try Sandbox()
        // Without the backtracer's interactive prompt, which would wait for a key after a crash.
        let tmux = try Self.start(
            sandbox, arguments: ["--in-memory", "--seed", "7"], environment: ["SWIFT_BACKTRACE": "enable=no"])
        try await Self.watch(tmux, opening: 30)
        #expect(try tmux.pane("#{alternate_on} #{cursor_flag}") == "1 0")
        switch way {
        case .q: try tmux.send("q")
        case .escape: try tmux.send("Escape")
        case .controlC: try tmux.send("C-c")
        case .sigterm, .sighup, .crash:
            let kiosk = try #require(TerminalTests.child(of: try tmux.panePID()), "kiosk's process was not found")
            kill(kiosk, way == .sigterm ? SIGTERM : way == .sighup ? SIGHUP : SIGSEGV)
        }
        switch way {
        case .q, .escape, .controlC:
            try await tmux.waitFor("the prompt, as it was") { rows in rows.last { !$0.isEmpty } == "kiosk>" }
            // Bank events that came meanwhile may have scrolled the command off the screen.
            let rows = try tmux.screen(scrollback: true)
            #expect(rows.contains("kiosk> bank watch"))
            #expect(rows.contains { $0.hasPrefix("Bank open · business time") })
            #expect(try tmux.pane("#{alternate_on} #{cursor_flag}") == "0 1")
            // The prompt reads lines again, the bank having gone on serving.
            try tmux.type("bank status")
            try tmux.send("Enter")
            try await tmux.waitFor("bank status") { $0.contains { $0.hasPrefix("Desk ") } }
            // With customers still at the bank the first Ctrl-D warns; the second leaves.
            try tmux.send("C-d")
            try await tmux.waitFor("the warning") { $0.contains { $0.hasPrefix("The bank still has ") } }
            try await tmux.waitFor("the prompt after the warning") { $0.last { !$0.isEmpty } == "kiosk>" }
            try tmux.send("C-d")
            let done = try await tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
            #expect(done.contains("EXIT=0 STTY-SAME=yes"))
        case .sigterm, .sighup, .crash:
            let done = try await tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
            let status = way == .sigterm ? 143 : way == .sighup ? 129 : 128 + Int(SIGSEGV)
            #expect(done.contains("EXIT=\(status) STTY-SAME=yes"))
        }
        #expect(try tmux.pane("#{alternate_on} #{cursor_flag}") == "0 1")
    }

    @Test("F2 opens the view from a half-typed line, and the line comes back with its cursor")
    func watchKeepsTypedLine() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--seed", "7", "--speed", "0.5"])
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.type("bank open 5")
        try tmux.send("Enter")
        try tmux.type("order mang")
        try tmux.send("Left")
        try await tmux.waitFor("the typed line") { $0.contains("kiosk> order mang") }
        try tmux.send("F2")
        try await tmux.waitFor("the live view", Self.isWatching)
        try tmux.send("q")
        let rows = try await tmux.waitFor("the line again") { rows in rows.last { !$0.isEmpty } == "kiosk> order mang" }
        #expect(rows.contains("kiosk> bank watch"))
        #expect(try tmux.cursor().column == "kiosk> order man".count)
        try tmux.send("End")
        try tmux.type("o")
        try tmux.send("Enter")
        try await tmux.waitFor("the whole line's result") { $0.contains("Made 1 Mango Juice.") }
    }

    @Test("Ctrl-Z in the view hands the shell a normal terminal, and fg draws the view again")
    func suspendAndResume() async throws {
        let sandbox = try Sandbox()
        let environment = sandbox.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(
            separator: " ")
        let tmux = try Tmux("env -i TERM=tmux-256color \(environment) PS1='$ ' bash --norc --noprofile -i")
        try await tmux.waitFor("the shell") { $0.contains("$") }
        try tmux.type("\(shellQuoted(KioskBinary.path)) --in-memory --seed 7")
        try tmux.send("Enter")
        try await Self.watch(tmux, opening: 30)
        try tmux.send("C-z")
        try await tmux.waitFor("the job to stop") { $0.contains { $0.contains("Stopped") } }
        #expect(try tmux.pane("#{alternate_on} #{cursor_flag}") == "0 1")
        try tmux.type("stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo)' | tr '\\n' ' '; echo")
        try tmux.send("Enter")
        try await tmux.waitFor("the shell's terminal modes") { $0.contains("icanon echo") }
        try tmux.type("fg")
        try tmux.send("Enter")
        try await tmux.waitFor("the view again", Self.isWatching)
        try tmux.send("q")
        try await tmux.waitFor("the prompt") { rows in rows.last { !$0.isEmpty } == "kiosk>" }
    }

    @Test("the prompt remembers `events summary` for the next session")
    func remembersEvents() async throws {
        let sandbox = try Sandbox()
        let first = try Self.start(sandbox, arguments: ["--in-memory", "--seed", "7", "--speed", "5"])
        try await first.waitFor("the prompt", Self.hasPrompt)
        try first.type("events summary")
        try first.send("Enter")
        try await first.waitFor("the choice") { $0.contains { $0.hasPrefix("Bank events: summary") } }
        try first.type("bank open 30")
        try first.send("Enter")
        let summarized = try await first.waitFor("a summary line") { $0.contains { $0.hasPrefix("bank: ") } }
        #expect(!summarized.contains { $0.contains("started at") })
        // With customers still at the bank the first Ctrl-D warns; the second leaves.
        try first.send("C-d")
        try await first.waitFor("the warning") { $0.contains { $0.hasPrefix("The bank still has ") } }
        try await first.waitFor("the prompt after the warning") { $0.last { !$0.isEmpty } == "kiosk>" }
        try first.send("C-d")
        try await first.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }

        let second = try Self.start(sandbox, arguments: ["--in-memory"])
        try await second.waitFor("the prompt", Self.hasPrompt)
        try second.type("events")
        try second.send("Enter")
        try await second.waitFor("the remembered choice") { $0.contains { $0.hasPrefix("Bank events are summary") } }
        #expect(
            try String(contentsOfFile: sandbox.path + "/state/kiosk/settings", encoding: .utf8) == "events = summary\n")
    }

    @Test("without a terminal, bank watch is refused with a clear error")
    func refusedWithoutTerminal() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "bank watch"])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "kiosk: -c: 'bank watch' draws on a terminal, and standard output is not one. Use 'bank status', or --json for every event.\n"
        )
        let json = try await KioskBinary.run(["--in-memory", "--json"], input: "bank watch\n")
        #expect(json.stderrLines.first?.hasPrefix(#"{"type":"error","code":"not_a_terminal""#) == true)
    }

    @Test("--events off prints only the closing summary; summary prints totals instead of events")
    func eventsFlag() async throws {
        let off = try await KioskBinary.run(
            ["--in-memory", "--seed", "3", "--speed", "50", "--events", "off", "-c", "bank open 8", "-c", "bank wait"])
        #expect(off.status == 0)
        #expect(!off.stdout.contains("started at") && !off.stdout.contains("finished at"))
        #expect(off.stdoutLines.first?.hasPrefix("Bank open: 8 customers") == true)
        #expect(off.stdoutLines.contains { $0.hasPrefix("Bank closed: served 8 customers") })

        let summary = try await KioskBinary.run(
            [
                "--in-memory", "--seed", "3", "--speed", "4", "--events", "summary", "-c", "bank open 12", "-c",
                "bank wait",
            ])
        #expect(!summary.stdout.contains("started at"))
        let lines = summary.stdoutLines.filter { $0.hasPrefix("bank: ") }
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.contains(" waiting · ") && $0.contains(" served · ") })

        let json = try await KioskBinary.run(
            ["--in-memory", "--seed", "3", "--speed", "50", "--json", "-c", "bank open 4", "-c", "bank wait"])
        #expect(json.stdout.contains(#""event":"service_started""#))
    }
}
