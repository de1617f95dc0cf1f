import Foundation

/// `$TZ` made readable to Foundation, whose calendar dates the days of `sales` and the times of
/// the exports. Foundation reads a zone's name (`Asia/Seoul`) and nothing else; glibc, `date`
/// and the shell also read `:Asia/Seoul`, a path into the zone files (`:/etc/localtime`,
/// `/usr/share/zoneinfo/Asia/Seoul`) and POSIX rules (`KST-9`), and Foundation would count
/// those days in UTC without a word.
enum LocalTimeZone {
    /// Rewrites `$TZ` to the zone's name where its path or a leading colon gives one, before
    /// anything asks Foundation for the current time zone.
    /// - Returns: `$TZ` as it was when it names no zone Foundation knows even so (a POSIX
    ///   rule): days are then counted in UTC, which the caller says.
    static func prepare() -> String? {
        guard let pointer = getenv("TZ") else { return nil }
        let value = String(cString: pointer)
        guard !value.isEmpty, TimeZone(identifier: value) == nil else { return nil }
        var name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if name.hasPrefix("/") || name.hasPrefix(".") {
            // `/etc/localtime` is a link into the zone files; its target names the zone.
            let resolved = (name as NSString).resolvingSymlinksInPath
            if let files = resolved.range(of: "/zoneinfo/") { name = String(resolved[files.upperBound...]) }
        }
        guard TimeZone(identifier: name) != nil else { return value }
        setenv("TZ", name, 1)
        return nil
    }
}
