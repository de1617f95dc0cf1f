import Foundation

/// Takes passwords out of text kiosk is about to show: libpq's own messages quote a URL it
/// cannot parse whole, password included, and a user may paste a conninfo into a bug report.
///
/// The passwords come from the text the user gave (`--database`, `$KIOSK_DATABASE`), read
/// leniently because it may be malformed: a URL's `user:password@`, a `password=` query
/// parameter or conninfo keyword. Every occurrence of each, as given and percent-decoded, is
/// replaced; so is any password-shaped part of the message itself.
///
/// ```swift
/// PasswordRedaction(conninfo: "postgresql://ana:S3cret@[::1/shop")
///     .redact(#"invalid URI: "postgresql://ana:S3cret@[::1/shop""#)
/// // #"invalid URI: "postgresql://ana:***@[::1/shop""#
/// ```
struct PasswordRedaction: Sendable {
    /// What a password is replaced with.
    static let mask = "***"

    /// The passwords found in the conninfo, longest first (so that one inside another is
    /// not left half-replaced).
    let secrets: [String]

    /// The passwords `conninfo` holds, however malformed it is.
    init(conninfo: String) {
        var found = Set(Self.passwords(in: conninfo))
        for secret in found {
            if let decoded = secret.removingPercentEncoding { found.insert(decoded) }
        }
        secrets = found.filter { !$0.isEmpty && $0 != Self.mask }.sorted { $0.count > $1.count }
    }

    /// `text` with every password replaced by ``mask``.
    func redact(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacing(secret, with: Self.mask)
        }
        // A message may quote a password kiosk did not find in what it was given (libpq
        // quotes its own expansion of the text): redact the shapes too.
        for secret in Self.passwords(in: result) where !secret.isEmpty && secret != Self.mask {
            result = result.replacing(secret, with: Self.mask)
        }
        return result
    }

    /// The password-shaped values in `text`: each URL's `user:password@`, and each
    /// `password=` keyword or query parameter.
    static func passwords(in text: String) -> [String] {
        urlPasswords(in: text) + keywordPasswords(in: text)
    }

    /// The `password` of each `scheme://user:password@host…` in `text`. The authority ends at
    /// the first `/`, `?` or `#` after the last `@` before them, or at a quote or a space, so a
    /// malformed host (`@[::1:5432`) still leaves the password found.
    private static func urlPasswords(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let scheme = rest.range(of: "://") {
            let afterScheme = rest[scheme.upperBound...]
            let authorityEnd =
                afterScheme.firstIndex { $0 == "\"" || $0 == "'" || $0 == " " || $0 == "\n" } ?? afterScheme.endIndex
            let authority = afterScheme[..<authorityEnd]
            // A password may hold `/` or `?` when the URL is malformed, so the user part ends
            // at the last `@` of the authority.
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                if let colon = userInfo.firstIndex(of: ":") {
                    found.append(String(userInfo[userInfo.index(after: colon)...]))
                }
            }
            rest = afterScheme
        }
        return found
    }

    /// The value of each `password=` in `text`, twice: as written (`S3cret\' PW`, what a
    /// message quoting the text shows) and as libpq reads it (`S3cret' PW`). Quoted as
    /// conninfo quotes (`'a b'`, with `\'` and `\\`), or up to the next space, `&`, `#` or
    /// quote, where a backslash keeps the character after it (`a\ b` is one value).
    private static func keywordPasswords(in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let keyword = rest.range(of: "password", options: .caseInsensitive) {
            var index = keyword.upperBound
            while index < rest.endIndex, rest[index] == " " { index = rest.index(after: index) }
            guard index < rest.endIndex, rest[index] == "=" else {
                rest = rest[keyword.upperBound...]
                continue
            }
            index = rest.index(after: index)
            while index < rest.endIndex, rest[index] == " " { index = rest.index(after: index) }
            let quoted = index < rest.endIndex && rest[index] == "'"
            if quoted { index = rest.index(after: index) }
            let start = index
            var value = ""
            while index < rest.endIndex, quoted ? rest[index] != "'" : !" &#\"'\n".contains(rest[index]) {
                if rest[index] == "\\", rest.index(after: index) < rest.endIndex {
                    index = rest.index(after: index)
                }
                value.append(rest[index])
                index = rest.index(after: index)
            }
            found.append(String(rest[start..<index]))
            found.append(value)
            rest = rest[index...]
        }
        return found
    }
}
