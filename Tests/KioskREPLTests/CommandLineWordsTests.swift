import KioskCore
import Testing

@testable import KioskREPL

/// How kiosk words a bad value given on its command line, in each language.
@Suite("Command line words")
struct CommandLineWordsTests {
    @Test(
        "a database libpq cannot read is named as given, with where it came from",
        arguments: [
            (
                Language.english, "--database",
                "Error: --database must be a postgresql:// URL or a libpq conninfo, not 'postgresql://u:***@[bad' (missing \"]\"). Usage: kiosk [options] [command words...]; see 'kiosk --help'.\n"
            ),
            (
                Language.korean, "KIOSK_DATABASE",
                "오류: KIOSK_DATABASE 값은 postgresql:// URL이나 libpq conninfo여야 합니다 (지금은 'postgresql://u:***@[bad': missing \"]\"). 사용법: kiosk [옵션] [명령 단어...]. 'kiosk --help'를 보세요.\n"
            ),
        ])
    func unparsableDatabase(language: Language, source: String, line: String) {
        let problem = CommandLineProblem.unparsableDatabase(
            source: source, given: "postgresql://u:***@[bad", reason: "missing \"]\"")
        #expect(KioskProgram.usageErrorLine(problem, json: false, language: language) == line)
        let json = KioskProgram.usageErrorLine(problem, json: true, language: language)
        #expect(json.hasPrefix(#"{"type":"error","code":"bad_usage","message":"#))
    }

    @Test("an unknown --preset lists the names a user of the language types")
    func presetNames() {
        let problem = CommandLineProblem.unknownPreset("2022", choices: BankPresets.names)
        #expect(
            Language.english.catalog.describe(problem)
                == "--preset must be one of 2021-01, 2021-05, classic, not '2022'.")
        #expect(
            Language.korean.catalog.describe(problem) == "--preset은 2021-01, 2021-05, 클래식 중 하나여야 합니다 (지금은 '2022').")
        // Each name listed is one --preset takes.
        for name in ["2021-01", "2021-05", "클래식", "classic"] { #expect(BankPresets.name(for: name) != nil) }
    }

    @Test("the reconnect window's help says it takes whole seconds")
    func reconnectWindowHelp() {
        let english = EnglishCatalog.environment.first { $0.name == "KIOSK_RECONNECT_WINDOW" }?.meaning
        #expect(english?.contains("whole seconds, 0 to 600") == true)
        let korean = KoreanCatalog.commandLineOptions.first { $0.flags.hasPrefix("--reconnect-window") }?.help
        #expect(korean?.contains("정수 초, 0부터 600까지") == true)
    }
}
