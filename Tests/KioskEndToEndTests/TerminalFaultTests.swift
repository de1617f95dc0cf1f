import Foundation
import GRDB
import Testing

/// The REPL against what a terminal user meets: output piped away, Ctrl-\, and a database
/// that stops answering while the prompt is up.
@Suite(
    "Terminal faults", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct TerminalFaultTests {
    /// Starts `kiosk arguments` in tmux, its output through `| cat` when `piped`; the pane
    /// shows `EXIT=<status>` when kiosk ends.
    static func start(_ sandbox: Sandbox, arguments: [String], piped: Bool = false) throws -> Tmux {
        let environment = sandbox.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(
            separator: " ")
        let kiosk = ([KioskBinary.path] + arguments).map(shellQuoted).joined(separator: " ")
        let status = piped ? "${PIPESTATUS[0]}" : "$?"
        return try Tmux(
            "env -i TERM=tmux-256color \(environment) bash --norc -c \(shellQuoted("\(kiosk)\(piped ? " | cat" : ""); echo EXIT=\(status); sleep 600"))"
        )
    }

    /// ``BankSessionEndTests/waitForService(ask:)`` at the prompt: so that quitting from
    /// then on has a tally to keep.
    static func waitForService(_ tmux: Tmux) async throws {
        try await BankSessionEndTests.waitForService { asked in
            try tmux.type("bank status")
            try tmux.send("Enter")
            return try await tmux.waitFor("bank status answer \(asked)", scrollback: true) { rows in
                rows.count { BankSessionEndTests.served(inHeadline: $0) != nil } >= asked
            }
        }
    }

    @Test("with standard output piped, typed lines run as a script: no prompt, each result at once")
    func pipedOutputIsNotTheREPL() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory"], piped: true)
        // Nothing to wait for: kiosk shows no prompt here, and the terminal keeps a line
        // typed before kiosk starts until it reads one.
        try tmux.type("stock set mango 42")
        try tmux.send("Enter")
        let rows = try await tmux.waitFor("the result while kiosk still runs") {
            $0.contains("Mango: 10 -> 42 (max 100).")
        }
        #expect(!rows.contains { $0.contains("kiosk>") })
        #expect(!rows.contains { $0.hasPrefix("EXIT=") })
        try tmux.send("C-d")
        let end = try await tmux.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        #expect(end.contains("EXIT=0"))
    }

    @Test("Ctrl-\\ at the prompt is ignored: no crash, no backtrace, the session goes on")
    func quitSignalIsIgnored() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, arguments: ["--in-memory"])
        try await tmux.waitFor("the prompt") { $0.contains { $0.hasPrefix("kiosk>") } }
        // The terminal signals kiosk before it passes on the keys typed after Ctrl-\, so a
        // kiosk the signal stopped never answers them, and one it crashes ends with another
        // status than 0 (the checks below), however long the crash takes to show.
        try tmux.send("C-\\")
        try tmux.type("help help")
        try tmux.send("Enter")
        let rows = try await tmux.waitFor("help's output") { $0.contains("Usage: help [command]") }
        #expect(!rows.contains { $0.localizedCaseInsensitiveContains("crash") || $0.contains("Backtrace") })
        try tmux.type("quit")
        try tmux.send("Enter")
        let end = try await tmux.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        #expect(end.contains("EXIT=0"))
        #expect(!end.contains { $0.localizedCaseInsensitiveContains("crash") || $0.contains("Backtrace") })
    }

    @Test("quit while the bank serves stores what was served up to then")
    func quitKeepsTheBankTally() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        let tmux = try Self.start(sandbox, arguments: ["--data-dir", data, "--speed", "10"])
        try await tmux.waitFor("the prompt") { $0.contains { $0.hasPrefix("kiosk>") } }
        try tmux.type("bank open 100")
        try tmux.send("Enter")
        try await tmux.waitFor("the bank to open") { $0.contains { $0.contains("Bank open: 100 customers") } }
        try await Self.waitForService(tmux)
        try tmux.type("quit")
        try tmux.send("Enter")
        // With customers still at the bank the first quit warns; the second leaves.
        try await tmux.waitFor("the warning") { $0.contains { $0.hasPrefix("The bank still has ") } }
        try tmux.type("quit")
        try tmux.send("Enter")
        try await tmux.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        let sessions = try BankSessionEndTests.sessions(data)
        let session = try #require(sessions.first)
        #expect(sessions.count == 1)
        #expect(session.ended == "quit")
        #expect(session.served > 0 && session.served < 100, "served \(session.served)")
        #expect(session.business >= 500, "business \(session.business) ms")
    }

    @Test("a database locked after start fails each command with one line; the REPL goes on and quit works")
    func storageFailureInTheREPL() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/data"
        let tmux = try Self.start(sandbox, arguments: ["--data-dir", data])
        try await tmux.waitFor("the prompt") { $0.contains { $0.hasPrefix("kiosk>") } }

        let lock = try DatabaseWriteLock(path: data + "/kiosk.sqlite")
        for attempt in 1...2 {
            try tmux.type("order banana")
            try tmux.send("Enter")
            try await tmux.waitFor("failure \(attempt)") { rows in
                rows.filter { $0.contains("stayed locked by") }.count == attempt
                    && rows.last { $0.hasPrefix("kiosk>") } == "kiosk>"
            }
        }
        lock.release()

        try tmux.type("order banana")
        try tmux.send("Enter")
        try await tmux.waitFor("the order once the lock is gone") { $0.contains("Made 1 Banana Juice.") }
        try tmux.type("quit")
        try tmux.send("Enter")
        let end = try await tmux.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        #expect(end.contains("EXIT=0"))
        #expect(end.filter { $0.contains("stayed locked by") }.count == 2)
    }
}
