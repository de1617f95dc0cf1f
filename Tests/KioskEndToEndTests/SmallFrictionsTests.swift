import Foundation
import Testing

/// The small frictions of a shop day: trailing spaces, a phrase cut at the terminal's edge,
/// a signal that cancels the bank, a fix that leaves the shelf empty, mixed number shapes.
@Suite("Small frictions", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct SmallFrictionsTests {
    @Test("the fix for a short order adds what fills it and says the shelf is empty after; fill is offered too")
    func fixWording() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "-c", "order mango 3", "-c", "order mango 2", "-c", "order strawberry-banana 2"])
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "kiosk: -c #2: Cannot make 2 Mango Juice: mango needs 6, has 1. Fix: 'stock add mango 5' adds just what this order takes (the shelf is empty after it), or 'stock fill mango' fills the shelf.",
                "kiosk: -c #3: Cannot make 2 Strawberry-Banana Juice: strawberry needs 20, has 10. Fix: 'stock add strawberry 10' adds just what this order takes (the shelf is empty after it), or 'stock fill strawberry' fills the shelf.",
            ])
        // What the fix says is so: the order goes through and the shelf is empty.
        let fixed = try await KioskBinary.run(
            ["--in-memory", "-c", "order mango 3", "-c", "stock add mango 5", "-c", "order mango 2"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdoutLines.contains("Stock: mango 6 -> 0"), "\(fixed.stdout)")
        let korean = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "order strawberry"])
        #expect(
            korean.stderrLines == [
                "kiosk: -c: 재료가 모자라요. 딸기쥬스 1잔에 딸기 16개가 필요한데 10개 있어요. 해결: 'stock add 딸기 6'은 이 주문에 딱 필요한 만큼만 더해요(주문 뒤 진열대는 비어요). 'stock fill 딸기'는 진열대를 가득 채워요."
            ])
    }

    @Test("SIGTERM during bank wait says what was cancelled, not that the bank goes on serving")
    func sigtermDuringWait() async throws {
        let sandbox = try Sandbox()
        let output = Pipe()
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KioskBinary.path)
        process.arguments = ["--in-memory", "-c", "bank add 5 --over 60s", "-c", "bank wait"]
        process.environment = sandbox.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let reader = output.fileHandleForReading
        var received = Data()
        let deadline = ContinuousClock.now + .seconds(30)
        while received.firstRange(of: Data("Bank open".utf8)) == nil, process.isRunning, ContinuousClock.now < deadline
        {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        try #require(process.isRunning, "kiosk ended before the wait could be interrupted")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        let stdout = String(decoding: received + reader.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 143)
        #expect(!(stdout + stderr).contains("goes on serving"), "\(stdout)\(stderr)")
        #expect(stderr.hasPrefix("Interrupted. Cancelled "), "\(stderr)")
    }

    @Test("the plan's tables end no line in a space, and customers per day are whole like the JSON's")
    func planOutput() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--seed", "1", "--preset", "2021-05", "-c", "bank plan --replications 4"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdoutLines.contains { $0.hasSuffix(" ") }, "\(run.stdout)")
        let header = try #require(run.stdoutLines.firstIndex { $0.hasPrefix("Task ") })
        let rows = run.stdoutLines[(header + 1)...].prefix { !$0.hasPrefix("Desk") }
        #expect(rows.count == 8)
        let column = try #require(run.stdoutLines[header].range(of: "Customers/day"))
        for row in rows {
            // The figure right-aligned under the title: digits only.
            let end = row.index(row.startIndex, offsetBy: row.distance(from: row.startIndex, to: column.upperBound))
            let figure = row[..<end].split(separator: " ").last.map(String.init) ?? ""
            #expect(!figure.isEmpty && figure.allSatisfy(\.isNumber), "\(row)")
        }
    }

    @Test(
        "bank status on a narrow terminal wraps its waiting tickets under their column and keeps 'and N more' whole",
        .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
    func narrowStatus() async throws {
        let sandbox = try Sandbox()
        let environment = sandbox.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(
            separator: " ")
        let kiosk = [KioskBinary.path, "--in-memory", "--seed", "1", "--speed", "0.001"].map(shellQuoted).joined(
            separator: " ")
        let tmux = try Tmux("env -i TERM=tmux-256color \(environment) \(kiosk); sleep 600", width: 60, height: 30)
        try await tmux.waitFor("the prompt") { $0.contains { $0.hasPrefix("kiosk>") } }
        try tmux.type("bank open 30")
        try tmux.send("Enter")
        try await tmux.waitFor("the bank open") { $0.contains { $0.hasPrefix("Bank open: 30 customers") } }
        try tmux.type("bank status")
        try tmux.send("Enter")
        let rows = try await tmux.waitFor("the status table") { rows in
            rows.contains { $0.hasPrefix("Loan ") } && rows.last { $0.hasPrefix("kiosk>") } != nil
                && rows.lastIndex { $0.hasPrefix("Loan ") } ?? 0 < rows.lastIndex { $0.hasPrefix("kiosk>") } ?? 0
        }
        let table = rows.drop { !$0.hasPrefix("Desk ") }.prefix { !$0.hasPrefix("kiosk>") }
        #expect(table.contains { $0.range(of: #"and \d+ more$"#, options: .regularExpression) != nil }, "\(rows)")
        #expect(!table.contains { $0.hasSuffix(" and") || $0.hasPrefix("more") }, "\(rows)")
        // Wrapped lines start under the waiting column, not at the terminal's left edge.
        let column = try #require(table.first?.range(of: "Waiting")).lowerBound.utf16Offset(in: table.first ?? "")
        #expect(table.contains { $0.hasPrefix(String(repeating: " ", count: column) + "#") }, "\(rows)")
        #expect(table.allSatisfy { $0.count <= 60 })
        try tmux.type("bank reset")
        try tmux.send("Enter")
    }
}
