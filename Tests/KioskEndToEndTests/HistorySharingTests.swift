import Foundation
import Testing

/// The prompt's history and settings files, with two prompts at once and a history file
/// outside kiosk's own directory.
@Suite(
    "History and settings files", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct HistorySharingTests {
    /// Starts the prompt in tmux with `sandbox`'s environment and `extra` over it; the pane
    /// shows `EXIT=<status>` when kiosk ends.
    static func start(_ sandbox: Sandbox, extra: [String: String] = [:]) throws -> Tmux {
        let environment = sandbox.environment.merging(extra) { $1 }.map { "\($0.key)=\(shellQuoted($0.value))" }
            .sorted().joined(separator: " ")
        let kiosk = [KioskBinary.path, "--in-memory"].map(shellQuoted).joined(separator: " ")
        return try Tmux("env -i TERM=tmux-256color \(environment) \(kiosk); echo EXIT=$?; sleep 600")
    }

    static func quit(_ tmux: Tmux) async throws {
        try tmux.send("C-d")
        let rows = try await tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=") } }
        #expect(rows.contains("EXIT=0"))
    }

    @Test("two prompts on one history file: both sessions' lines are kept, whichever quits last")
    func twoPromptsMerge() async throws {
        let sandbox = try Sandbox()
        try sandbox.file("state/kiosk/history", contents: "stock\n")
        let first = try Self.start(sandbox)
        let second = try Self.start(sandbox)
        try await first.waitFor("the first prompt", TerminalTests.hasPrompt)
        try await second.waitFor("the second prompt", TerminalTests.hasPrompt)
        try first.type("help history")
        try first.send("Enter")
        try second.type("menu")
        try second.send("Enter")
        try await first.waitFor("help's answer") { $0.contains { $0.contains("Usage: history") } }
        try await second.waitFor("the menu") { $0.contains { $0.contains("mango-kiwi") } }
        try await Self.quit(first)
        try await Self.quit(second)
        #expect(try String(contentsOfFile: sandbox.historyFile, encoding: .utf8) == "stock\nhelp history\nmenu\n")
        #expect(try sandbox.mode(of: sandbox.historyFile) == 0o600)
    }

    @Test("events summary remembers the mode in kiosk's state directory, not beside $KIOSK_HISTFILE")
    func settingsInStateDirectory() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/home", withIntermediateDirectories: true)
        let history = sandbox.path + "/home/.kiosk_history"
        let tmux = try Self.start(sandbox, extra: ["KIOSK_HISTFILE": history])
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try tmux.type("events summary")
        try tmux.send("Enter")
        try await tmux.waitFor("the mode remembered") { $0.joined().contains("Remembered in") }
        try await Self.quit(tmux)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/home/settings"))
        #expect(
            try String(contentsOfFile: sandbox.path + "/state/kiosk/settings", encoding: .utf8) == "events = summary\n")
        #expect(try String(contentsOfFile: history, encoding: .utf8) == "events summary\n")
    }
}
