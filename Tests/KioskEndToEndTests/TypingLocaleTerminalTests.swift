import Foundation
import Testing

/// kiosk at the prompt when the environment names a locale that is not installed: it says
/// so once, with the command that installs it, and Hangul is typed and edited as characters.
@Suite(
    "Typing locale at the prompt", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"),
    .enabled(if: !InstalledLocales.contains(InstalledLocales.missing), "ko_KR.UTF-8 is installed"),
    .enabled(if: InstalledLocales.contains("C.UTF-8"), "no C.UTF-8 locale to fall back to"))
struct TypingLocaleTerminalTests {
    static func start(_ sandbox: Sandbox, language: String) throws -> Tmux {
        var environment = sandbox.environment
        environment["LANG"] = language
        let assignments = environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let kiosk = [KioskBinary.path, "--in-memory"].map(shellQuoted).joined(separator: " ")
        return try Tmux("env -i TERM=tmux-256color \(assignments) \(kiosk); sleep 600")
    }

    @Test("LANG names a missing locale: one warning with the fix, then Hangul typed and erased as syllables")
    func missingLocale() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, language: InstalledLocales.missing)
        let rows = try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        let warning = try #require(rows.first { $0.hasPrefix("kiosk: 경고: ") }, "\(rows)")
        #expect(warning.hasPrefix("kiosk: 경고: ko_KR.UTF-8 로캘이 설치되어 있지 않아 입력에는 C.UTF-8 로캘을 씁니다. 설치하려면: "))

        // One Backspace takes the last syllable away whole (in the C locale it takes one
        // of its three bytes, and the line no longer names a juice).
        try tmux.type("order 바나나쥬스스")
        try tmux.send("BSpace")
        try await tmux.waitFor("the syllable erased") { TerminalTests.lastPrompt($0) == "kiosk> order 바나나쥬스" }
        #expect(try tmux.cursor().column == CellWidthOracle.cells("kiosk> order 바나나쥬스"))
        try tmux.send("Enter")
        try await tmux.waitFor("the order") { $0.contains("바나나쥬스 나왔습니다! 맛있게 드세요!") }

        try tmux.type("help help")
        try tmux.send("Enter")
        try await tmux.waitFor("help's output") { $0.contains { $0.contains("help [command]") } }
        let all = try tmux.screen(scrollback: true)
        #expect(all.filter { $0.contains("로캘이 설치되어 있지 않아") }.count == 1, "the warning is said once")
        #expect(!all.contains { $0.contains("\\3") || $0.contains("모르는") })
    }

    @Test("an installed locale says nothing about locales")
    func installedLocale() async throws {
        let sandbox = try Sandbox()
        let tmux = try Self.start(sandbox, language: "C.UTF-8")
        let rows = try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        #expect(!rows.contains { $0.contains("locale") || $0.contains("로캘") })
    }
}

/// What the C library here can load, asked without changing this process's locale.
enum InstalledLocales {
    /// The locale the typing tests name; they run where it is not installed.
    static let missing = "ko_KR.UTF-8"

    static func contains(_ name: String) -> Bool {
        guard let locale = newlocale(LC_CTYPE_MASK, name, nil) else { return false }
        freelocale(locale)
        return true
    }
}
