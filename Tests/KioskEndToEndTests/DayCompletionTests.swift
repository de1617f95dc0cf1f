import Testing

/// The shell's completion (what its script asks kiosk on Tab) offers the day words in English
/// and Korean wherever a day goes, as the prompt does.
@Suite("Days in the shell's completion", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct DayCompletionTests {
    @Test("after sales, and in -c after --from: today, yesterday, 오늘, 어제, 그제, narrowed by what was typed")
    func days() async throws {
        let all = try await KioskBinary.run(["---completion", "--", "positional@0", "2", "0", "kiosk", "sales", ""])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdoutLines == ["export", "today", "yesterday", "오늘", "어제", "그제"])
        let korean = try await KioskBinary.run(
            ["---completion", "--", "positional@0", "2", "1", "kiosk", "sales", "어"], environment: ["SAP_SHELL": "bash"]
        )
        #expect(korean.stdoutLines == ["'어제'"])
        let option = try await KioskBinary.run(
            ["---completion", "--", "--command", "2", "15", "kiosk", "-c", "'sales --from 오"],
            environment: ["SAP_SHELL": "zsh"])
        #expect(option.stdoutLines.first == "'sales --from 오늘", "\(option.stdout)")
        let export = try await KioskBinary.run(
            ["---completion", "--", "positional@0", "4", "1", "kiosk", "sales", "export", "a.csv", "y"])
        #expect(export.stdoutLines == ["yesterday"])
    }
}
