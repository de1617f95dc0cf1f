import Testing

/// A bank with one grade (the built-in classic bank: `regular`) takes that grade when it is
/// typed, as a bank with several does, though usage and help leave the argument out.
@Suite struct OneGradeBankTests {
    @Test("bank add with the only grade is accepted; another grade is refused naming the one")
    func onlyGradeAccepted() async throws {
        let run = try await KioskBinary.run(
            [
                "--in-memory", "--speed", "max", "--json", "-c", "bank add 1 deposit regular", "-c",
                "bank add 1 loan vip",
            ])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains(#""command":"bank add""#) && $0.contains(#""type":"result""#) })
        #expect(run.stderr.contains(#""code":"unknown_grade""#), "\(run.stderr)")
        #expect(!run.stderr.contains("regular\""), "only one error, for vip: \(run.stderr)")
    }

    @Test("usage and help do not offer a grade when there is only one")
    func usageHidesTheOnlyGrade() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "help bank add"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Usage: bank add [customers] [deposit|loan] [--over <duration>]"))
        #expect(!run.stdout.contains("grade]"))
    }
}
