import Foundation
import Testing

/// Whom a cancellation sends away (`bank reset`, quitting, a signal): the customers waiting,
/// in service and still to arrive, each counted once and apart, as `bank status` counts them.
@Suite(
    "Bank cancellation counts end to end", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankCancellationEndToEndTests {
    @Test(
        "'bank reset' counts the customers still to arrive apart from those waiting, as 'bank status' does",
        arguments: [[], ["--preset", "2021-01"], ["--preset", "2021-05"]])
    func resetCountsThem(preset: [String]) async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "--json"] + preset + [
                "-c", "bank add 5 --over 10m", "-c", "bank status", "-c", "bank reset",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let status = try Self.object(run.stdoutLines, command: "bank status")
        let reset = try Self.object(run.stdoutLines, command: "bank reset")
        let cancelled = try #require(reset["cancelled"] as? [String: Int], "\(reset)")
        // The first arrives at once; four are announced over ten minutes.
        #expect(cancelled["to_arrive"] == 4)
        #expect(cancelled["to_arrive"] == status["to_arrive"] as? Int)
        #expect(cancelled["waiting"] == status["waiting"] as? Int)
        #expect(cancelled["in_service"] == status["in_service"] as? Int)
        #expect(cancelled.values.reduce(0, +) == 5, "\(cancelled)")
    }

    @Test("the reset's sentence names the customers still to arrive, in English and Korean")
    func resetText() async throws {
        let commands = ["--in-memory", "--speed", "max", "-c", "bank add 5 --over 10m", "-c", "bank reset"]
        let english = try await KioskBinary.run(commands)
        #expect(english.status == 0, "\(english.stderr)")
        #expect(
            english.stdoutLines.contains("Cancelled 0 waiting, 1 in-service and 4 still-to-arrive customers."),
            "\(english.stdout)")
        let korean = try await KioskBinary.run(["--lang", "ko"] + commands)
        #expect(korean.status == 0, "\(korean.stderr)")
        #expect(korean.stdoutLines.contains("대기중 0명, 업무중 1명, 도착 예정 4명의 업무를 취소했습니다."), "\(korean.stdout)")
        #expect(!korean.stdout.contains(";"))
        // Without customers to arrive the sentence is the one it always was.
        let plain = try await KioskBinary.run(["--in-memory", "--speed", "max", "-c", "bank add 1", "-c", "bank reset"])
        #expect(plain.stdoutLines.contains("Cancelled 0 waiting and 1 in-service customer."), "\(plain.stdout)")
    }

    @Test("quit's warning and 'bank_busy' count the customers still to arrive, and the quit sends them away as such")
    func quitCountsThem() async throws {
        let sandbox = try Sandbox()
        let tmux = try TerminalFaultTests.start(sandbox, arguments: ["--in-memory", "--json", "--preset", "2021-05"])
        try await tmux.waitFor("the prompt") { $0.contains { $0.hasPrefix("kiosk>") } }
        try tmux.type("bank add 10 --over 10m")
        try tmux.send("Enter")
        try await tmux.waitFor("the admission", scrollback: true) { $0.joined().contains(#""command":"bank add""#) }
        try tmux.type("quit")
        try tmux.send("Enter")
        try await tmux.waitFor("the warning", scrollback: true) { $0.joined().contains(#""code":"bank_busy""#) }
        let warning = try #require(
            try tmux.screen(scrollback: true, joined: true).first { $0.contains(#""code":"bank_busy""#) })
        #expect(warning.contains(#""to_arrive":9"#), "\(warning)")
        #expect(warning.contains("9 to arrive"), "\(warning)")
        try tmux.type("quit")
        try tmux.send("Enter")
        try await tmux.waitFor("the exit") { $0.contains { $0.hasPrefix("EXIT=") } }
        let quit = try #require(
            try tmux.screen(scrollback: true, joined: true).first { $0.contains(#""command":"quit""#) })
        #expect(quit.contains("and 9 still-to-arrive customers."), "\(quit)")
    }

    @Test("SIGTERM counts the customers still to arrive apart, in text and in the 'interrupted' error")
    func sigtermCountsThem() async throws {
        let text = try await Self.terminated(["--in-memory", "-c", "bank add 3 --over 1m", "-c", "bank wait"])
        #expect(text.hasPrefix("Interrupted. Cancelled 0 waiting, "), "\(text)")
        #expect(text.contains(" and 2 still-to-arrive customers."), "\(text)")
        let json = try await Self.terminated(["--in-memory", "--json", "-c", "bank add 3 --over 1m", "-c", "bank wait"])
        let error = try #require(json.split(separator: "\n").first { $0.contains(#""code":"interrupted""#) })
        #expect(error.contains(#""waiting":0,"#), "\(error)")
        #expect(error.contains(#""to_arrive":2"#), "\(error)")
    }

    @Test("'bank report' while customers are served and nobody has finished says to wait for them")
    func reportWhileServing() async throws {
        let english = try await KioskBinary.run([
            "--in-memory", "--speed", "max", "-c", "bank open 4", "-c", "bank report",
        ])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(
            english.stdoutLines.contains(
                "Nobody has finished a task yet: customers are still being served. 'bank wait' waits until they are done."
            ),
            "\(english.stdout)")
        let korean = try await KioskBinary.run([
            "--in-memory", "--speed", "max", "--lang", "ko", "-c", "bank open 4", "-c", "bank report",
        ])
        #expect(
            korean.stdoutLines.contains("아직 업무를 마친 고객이 없습니다. 고객들이 업무를 보는 중입니다. 'bank wait' 명령으로 끝날 때까지 기다리세요."),
            "\(korean.stdout)")
        // Before anyone came, the hint is still to let customers in.
        let empty = try await KioskBinary.run(["--in-memory", "-c", "bank report"])
        #expect(empty.stdoutLines == ["Nobody has finished a task yet: 'bank open' lets customers in."])
    }

    /// The JSON result of `command` among `lines`.
    static func object(_ lines: [String], command: String) throws -> [String: Any] {
        let line = try #require(lines.first { $0.contains(#""command":"\#(command)""#) }, "\(lines)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Runs kiosk with `arguments`, sends SIGTERM once its first result is out, and returns
    /// its standard error.
    static func terminated(_ arguments: [String]) async throws -> String {
        let sandbox = try Sandbox()
        let output = Pipe()
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KioskBinary.path)
        process.arguments = arguments
        process.environment = sandbox.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let reader = output.fileHandleForReading
        var received = Data()
        let deadline = ContinuousClock.now + .seconds(30)
        while !received.contains(UInt8(ascii: "\n")), process.isRunning, ContinuousClock.now < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        try #require(process.isRunning, "kiosk ended before it could be stopped")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        _ = reader.readDataToEndOfFile()
        #expect(process.terminationStatus == 143)
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
