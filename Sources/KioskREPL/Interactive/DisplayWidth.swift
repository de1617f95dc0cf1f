import CReadline
import Glibc

/// How many terminal columns text takes, the way readline draws it.
enum DisplayWidth {
    /// The column reached after drawing `text` from column `start`.
    static func of(_ text: String, startingAt start: Int = 0) -> Int {
        var column = start
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09:
                column += 8 - column % 8
            case 0x00..<0x20, 0x7F:
                column += 2  // readline shows control characters as ^X
            case 0x20..<0x7F:
                column += 1
            default:
                // Wide characters take two columns, combining marks none; a character the
                // locale does not know is counted as one.
                let width = kiosk_wcwidth(scalar.value)
                column += width < 0 ? 1 : Int(width)
            }
        }
        return column
    }

    /// The terminal cells `text` takes, whatever locale the process runs in: Hangul, CJK
    /// and most emoji take two, combining marks none. For laying out tables, whose text is
    /// already sanitized (no control characters).
    static func cells(_ text: String) -> Int {
        // wcwidth answers by the thread's LC_CTYPE; in the "C" locale it knows no character
        // past ASCII. The measuring thread borrows a UTF-8 locale for the call.
        guard let locale = utf8Locale.value else { return of(text) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return of(text)
    }

    /// glibc's built-in C.UTF-8 locale, made once; nil where the system has none.
    ///
    /// `@unchecked Sendable`: the handle is created once and only read after; uselocale(3)
    /// may install one locale object on several threads at once.
    private final class LocaleHandle: @unchecked Sendable {
        let value: locale_t?
        init() { value = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) }
    }

    private static let utf8Locale = LocaleHandle()
}
