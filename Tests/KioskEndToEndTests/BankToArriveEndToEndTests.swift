import Foundation
import Testing

/// Customers still to arrive (`bank add --over`): `bank status` counts them, in text and as
/// `to_arrive` in JSON, and quitting warns of them before sending them away.
@Suite(
    "Bank customers still to arrive end to end", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankToArriveEndToEndTests {
    @Test(
        "'bank status' counts the customers still to arrive, on the classic bank and both presets",
        arguments: [[], ["--preset", "2021-01"], ["--preset", "2021-05"]])
    func statusCountsThem(preset: [String]) async throws {
        let commands = ["-c", "bank add 10 --over 10m", "-c", "bank status"]
        let json = try await KioskBinary.run(["--in-memory", "--speed", "max", "--json"] + preset + commands)
        #expect(json.status == 0, "\(json.stderr)")
        let line = try #require(json.stdoutLines.first { $0.contains(#""command":"bank status""#) })
        let status = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        // The first arrives at once; nine are announced over ten minutes.
        #expect(status["to_arrive"] as? Int == 9)
        #expect(status["open"] as? Bool == true)

        let text = try await KioskBinary.run(["--in-memory", "--speed", "max"] + preset + commands)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdoutLines.contains { $0.hasPrefix("Bank open") && $0.hasSuffix(" · 9 to arrive") }, "\(text.stdout)")
    }

    @Test("quit warns of customers still to arrive, and the second quit sends them away by ticket")
    func quitWarnsOfThem() async throws {
        let sandbox = try Sandbox()
        let tmux = try TerminalFaultTests.start(sandbox, arguments: ["--in-memory"])
        try await tmux.waitFor("the prompt") { $0.contains { $0.hasPrefix("kiosk>") } }
        try tmux.type("bank add 10 deposit --over 10m")
        try tmux.send("Enter")
        try await tmux.waitFor("the admission") { $0.contains { $0.contains("took tickets #1–#10") } }
        try tmux.type("quit")
        try tmux.send("Enter")
        try await tmux.waitFor("the warning") { $0.contains { $0.hasPrefix("The bank still has ") } }
        let warning = try tmux.screen(scrollback: true, joined: true).first { $0.hasPrefix("The bank still has ") }
        #expect(warning?.contains("9 to arrive") == true, "\(warning ?? "")")
        try tmux.type("quit")
        try tmux.send("Enter")
        try await tmux.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        let screen = try tmux.screen(scrollback: true, joined: true).joined(separator: "\n")
        #expect(screen.contains("–#10"), "\(screen)")
    }
}
