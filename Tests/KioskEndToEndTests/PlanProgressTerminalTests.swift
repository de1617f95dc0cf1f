import Foundation
import Testing

/// A long `bank plan` at a real terminal (tmux) shows its progress on standard error and
/// erases it when done; `-c` and `--json` never draw it, though standard error is a terminal.
@Suite(
    "bank plan's progress at the terminal", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct PlanProgressTerminalTests {
    /// A plan of busy days: several seconds of a debug build, over a second of a release one.
    static let longPlan =
        "bank plan --rate deposit=2000/h --rate loan=800/h --hours 8 --replications 10 --target \"90% within 30s\""

    /// How long a long plan may take on a busy machine.
    static let patience = Duration.seconds(180)

    /// Starts kiosk with `arguments` in tmux, every byte it writes recorded in `recording`.
    static func start(_ sandbox: Sandbox, _ arguments: [String], recording: String) throws -> Tmux {
        let tmux = try ShopDayTerminalTests.start(sandbox, arguments: arguments, width: 100, height: 40)
        try tmux.record(to: recording)
        return tmux
    }

    @Test("at the prompt, a plan longer than a second shows a progress line, erased when the plan ends")
    func progressAtThePrompt() async throws {
        let sandbox = try Sandbox()
        let recording = sandbox.path + "/terminal.bytes"
        let tmux = try Self.start(sandbox, ["--in-memory", "--seed", "1"], recording: recording)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try ShopDayTerminalTests.enter(tmux, Self.longPlan)
        try await poll(until: "the progress line", within: Self.patience) {
            try tmux.screen().contains {
                $0.hasPrefix("Planning: staffing ") && $0.contains("▕") && $0.contains(" of 10")
            }
        }
        var rows: [String] = []
        try await poll(until: "the plan's answer and the prompt", within: Self.patience) {
            rows = try tmux.screen(scrollback: true)
            return rows.contains { $0.hasPrefix("Recommended: ") || $0.hasPrefix("No staffing") }
                && rows.last { !$0.isEmpty } == "kiosk>"
        }
        #expect(!rows.contains { $0.contains("Planning:") }, "\(rows.joined(separator: "\n"))")
        let bytes = try String(contentsOfFile: recording, encoding: .utf8)
        let lastDrawn = try #require(bytes.range(of: "Planning: staffing ", options: .backwards))
        // Erased before the answer is printed.
        let erased = try #require(bytes.range(of: "\r\u{1B}[2K", range: lastDrawn.upperBound..<bytes.endIndex))
        let answer = try #require(bytes.range(of: "Staffing plan for ", range: lastDrawn.upperBound..<bytes.endIndex))
        #expect(erased.upperBound <= answer.lowerBound)
    }

    @Test(
        "-c and --json never draw it, with standard error a terminal",
        arguments: [["--in-memory", "--seed", "1", "-c", longPlan], ["--in-memory", "--seed", "1", "--json"]])
    func neverInScriptsOrJSON(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let recording = sandbox.path + "/terminal.bytes"
        let tmux = try Self.start(sandbox, arguments, recording: recording)
        if !arguments.contains("-c") {
            try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
            try ShopDayTerminalTests.enter(tmux, Self.longPlan)
        }
        try await poll(until: "the plan's answer", within: Self.patience) {
            try tmux.screen(scrollback: true, joined: true).contains {
                $0.hasPrefix("Recommended: ") || $0.hasPrefix("No staffing") || $0.contains(#""command":"bank plan""#)
            }
        }
        let bytes = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(!bytes.isEmpty)
        #expect(!bytes.contains("Planning:"))
        #expect(!bytes.contains("▕"))
    }
}
