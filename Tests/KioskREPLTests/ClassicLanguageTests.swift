import Testing

@testable import KioskREPL

/// `kiosk classic` is the exercise's Korean console: only `--lang` and `$KIOSK_LANG` change
/// its language, never the locale; every other mode keeps following the locale.
@Suite("Classic console language")
struct ClassicLanguageTests {
    static func language(classic: Bool, flag: Language?, _ environment: [String: String]) -> Language {
        var options = SessionOptions()
        options.classic = classic
        options.language = flag
        options.environment = environment
        return options.resolvedLanguage
    }

    @Test(
        "classic: --lang, then KIOSK_LANG, else Korean whatever the locale",
        arguments: [
            (nil, [:], Language.korean),
            (nil, ["LANG": "C.UTF-8"], .korean),
            (nil, ["LC_ALL": "en_US.UTF-8"], .korean),
            (nil, ["KIOSK_LANG": "en", "LANG": "ko_KR.UTF-8"], .english),
            (nil, ["KIOSK_LANG": "fr", "LANG": "en_US.UTF-8"], .korean),
            (Language.english, ["KIOSK_LANG": "ko"], .english),
        ] as [(Language?, [String: String], Language)])
    func classic(flag: Language?, environment: [String: String], expected: Language) {
        #expect(Self.language(classic: true, flag: flag, environment) == expected)
    }

    @Test("other modes still follow the locale")
    func otherModes() {
        #expect(Self.language(classic: false, flag: nil, ["LANG": "C.UTF-8"]) == .english)
        #expect(Self.language(classic: false, flag: nil, ["LANG": "ko_KR.UTF-8"]) == .korean)
    }
}
