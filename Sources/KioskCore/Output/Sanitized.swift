/// Makes text safe to show on a terminal: control characters (ESC, BEL, CR, ...)
/// are replaced by visible escapes, and very long values are shortened.
public enum Sanitized {
    /// The longest value quoted back to the user in an error message.
    public static let maximumQuotedLength = 64

    /// `text` with every control, separator and invisible format character shown as
    /// `\u{..}`, cut to `limit` characters.
    public static func text(_ text: String, limit: Int = maximumQuotedLength) -> String {
        // Most text has nothing to escape and fits (a word typed, a line of a table): it is
        // shown as it is, without a copy made scalar by scalar.
        if text.utf8.count <= limit, isPrintableASCII(text) { return text }
        var scalars = 0
        if text.unicodeScalars.allSatisfy({ scalar in
            scalars += 1
            return scalars <= limit && !mustEscape(scalar)
        }) {
            return text
        }
        var output = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                output += "…"
                break
            }
            if Self.mustEscape(scalar) {
                output += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                output.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return output
    }

    /// Whether `text` holds only printable ASCII (so no newline and nothing to escape), read
    /// in place where its bytes are contiguous, as a native string's are.
    public static func isPrintableASCII(_ text: String) -> Bool {
        let printable = { (byte: UInt8) in (0x20...0x7E).contains(byte) }
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(printable) }
            ?? text.utf8.allSatisfy(printable)
    }

    /// Control characters, line and paragraph separators, and invisible format characters:
    /// bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what follows,
    /// zero-width spaces (U+200B) and the like. The zero-width joiner and non-joiner stay:
    /// emoji sequences and several scripts need them, and they move nothing.
    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII's only controls are C0 and DEL; no table look-up for them.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        return switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: scalar != "\u{200C}" && scalar != "\u{200D}"
        default: false
        }
    }
}
