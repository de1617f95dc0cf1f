import Foundation
import Testing

/// A shop day at a real terminal (tmux, 80 columns): completing names of several words,
/// help that fits the width and pages when long, `?`, `clear`, `history`, the warning
/// before leaving customers at the bank, and colour that follows each stream's terminal.
@Suite(
    "Shop day at the terminal", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct ShopDayTerminalTests {
    /// Starts kiosk in an 80 × 24 tmux window with `environment` added (PAGER is `cat`,
    /// which pages nothing, unless a test sets it); `redirect` is appended to the command.
    static func start(
        _ sandbox: Sandbox, arguments: [String] = ["--in-memory"], environment extra: [String: String] = [:],
        redirect: String = "", width: Int = 80, height: Int = 24
    ) throws -> Tmux {
        let variables = sandbox.environment.merging(["TERM": "tmux-256color", "PAGER": "cat"]) { $1 }.merging(extra) {
            $1
        }
        let environment = variables.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let kiosk = ([KioskBinary.path] + arguments).map(shellQuoted).joined(separator: " ")
        return try Tmux(
            "env -i \(environment) \(kiosk) \(redirect); echo \"EXIT=$?\"; sleep 600", width: width, height: height)
    }

    static func lastPrompt(_ rows: [String]) -> String? { TerminalTests.lastPrompt(rows) }

    static func enter(_ tmux: Tmux, _ line: String) throws {
        try tmux.type(line)
        try tmux.send("Enter")
    }

    // MARK: 1. Completing names of several words

    @Test("Tab completes a quoted name of several words whole, and an unquoted one word by word")
    func completeNamesWithSpaces() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try tmux.type(#"order "mango k"#)
        try tmux.send("Tab")
        try await tmux.waitFor("the quoted name completed and closed") {
            Self.lastPrompt($0) == #"kiosk> order "mango kiwi""#
        }
        try tmux.send("C-u")
        try tmux.type("order strawberry b")
        try tmux.send("Tab")
        try await tmux.waitFor("the next word of the name") { Self.lastPrompt($0) == "kiosk> order strawberry banana" }
        try tmux.type(" 1")
        try tmux.send("Enter")
        try await tmux.waitFor("the order") { $0.contains("Made 1 Strawberry-Banana Juice.") }
    }

    // MARK: 7. Help at 80 columns

    @Test("help fits 80 columns without a word cut, groups the commands and lists exit")
    func helpAtEightyColumns() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, height: 60)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(tmux, "help")
        try await tmux.waitFor("the end of help") { $0.contains { $0.contains("'?' is help too.") } }
        // Joined, a row the terminal had to wrap would come back longer than the window.
        let lines = try tmux.screen(scrollback: true, joined: true)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        let text = lines.joined(separator: "\n")
        for phrase in ["Shows how much of each fruit is on the\n", "shelves.", "quit, exit"] {
            #expect(text.contains(phrase), "\(phrase)")
        }
        let juiceBar = try #require(lines.firstIndex(of: "Juice bar:"))
        let bank = try #require(lines.firstIndex(of: "Bank:"))
        let kiosk = try #require(lines.firstIndex(of: "Kiosk:"))
        let sales = try #require(lines.firstIndex { $0.hasPrefix("  sales ") })
        #expect(juiceBar < sales && sales < bank && bank < kiosk, "sales sits among the bank commands")
        #expect(!text.contains("a whole number from 1 to 99; how many, 1 to 99"))

        // Also the banner, at its first line.
        #expect(lines.first?.hasSuffix("commands,") == true || lines.first.map { $0.count <= 80 } == true)
    }

    @Test("help order at 80 columns wraps its long lines at spaces under their column")
    func helpOrderAtEightyColumns() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, height: 60)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(tmux, "help order")
        try await tmux.waitFor("the examples") { $0.contains("  order mango kiwi 2") }
        let lines = try tmux.screen(scrollback: true, joined: true)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        let accepts = try #require(lines.firstIndex { $0.hasPrefix("<juice>") })
        #expect(lines[accepts + 1].hasPrefix(String(repeating: " ", count: 10)), "the wrapped text left its column")
    }

    @Test("long output goes through $PAGER on a terminal; short output, ? and --json do not")
    func pager() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, environment: ["PAGER": "sed 's/^/PAGED: /'"])
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(tmux, #"\?"#)
        try await tmux.waitFor("help through the pager") { $0.contains("PAGED: Kiosk:") }
        try await tmux.waitFor("the prompt after the pager") { Self.lastPrompt($0) == "kiosk>" }
        try Self.enter(tmux, "stock")
        let rows = try await tmux.waitFor("the stock table") { $0.contains { $0.hasPrefix("mango ") } }
        #expect(!rows.contains { $0.hasPrefix("PAGED: mango") }, "a short table was paged")

        let json = try Self.start(
            sandbox, arguments: ["--in-memory", "--json"], environment: ["PAGER": "sed 's/^/PAGED: /'"])
        try await json.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(json, "?")
        try await json.waitFor("help as JSON") { _ in
            (try? json.screen(scrollback: true, joined: true).contains { $0.contains(#""command":"help""#) }) == true
        }
        #expect(!(try json.screen(scrollback: true).contains { $0.hasPrefix("PAGED:") }))
    }

    @Test("clear clears the screen; history without a count lists the last 20 lines")
    func clearAndHistory() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, height: 30)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        for number in 1...25 {
            try Self.enter(tmux, "menu # \(number)")
        }
        try await tmux.waitFor("the last menu") { Self.lastPrompt($0) == "kiosk>" && $0.contains("kiosk> menu # 25") }
        try Self.enter(tmux, "clear")
        try await tmux.waitFor("an empty screen") { rows in
            rows.first == "kiosk>" && rows.dropFirst().allSatisfy(\.isEmpty)
        }
        try Self.enter(tmux, "history")
        let rows = try await tmux.waitFor("the history") { $0.contains { $0.hasSuffix("  history") } }
        let listed = rows.filter { $0.range(of: #"^ ?\d+  "#, options: .regularExpression) != nil }
        #expect(listed.count == 20, "\(listed)")
        #expect(listed.first?.hasSuffix("menu # 8") == true)
        #expect(listed.last?.hasSuffix("history") == true)
    }

    // MARK: 5. Leaving with customers at the bank

    @Test("quit with customers at the bank warns once; a second quit leaves and names the tickets sent away")
    func quitWarnsOnce() async throws {
        let sandbox = try Sandbox()
        // So slow that nobody is served before kiosk leaves, and the screen stays quiet.
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--seed", "7", "--speed", "0.01"], width: 100)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(tmux, "bank open 30")
        try await tmux.waitFor("the bank to open") { $0.contains { $0.hasPrefix("Bank open:") } }
        try Self.enter(tmux, "quit")
        try await tmux.waitFor("the warning") { $0.contains { $0.hasPrefix("The bank still has ") } }
        try await tmux.waitFor("the prompt after the warning") { Self.lastPrompt($0) == "kiosk>" }
        try Self.enter(tmux, "quit")
        let rows = try await tmux.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        let text = try tmux.screen(scrollback: true, joined: true).joined(separator: "\n")
        #expect(rows.contains("EXIT=0"))
        #expect(text.contains("Tickets sent away: deposit #"))
        #expect(text.contains("; loan #"))
        #expect(text.components(separatedBy: "The bank still has").count == 2, "warned more than once")
    }

    @Test("a command between two quits asks again; an idle bank leaves at once")
    func warningResets() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory", "--seed", "7", "--speed", "0.01"], width: 100)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(tmux, "bank open 30")
        // Ctrl-D is a key for the prompt: typed while a command runs, the terminal's own
        // line discipline would take it.
        try await tmux.waitFor("the bank to open") { $0.contains { $0.hasPrefix("Bank open:") } }
        try await tmux.waitFor("the prompt") { Self.lastPrompt($0) == "kiosk>" }
        try tmux.send("C-d")
        try await tmux.waitFor("the warning") { $0.contains { $0.hasPrefix("The bank still has ") } }
        try await tmux.waitFor("the prompt") { Self.lastPrompt($0) == "kiosk>" }
        try Self.enter(tmux, "bank reset")
        try await tmux.waitFor("the reset") { $0.contains { $0.hasPrefix("Bank reset") || $0.hasPrefix("Cancelled") } }
        try tmux.send("C-d")
        let rows = try await tmux.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        #expect(rows.contains("EXIT=0"))
        #expect(rows.filter { $0.hasPrefix("The bank still has ") }.count == 1)
    }

    // MARK: 8. Colour

    @Test("errors are painted only when standard error is a terminal, and never with TERM=dumb")
    func colourFollowsEachStream() async throws {
        let sandbox = try Sandbox()
        let log = sandbox.path + "/stderr.log"
        let redirected = try Self.start(sandbox, redirect: "2>" + shellQuoted(log))
        try await redirected.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(redirected, "ordr")
        try Self.enter(redirected, "stock")
        let painted = try await redirected.waitFor("the stock table") { $0.contains { $0.hasPrefix("mango ") } }
        _ = painted
        #expect(try redirected.screen(escapes: true).contains { $0.contains("\u{1B}[1m") }, "stdout lost its colour")
        try redirected.send("C-d")
        try await redirected.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        let errors = try String(contentsOfFile: log, encoding: .utf8)
        #expect(errors.contains("Unknown command 'ordr'"))
        #expect(!errors.contains("\u{1B}["), "an error was painted into a file")

        let dumb = try Self.start(sandbox, environment: ["TERM": "dumb"])
        try await dumb.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(dumb, "ordr")
        try Self.enter(dumb, "stock")
        try await dumb.waitFor("the stock table") { $0.contains { $0.hasPrefix("mango ") } }
        #expect(!(try dumb.screen(escapes: true).contains { $0.contains("\u{1B}[1m") || $0.contains("\u{1B}[31m") }))
    }
}

extension ShopDayTerminalTests {
    @Test("a pager that is not installed leaves the output on the screen")
    func missingPager() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, environment: ["PAGER": "no-such-pager-\(UUID().uuidString.prefix(6))"])
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try Self.enter(tmux, "help")
        try await tmux.waitFor("help printed after all") {
            $0.contains("Type 'help <command>' for its arguments and examples.")
        }
    }
}
