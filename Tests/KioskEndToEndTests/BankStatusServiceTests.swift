import Foundation
import Testing

/// `bank status` in text shows each task's service time at each desk, as the live view does;
/// `bank report --json` counts who is at the bank, as its text says.
@Suite("The bank's status and report", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankStatusServiceTests {
    @Test("a line under the table gives each task's service time, by desk where a desk serves several")
    func serviceTimes() async throws {
        let classic = try await KioskBinary.run(["--in-memory", "--speed", "max", "-c", "bank status"])
        #expect(classic.status == 0, "\(classic.stderr)")
        #expect(classic.stdoutLines.last == "Service times: Deposit 0.700 s · Loan 1.100 s", "\(classic.stdout)")
        let staged = try await KioskBinary.run(
            ["--in-memory", "--speed", "max", "--preset", "2021-05", "-c", "bank status"])
        #expect(
            staged.stdoutLines.last
                == "Service times: Counter: Deposit 0.700 s, Loan 0.300 + 0.300 s · Head Office: Loan 0.500 s",
            "\(staged.stdout)")
        let korean = try await KioskBinary.run(["--in-memory", "--lang", "ko", "-c", "bank status"])
        #expect(korean.stdoutLines.last == "업무별 시간: 예금 0.700초 · 대출 1.100초", "\(korean.stdout)")
        let json = try await KioskBinary.run(["--in-memory", "--json", "-c", "bank status"])
        #expect(!json.stdout.contains("Service times"))
    }

    @Test("bank report --json has present: customers at the bank, as the text says they are")
    func reportPresent() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--json", "--events", "off", "--seed", "1", "-c", "bank add 5", "-c", "bank report"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdoutLines.first { $0.contains(#""command":"bank report""#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["present"] as? Int == 5)
        let text = try await KioskBinary.run(["--in-memory", "--seed", "1", "-c", "bank add 5", "-c", "bank report"])
        #expect(text.stdout.contains("customers are still being served"))
        let after = try await KioskBinary.run(
            ["--in-memory", "--json", "--speed", "max", "-c", "bank open 3", "-c", "bank wait", "-c", "bank report"])
        let done = try #require(after.stdoutLines.first { $0.contains(#""command":"bank report""#) })
        #expect(done.hasSuffix(#","present":0}"#), "\(done)")
    }
}
