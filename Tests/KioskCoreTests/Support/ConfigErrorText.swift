import KioskCore

@testable import KioskREPL

extension ConfigError {
    /// The error as an English reader sees it: the presenter's wording of the typed problem.
    var englishText: String { EnglishCatalog().describe(self) }
    /// The same in Korean.
    var koreanText: String { KoreanCatalog().describe(self) }
}
