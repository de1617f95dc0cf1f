import Testing

@testable import KioskCore

@Suite("Command line flags")
struct CommandLineFlagTests {
    @Test(
        "a mistyped flag suggests the one it most likely meant, and none when no flag is close or one letter is shared",
        arguments: [
            ("-f", "--file"), ("-j", "--json"), ("-p", "--preset"), ("-s", nil), ("-d", nil), ("-1", nil),
            ("--in-memroy", "--in-memory"), ("--datadir", "--data-dir"), ("--jsn=1", "--json"),
            ("--verison", "--version"), ("--bogus", nil), ("--colour", nil),
        ] as [(String, String?)])
    func suggestion(given: String, meant: String?) {
        #expect(CommandLineFlag.suggestion(for: given) == meant)
    }
}
