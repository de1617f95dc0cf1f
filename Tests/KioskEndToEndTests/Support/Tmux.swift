import Foundation

/// A detached tmux session of a fixed size running one command, on a server of its own.
final class Tmux {
    static let executable: String? = {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isAvailable: Bool { executable != nil }

    /// How long to wait for the screen to show what a test expects.
    static let patience: Duration = .seconds(15)

    private let server = "kiosk-test-\(UUID().uuidString.prefix(8))"
    private let target = "kiosk"

    /// Starts `command` (a shell command line) in a `width` × `height` terminal.
    init(_ command: String, width: Int = 100, height: Int = 30) throws {
        // The server this starts lives on with the descriptors it inherited, so its
        // output is not read (a pipe would never reach its end).
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", target, command], readOutput: false)
        serverPID = Int32(
            try tmux(["display-message", "-p", "-t", target, "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private var serverPID: Int32?

    deinit {
        _ = try? tmux(["kill-server"], readOutput: false)
        // A server that does not go within a second is stopped outright.
        if let serverPID {
            for _ in 0..<50 where Self.isRunning(serverPID) {
                usleep(20_000)
            }
            if Self.isRunning(serverPID) { kill(serverPID, SIGKILL) }
        }
    }

    /// Sends tmux key names (`Enter`, `Tab`, `C-c`) or literal text, one argument each.
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Pastes `text` as a terminal does, in bracketed-paste mode when the program asks for it.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "--", text])
        try tmux(["paste-buffer", "-p", "-t", target])
    }

    /// Types `text` exactly as given.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// What the terminal shows, one string per row, trailing blanks removed; with
    /// `scrollback`, the rows that scrolled off the top too.
    /// With `joined`, a line the terminal wrapped comes back as the one line it was
    /// written as; with `escapes`, colours and other attributes come back as escape sequences.
    func screen(scrollback: Bool = false, joined: Bool = false, escapes: Bool = false) throws -> [String] {
        try tmux(
            ["capture-pane", "-p", "-t", target] + (scrollback ? ["-S", "-"] : []) + (joined ? ["-J"] : [])
                + (escapes ? ["-e"] : [])
        ).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// Appends every byte the program writes to the terminal from now on to `path`, escape
    /// sequences and all: what was drawn and erased again between two looks at the screen.
    func record(to path: String) throws {
        try tmux(["pipe-pane", "-t", target, "-o", "cat >> \(shellQuoted(path))"])
    }

    /// Changes the terminal's size, as a user dragging the window would.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Where the cursor is: column and row, from 0.
    func cursor() throws -> (column: Int, row: Int) {
        let parts = try tmux(["display-message", "-p", "-t", target, "#{cursor_x} #{cursor_y}"])
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return (parts.first ?? -1, parts.dropFirst().first ?? -1)
    }

    /// What the terminal shows with its colours and attributes as escape sequences.
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// A tmux format about the pane, such as `#{alternate_on}` or `#{cursor_flag}`.
    func pane(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process id of the pane's shell.
    func panePID() throws -> Int32 {
        Int32(
            try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(
                in: .whitespacesAndNewlines)) ?? -1
    }

    /// Polls the screen (with `scrollback`, the rows above it too) until `condition` holds,
    /// and returns those rows.
    /// - Throws: ``Timeout`` with the last screen when it never does.
    @discardableResult
    func waitFor(_ what: String, scrollback: Bool = false, _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = ContinuousClock.now + Self.patience
        var rows = try screen(scrollback: scrollback)
        while !condition(rows) {
            guard ContinuousClock.now < deadline else {
                throw Timeout(waitingFor: what, screen: rows.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(20))
            rows = try screen(scrollback: scrollback)
        }
        return rows
    }

    /// The screen never showed what a test waited for.
    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        let screen: String
        var description: String { "timed out waiting for \(waitingFor); the screen was:\n\(screen)" }
    }

    @discardableResult
    private func tmux(_ arguments: [String], readOutput: Bool = true) throws -> String {
        let path = Self.executable ?? "/usr/bin/tmux"
        return try Spawn.run(path, ["-L", server, "-f", "/dev/null"] + arguments, captureOutput: readOutput).output
    }

    /// Whether `pid` is a live process (not gone, not a zombie nobody reaped).
    private static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let state = stat.split(separator: ")").last?.split(separator: " ").first
        else { return false }
        return state != "Z" && state != "X"
    }
}

/// Quotes `text` for a POSIX shell.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
