import Foundation
import Testing

/// The real REPL in a real terminal: tmux runs it detached at a fixed size; the tests type
/// keys and read the screen.
@Suite(
    "Terminal", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct TerminalTests {
    /// Starts kiosk in tmux; when it exits, the pane shows its exit status and the
    /// terminal's modes, and stays open for the test to read.
    static func start(_ sandbox: Sandbox, arguments: [String] = ["--in-memory"], width: Int = 100, height: Int = 30)
        throws -> Tmux
    {
        let environment = sandbox.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(
            separator: " ")
        let kiosk = ([KioskBinary.path] + arguments).map(shellQuoted).joined(separator: " ")
        let afterwards =
            #"echo "EXIT=$? MODES=$(stty -a | tr ' ;' '\n\n' | grep -xE -- '-?(icanon|echo|isig)' | tr '\n' ' ')"; sleep 600"#
        return try Tmux(
            "env -i TERM=tmux-256color \(environment) \(kiosk); \(afterwards)", width: width, height: height)
    }

    static func hasPrompt(_ rows: [String]) -> Bool { rows.contains { $0.hasPrefix("kiosk>") } }
    static func lastPrompt(_ rows: [String]) -> String? { rows.last { $0.hasPrefix("kiosk>") } }

    @Test("starts with a banner, then the prompt")
    func banner() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox)
        let rows = try await tmux.waitFor("the prompt", Self.hasPrompt)
        #expect(rows[0].hasPrefix("kiosk "))
        #expect(rows[0].contains("config: built-in default"))
        #expect(rows[0].contains("in memory"))
        #expect(rows[0].contains("Type 'help'"))
        #expect(rows[1] == "kiosk>")
    }

    @Test("Tab completes a command; a second Tab lists the candidates")
    func completion() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox)
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.type("he")
        try tmux.send("Tab")
        try await tmux.waitFor("he completed to help") { Self.lastPrompt($0) == "kiosk> help" }
        try tmux.send("Enter")
        try await tmux.waitFor("help's output") { $0.contains("Type 'help <command>' for its arguments and examples.") }

        try tmux.type("order mango")
        try tmux.send("Tab")
        try tmux.send("Tab")
        let rows = try await tmux.waitFor("the juices starting with mango") { rows in
            rows.contains { $0.contains("mango-kiwi") && $0.contains("mango-juice") }
        }
        #expect(Self.lastPrompt(rows) == "kiosk> order mango")
    }

    @Test("Ctrl-C abandons the line and the next line runs on its own")
    func interruptLine() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox)
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.type("stock set mango")
        try await tmux.waitFor("the typed line") { Self.lastPrompt($0) == "kiosk> stock set mango" }
        try tmux.send("C-c")
        let rows = try await tmux.waitFor("a fresh prompt") {
            $0.contains("kiosk> stock set mango^C") && Self.lastPrompt($0) == "kiosk>"
        }
        #expect(rows.filter { $0.hasPrefix("kiosk>") }.count == 2)
        try tmux.type("help help")
        try tmux.send("Enter")
        let after = try await tmux.waitFor("help help's output") { $0.contains("Usage: help [command]") }
        #expect(!after.contains { $0.contains("Unknown") })
    }

    @Test("a paste of several lines runs each of them in order")
    func pasteSeveralLines() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox)
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.paste("stock set mango 3\nhelp history")
        try tmux.send("Enter")
        let rows = try await tmux.waitFor("both results") { $0.contains("Usage: history [count]") }
        #expect(rows.contains("Mango: 10 -> 3 (max 100)."))
        #expect(!rows.contains { $0.contains("Unexpected") })
    }

    @Test("Ctrl-D exits 0, puts the terminal back, and saves the history privately")
    func endOfInput() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox)
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        for line in ["help", "help", " stock", "history"] {
            try tmux.type(line)
            try tmux.send("Enter")
        }
        let listed = try await tmux.waitFor("the history listing") { $0.contains("2  history") }
        #expect(listed.contains("1  help"))
        try tmux.send("C-d")
        let rows = try await tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
        let status = try #require(rows.first { $0.hasPrefix("EXIT=") })
        #expect(status.hasPrefix("EXIT=0 "))
        #expect(status.contains("MODES=isig icanon echo"))

        #expect(try String(contentsOfFile: sandbox.historyFile, encoding: .utf8) == "help\nhistory\n")
        #expect(try sandbox.mode(of: sandbox.historyFile) == 0o600)
        #expect(try sandbox.mode(of: sandbox.path + "/state/kiosk") == 0o700)
    }

    @Test("with --json, a history that cannot be saved is reported as a JSON error")
    func historyNotSavedAsJSON() async throws {
        let sandbox = try Sandbox()
        // A directory where the history file belongs: the file cannot be renamed into place.
        try FileManager.default.createDirectory(atPath: sandbox.historyFile, withIntermediateDirectories: true)
        // Tall enough that help's JSON line, which grows with every command, starts on screen.
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--json"], height: 60)
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.type("help")
        try tmux.send("Enter")
        try await tmux.waitFor("help's result") { $0.contains { $0.contains(#"{"type":"result","command":"help""#) } }
        try tmux.send("C-d")
        let rows = try await tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
        #expect(rows.contains { $0.hasPrefix(#"{"type":"error","code":"history_not_saved""#) })
        #expect(!rows.contains { $0.hasPrefix("kiosk: ") })
    }

    @Test("the Up arrow brings back a line from an earlier session")
    func recallsHistory() async throws {
        let sandbox = try Sandbox()
        try sandbox.file("state/kiosk/history", contents: "menu\nhelp stock\n")
        let tmux = try Self.start(sandbox)
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.send("Up")
        try await tmux.waitFor("the last line of the history") { Self.lastPrompt($0) == "kiosk> help stock" }
        try tmux.send("Up")
        try await tmux.waitFor("the line before it") { Self.lastPrompt($0) == "kiosk> menu" }
    }

    @Test("SIGTERM ends the session cleanly and puts the terminal back")
    func terminate() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox)
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.type("stock")
        try await tmux.waitFor("the typed line") { Self.lastPrompt($0) == "kiosk> stock" }
        let kiosk = try #require(Self.child(of: try tmux.panePID()), "kiosk's process was not found")
        kill(kiosk, SIGTERM)
        let rows = try await tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
        let status = try #require(rows.first { $0.hasPrefix("EXIT=") })
        #expect(status.hasPrefix("EXIT=143 "))
        #expect(status.contains("MODES=isig icanon echo"))
    }

    @Test("a partly typed line survives events printed above it, and Enter runs all of it")
    func typingWhileEventsStream() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--speed", "4", "--seed", "7"])
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        // Enough customers that the bank still serves after the line is typed, also on a
        // loaded machine.
        try tmux.type("bank open 100")
        try tmux.send("Enter")
        try await tmux.waitFor("the first service") { $0.contains { $0.contains("started at") } }

        try tmux.type("stock add ")
        let before = try tmux.screen(scrollback: true).filter { $0.contains("finished at") }.count
        try await tmux.waitFor("more events while the line is half typed") { _ in
            (try? tmux.screen(scrollback: true).filter { $0.contains("finished at") }.count).map { $0 > before + 1 }
                ?? false
        }
        let rows = try tmux.screen()
        #expect(Self.lastPrompt(rows) == "kiosk> stock add")
        #expect(rows.last { !$0.isEmpty } == "kiosk> stock add")

        try tmux.type("mango 5")
        try await tmux.waitFor("the whole line") { Self.lastPrompt($0) == "kiosk> stock add mango 5" }
        try tmux.send("Enter")
        try await tmux.waitFor("the command's result") { $0.contains { $0.contains("Mango: 10 -> 15") } }
        let all = try tmux.screen(scrollback: true)
        #expect(all.filter { $0.hasPrefix("kiosk> stock add") }.count == 1, "a copy of the typed line was left behind")
    }

    @Test("a line longer than the terminal is wide keeps all its rows under events")
    func wrappedLineWhileEventsStream() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(
            sandbox, arguments: ["--in-memory", "--speed", "4", "--seed", "7"], width: 60, height: 20)
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        // Enough customers that the bank still serves after the line is typed, also on a
        // loaded machine.
        try tmux.type("bank open 100")
        try tmux.send("Enter")
        try await tmux.waitFor("the first service") { $0.contains { $0.contains("started at") } }

        // 7 + 53 columns fill the first row exactly; the rest wraps onto a second row.
        let typed = String(repeating: "a", count: 53) + String(repeating: "b", count: 30)
        try tmux.type(typed)
        let before = try tmux.screen(scrollback: true).filter { $0.contains("finished at") }.count
        try await tmux.waitFor("more events after the line was typed") { _ in
            (try? tmux.screen(scrollback: true).filter { $0.contains("finished at") }.count).map { $0 > before + 1 }
                ?? false
        }
        let rows = try tmux.screen().filter { !$0.isEmpty }
        #expect(rows.suffix(2) == ["kiosk> " + String(repeating: "a", count: 53), String(repeating: "b", count: 30)])
        #expect(try tmux.cursor().column == 30)
        let all = try tmux.screen(scrollback: true)
        #expect(all.filter { $0.contains("aaaa") }.count == 1, "pieces of the wrapped line were left behind")
        #expect(all.filter { $0.contains("bbbb") }.count == 1, "pieces of the wrapped line were left behind")
    }

    @Test("Ctrl-C stops `bank wait` but not the session; Ctrl-D then says what it cancelled")
    func interruptCommand() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--seed", "7"])
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.type("bank open 30")
        try tmux.send("Enter")
        try tmux.type("bank wait")
        try tmux.send("Enter")
        // Running: the line was taken (an event line follows it, no prompt under it), so
        // Ctrl-C reaches the command rather than abandoning the typed line.
        try await tmux.waitFor("bank wait to be running") { rows in
            rows.contains("kiosk> bank wait") && rows.last { !$0.isEmpty }?.hasPrefix("kiosk>") == false
        }
        try tmux.send("C-c")
        try await tmux.waitFor("the wait to stop") { $0.contains { $0.hasPrefix("Stopped waiting.") } }
        try await tmux.waitFor("the prompt again") { Self.lastPrompt($0) == "kiosk>" }
        // The first Ctrl-D with customers at the bank only warns; the second one leaves.
        try tmux.send("C-d")
        try await tmux.waitFor("the warning") { $0.contains { $0.hasPrefix("The bank still has ") } }
        try await tmux.waitFor("the prompt after the warning") { Self.lastPrompt($0) == "kiosk>" }
        try tmux.send("C-d")
        let rows = try await tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
        #expect(rows.contains { $0.hasPrefix("Cancelled ") })
        #expect(rows.contains { $0.hasPrefix("EXIT=0 ") && $0.contains("MODES=isig icanon echo") })
    }

    @Test("after the window narrows, output above a wrapping line still leaves no pieces")
    func resizedWindow() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--speed", "4", "--seed", "7"])
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.resize(width: 40, height: 30)
        // Enough customers that the bank still serves after the line is typed, also on a
        // loaded machine.
        try tmux.type("bank open 100")
        try tmux.send("Enter")
        try await tmux.waitFor("the first service") { $0.contains { $0.contains("started at") } }
        // 7 + 50 columns: two rows at the new width.
        try tmux.type(String(repeating: "q", count: 50))
        let before = try tmux.screen(scrollback: true).filter { $0.contains("finished at") }.count
        try await tmux.waitFor("more events after the line was typed") { _ in
            (try? tmux.screen(scrollback: true).filter { $0.contains("finished at") }.count).map { $0 > before + 1 }
                ?? false
        }
        let rows = try tmux.screen().filter { !$0.isEmpty }
        #expect(rows.suffix(2) == ["kiosk> " + String(repeating: "q", count: 33), String(repeating: "q", count: 17)])
        #expect(try tmux.screen(scrollback: true).filter { $0.contains("qqq") }.count == 2)
    }

    @Test("Ctrl-Z hands the terminal back to the shell, and fg brings the line back")
    func suspendAndResume() async throws {
        let sandbox = try Sandbox()
        let environment = sandbox.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(
            separator: " ")
        let tmux = try Tmux("env -i TERM=tmux-256color \(environment) PS1='$ ' bash --norc --noprofile -i")
        try await tmux.waitFor("the shell") { $0.contains("$") }
        try tmux.type("\(shellQuoted(KioskBinary.path)) --in-memory")
        try tmux.send("Enter")
        try await tmux.waitFor("the prompt", Self.hasPrompt)
        try tmux.type("stock")
        try await tmux.waitFor("the typed line") { Self.lastPrompt($0) == "kiosk> stock" }
        try tmux.send("C-z")
        try await tmux.waitFor("the job to stop") { $0.contains { $0.contains("Stopped") } }
        try tmux.type("stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo)' | tr '\\n' ' '; echo")
        try tmux.send("Enter")
        try await tmux.waitFor("the shell's terminal modes") { $0.contains("icanon echo") }
        try tmux.type("fg")
        try tmux.send("Enter")
        try await tmux.waitFor("the line again") { Self.lastPrompt($0) == "kiosk> stock" }
        try tmux.type(" set mango 4")
        try tmux.send("Enter")
        try await tmux.waitFor("the whole line's result") { $0.contains("Mango: 10 -> 4 (max 100).") }
    }

    /// The first child process of `pid`.
    static func child(of pid: Int32) -> Int32? {
        let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { Int32($0) }
    }
}
