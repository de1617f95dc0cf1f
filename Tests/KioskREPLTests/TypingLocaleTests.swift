import KioskCore
import Testing

@testable import KioskREPL

/// The locale for typing at the prompt: a named locale that is not installed falls back to
/// an installed UTF-8 one, and the warning says which and how to install the missing one.
@Suite("Typing locale")
struct TypingLocaleTests {
    /// A C library with `installed` locales: records what kiosk asked it to load.
    final class FakeLocales {
        let installed: Set<String>
        let environmentLocale: String
        private(set) var asked: [String] = []
        init(installed: Set<String>, environment: String) {
            self.installed = installed
            environmentLocale = environment
        }
        func load(_ name: String) -> Bool {
            asked.append(name)
            return installed.contains(name.isEmpty ? environmentLocale : name)
        }
    }

    static let debian = TypingLocale.System(id: "debian")

    @Test("an installed locale is used as it is, and nothing is said")
    func installed() {
        let locales = FakeLocales(installed: ["ko_KR.UTF-8", "C.UTF-8"], environment: "ko_KR.UTF-8")
        let missing = TypingLocale.prepare(
            environment: ["LANG": "ko_KR.UTF-8"], system: Self.debian, setLocale: locales.load)
        #expect(missing == nil)
        #expect(locales.asked == [""])
    }

    @Test("a missing locale falls back to C.UTF-8 and names the command that installs it")
    func missingFallsBack() {
        let locales = FakeLocales(installed: ["C.UTF-8"], environment: "ko_KR.UTF-8")
        let missing = TypingLocale.prepare(
            environment: ["LANG": "ko_KR.UTF-8"], system: Self.debian, setLocale: locales.load)
        #expect(
            missing
                == TypingLocale(
                    missing: "ko_KR.UTF-8", fallback: "C.UTF-8",
                    installCommand:
                        "apt-get install locales && sed -i 's/# ko_KR.UTF-8/ko_KR.UTF-8/' /etc/locale.gen && locale-gen"
                ))
        #expect(locales.asked == ["", "C.UTF-8"])
    }

    @Test("LC_ALL, then LC_CTYPE, then LANG names the missing locale; the next fallback is tried")
    func whichVariable() {
        let locales = FakeLocales(installed: ["C.utf8"], environment: "ko_KR.utf8")
        let missing = TypingLocale.prepare(
            environment: ["LC_ALL": "", "LC_CTYPE": "ko_KR.utf8", "LANG": "en_US.UTF-8"], system: Self.debian,
            setLocale: locales.load)
        #expect(missing?.missing == "ko_KR.utf8")
        #expect(missing?.fallback == "C.utf8")
        // locale.gen spells the codeset UTF-8.
        #expect(missing?.installCommand?.contains("'s/# ko_KR.UTF-8/ko_KR.UTF-8/'") == true)
    }

    @Test("without any UTF-8 locale there is no fallback, and the warning says typing may break")
    func noFallback() {
        let locales = FakeLocales(installed: [], environment: "ko_KR.UTF-8")
        let missing = TypingLocale.prepare(
            environment: ["LANG": "ko_KR.UTF-8"], system: Self.debian, setLocale: locales.load)
        #expect(missing?.fallback == nil)
        #expect(locales.asked == [""] + TypingLocale.fallbacks)
        #expect(
            missing?.warningLine(language: .korean, json: false)
                == "kiosk: 경고: ko_KR.UTF-8 로캘이 설치되어 있지 않고 UTF-8 로캘도 없어서 한글 입력이 깨질 수 있습니다. "
                + "설치하려면: apt-get install locales && sed -i 's/# ko_KR.UTF-8/ko_KR.UTF-8/' /etc/locale.gen && locale-gen\n"
        )
    }

    @Test(
        "the install command follows the system",
        arguments: [
            ("ID=ubuntu\nID_LIKE=debian\n", "apt-get install locales && locale-gen ko_KR.UTF-8"),
            (
                "ID=\"debian\"\n",
                "apt-get install locales && sed -i 's/# ko_KR.UTF-8/ko_KR.UTF-8/' /etc/locale.gen && locale-gen"
            ),
            ("ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\n", "dnf install glibc-langpack-ko"),
            ("ID=arch\n", "sed -i 's/#ko_KR.UTF-8/ko_KR.UTF-8/' /etc/locale.gen && locale-gen"),
            ("", "localedef -i ko_KR -f UTF-8 ko_KR.UTF-8"),
        ])
    func installCommands(osRelease: String, command: String) {
        let system = TypingLocale.System(osRelease: osRelease)
        #expect(TypingLocale.installCommand(for: "ko_KR.UTF-8", on: system) == command)
    }

    @Test(
        "a name that is not a plain locale name gets no command to copy",
        arguments: ["ko_KR.UTF-8; rm -rf ~", "ko", "$(x)"])
    func noCommandForOddNames(name: String) {
        #expect(TypingLocale.installCommand(for: name, on: Self.debian) == nil)
    }

    @Test("the warning in English, and as a JSON Lines warning with the locale, the fallback and the command")
    func wording() {
        let missing = TypingLocale(
            missing: "ko_KR.UTF-8", fallback: "C.UTF-8", installCommand: "locale-gen ko_KR.UTF-8")
        #expect(
            missing.warningLine(language: .english, json: false)
                == "kiosk: warning: the locale ko_KR.UTF-8 is not installed, typing uses C.UTF-8 instead. "
                + "To install it: locale-gen ko_KR.UTF-8\n")
        #expect(
            missing.warningLine(language: .korean, json: false)
                == "kiosk: 경고: ko_KR.UTF-8 로캘이 설치되어 있지 않아 입력에는 C.UTF-8 로캘을 씁니다. 설치하려면: locale-gen ko_KR.UTF-8\n")
        let json = missing.warningLine(language: .english, json: true)
        #expect(
            json.hasPrefix(
                #"{"type":"warning","code":"locale_missing","locale":"ko_KR.UTF-8","fallback":"C.UTF-8","install":"locale-gen ko_KR.UTF-8","message":"#
            ))
        #expect(json.hasSuffix("\n"))
    }
}
