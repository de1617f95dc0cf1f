/// Makes text safe to show on a terminal: control characters (ESC, BEL, CR, ...)
/// are replaced by visible escapes, and very long values are shortened.
public enum Sanitized {
    /// The longest value quoted back to the user in an error message.
    public static let maximumQuotedLength = 64

    /// `text` with every control character shown as `\u{..}`, cut to `limit` characters.
    public static func text(_ text: String, limit: Int = maximumQuotedLength) -> String {
        var output = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                output += "…"
                break
            }
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                output += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                output.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return output
    }
}
