import Glibc
import KioskCore

/// The C library's character type for typing at the prompt, and what to say when the
/// environment names a locale that is not installed.
///
/// readline reads keys as characters of the locale's `LC_CTYPE`. When the environment names
/// one that `setlocale` cannot load (`LANG=ko_KR.UTF-8` on a system without it), readline
/// is left in the C locale: Hangul arrives as single bytes, a syllable is drawn as escapes
/// and Backspace removes a third of it. kiosk falls back to a UTF-8 locale that is
/// installed, so typing keeps working, and says once which locale is missing and how to
/// install it.
///
/// ```swift
/// if let missing = TypingLocale.prepare(environment: environment, system: .current) {
///     missing.fallback      // "C.UTF-8"
///     missing.installCommand // "apt-get install locales && sed -i ... && locale-gen"
/// }
/// ```
struct TypingLocale: Sendable, Equatable {
    /// The locale the environment names (`LC_ALL`, else `LC_CTYPE`, else `LANG`), which
    /// could not be loaded; safe to print.
    let missing: String
    /// The installed UTF-8 locale typing uses instead; nil when none could be loaded either.
    let fallback: String?
    /// The shell command that installs `missing` on this system; nil when kiosk does not
    /// know one (a name that is not a plain locale name, an unknown system).
    let installCommand: String?

    /// UTF-8 locales to fall back to, most likely installed first: glibc builds C.UTF-8
    /// in from version 2.35, and Debian and Ubuntu have shipped it long before.
    static let fallbacks = ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"]

    /// What kiosk knows of the system it runs on, to tell how a locale is installed.
    struct System: Sendable, Equatable {
        /// `ID` of os-release(5): `debian`, `ubuntu`, `fedora`.
        var id: String
        /// `ID_LIKE` of os-release(5), split at spaces: `["debian"]`.
        var like: [String]

        /// The system as `/etc/os-release` (else `/usr/lib/os-release`) describes it.
        static var current: System {
            let text = ["/etc/os-release", "/usr/lib/os-release"].lazy.compactMap { path in
                try? ReadableFile.contents(of: path)
            }.first.map { String(decoding: $0, as: UTF8.self) }
            return System(osRelease: text ?? "")
        }

        init(id: String, like: [String] = []) {
            self.id = id
            self.like = like
        }

        /// Reads the `ID` and `ID_LIKE` lines of an os-release(5) file.
        init(osRelease: String) {
            var fields: [String: String] = [:]
            for line in osRelease.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                fields[String(parts[0])] = String(parts[1].filter { $0 != "\"" && $0 != "'" })
            }
            id = fields["ID"]?.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
            like = fields["ID_LIKE"]?.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
        }

        func isLike(_ name: String) -> Bool { id == name || like.contains(name) }
    }

    /// Loads the environment's `LC_CTYPE` as readline is about to, and falls back to an
    /// installed UTF-8 locale when it cannot. Call it before readline starts and before other
    /// threads read the locale: `setlocale` changes the whole process.
    /// - Parameters:
    ///   - environment: where the locale's name is read, for the message.
    ///   - system: tells how a locale is installed here.
    ///   - setLocale: loads `LC_CTYPE` by name (`""`: the environment's), true when it did.
    /// - Returns: what is missing and what typing uses instead, or nil when the
    ///   environment's locale loaded (or names none).
    static func prepare(
        environment: [String: String], system: System,
        setLocale: (String) -> Bool = { setlocale(LC_CTYPE, $0) != nil }
    ) -> TypingLocale? {
        guard !setLocale("") else { return nil }
        // The variable setlocale read: the first that is set and not empty (POSIX).
        let named = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let missing = named ?? ""
        let fallback = fallbacks.first { setLocale($0) }
        return TypingLocale(
            missing: Sanitized.text(missing, limit: 64), fallback: fallback,
            installCommand: installCommand(for: missing, on: system))
    }

    /// The command that installs `locale` on `system`, or nil when kiosk knows none.
    static func installCommand(for locale: String, on system: System) -> String? {
        // Only a plain name goes into a command to copy: `ko_KR.UTF-8`, `de_DE@euro`.
        let plain = locale.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "_.@-".unicodeScalars.contains(scalar)
        }
        let parts = locale.split(separator: ".", maxSplits: 1)
        guard plain, let territory = parts.first, territory.contains("_") else { return nil }
        // /etc/locale.gen and locale-gen spell the codeset `UTF-8`.
        let codeset = parts.count == 2 ? String(parts[1]) : nil
        let utf8 = codeset.map { ["utf8", "utf-8"].contains($0.lowercased()) } ?? false
        let name = utf8 ? "\(territory).UTF-8" : locale
        let language = territory.prefix { $0 != "_" }
        if system.id == "ubuntu" {
            return "apt-get install locales && locale-gen \(name)"
        }
        if system.isLike("debian") {
            return "apt-get install locales && sed -i 's/# \(name)/\(name)/' /etc/locale.gen && locale-gen"
        }
        if system.isLike("fedora") || system.isLike("rhel") {
            return "dnf install glibc-langpack-\(language)"
        }
        if system.isLike("arch") {
            return "sed -i 's/#\(name)/\(name)/' /etc/locale.gen && locale-gen"
        }
        guard utf8 else { return nil }
        return "localedef -i \(territory) -f UTF-8 \(name)"
    }

    /// The line that says so on standard error: text in `language`, or a JSON Lines warning.
    func warningLine(language: Language, json: Bool) -> String {
        let message = language.typingLocaleCatalog.typingLocaleMissing(
            missing, fallback: fallback, install: installCommand)
        guard json else { return "kiosk: " + message + "\n" }
        let warning = JSONContract.Warning(
            code: "locale_missing",
            details: Details(locale: missing, fallback: fallback, install: installCommand),
            message: message)
        let line = JSONLine(
            warning, orElse: .object([JSONField("type", "warning"), JSONField("code", "locale_missing")]))
        return line.serialized() + "\n"
    }

    /// The details of the JSON warning `locale_missing`.
    private struct Details: Encodable {
        let locale: String
        let fallback: String?
        let install: String?
    }
}

/// The words of ``TypingLocale``'s warning.
protocol TypingLocaleCatalog: Sendable {
    /// `missing` is not installed; typing uses `fallback` (nil: no UTF-8 locale either);
    /// `install` installs it.
    func typingLocaleMissing(_ missing: String, fallback: String?, install: String?) -> String
}

extension Language {
    /// The words of ``TypingLocale``'s warning in this language.
    var typingLocaleCatalog: any TypingLocaleCatalog {
        switch self {
        case .english: EnglishCatalog()
        case .korean: KoreanCatalog()
        }
    }
}

extension EnglishCatalog: TypingLocaleCatalog {
    func typingLocaleMissing(_ missing: String, fallback: String?, install: String?) -> String {
        let instead =
            fallback.map { "typing uses \($0) instead." }
            ?? "nor is any UTF-8 locale, so typed Hangul may come out garbled."
        let fix = install.map { " To install it: \($0)" } ?? ""
        return "warning: the locale \(missing) is not installed, \(instead)\(fix)"
    }
}

extension KoreanCatalog: TypingLocaleCatalog {
    func typingLocaleMissing(_ missing: String, fallback: String?, install: String?) -> String {
        let instead =
            fallback.map { "설치되어 있지 않아 입력에는 \($0) 로캘을 씁니다." }
            ?? "설치되어 있지 않고 UTF-8 로캘도 없어서 한글 입력이 깨질 수 있습니다."
        let fix = install.map { " 설치하려면: \($0)" } ?? ""
        return "경고: \(missing) 로캘이 \(instead)\(fix)"
    }
}
