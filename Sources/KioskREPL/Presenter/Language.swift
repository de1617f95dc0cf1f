/// The language kiosk speaks: its messages, help, tables, event lines and display names.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case korean = "ko"

    /// The language `--lang`, else `$KIOSK_LANG`, else the locale (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`, the first one set) asks for; English when none names Korean.
    /// - Parameters:
    ///   - explicit: the `--lang` value, already checked by ``init(code:)``.
    ///   - environment: the process environment.
    public static func resolve(explicit: Language?, environment: [String: String]) -> Language {
        if let explicit { return explicit }
        if let chosen = environment["KIOSK_LANG"].flatMap(Language.init(code:)) { return chosen }
        // POSIX: the first of these that is set and not empty decides the messages' locale.
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let locale = environment[variable], !locale.isEmpty else { continue }
            return locale.lowercased().hasPrefix("ko") ? .korean : .english
        }
        return .english
    }

    /// A language from its code as a user types it: `ko`, `KO`, `ko_KR.UTF-8`, `en-US`.
    public init?(code: String) {
        let language = code.lowercased().prefix { $0.isLetter }
        guard let match = Language(rawValue: String(language)) else { return nil }
        self = match
    }

    /// The catalog of this language's sentences.
    var catalog: any MessageCatalog {
        switch self {
        case .english: EnglishCatalog()
        case .korean: KoreanCatalog()
        }
    }
}
