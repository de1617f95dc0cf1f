import Glibc

/// `~` at the start of a path typed at the prompt, expanded as a shell does: `~` and `~/…`
/// name the home directory (`$HOME`, else the user database's entry for this user), and
/// `~bob/…` names bob's (`getpwnam`).
///
/// ```swift
/// try TildeExpansion.expand("~/day.csv", home: "/home/ann")   // "/home/ann/day.csv"
/// try TildeExpansion.expand("~root")                           // "/root"
/// ```
public enum TildeExpansion {
    /// `word` with its `~` prefix (everything before the first `/`) replaced by that home
    /// directory; `word` as it is when it does not start with `~`, or when there is no home
    /// to put for a bare `~` (a shell leaves it too).
    /// - Parameter home: the value of `$HOME`; by default the process environment's.
    /// - Throws: ``ParseError/unknownUser(_:given:)`` when `~name` names no user.
    public static func expand(_ word: String, home: String? = environmentHome()) throws(ParseError) -> String {
        guard word.utf8.first == UInt8(ascii: "~") else { return word }
        let slash = word.firstIndex(of: "/") ?? word.endIndex
        let user = String(word[word.index(after: word.startIndex)..<slash])
        let rest = word[slash...]
        let directory: String?
        if user.isEmpty {
            directory = home ?? homeOfUser(id: getuid())
        } else {
            guard let found = homeOfUser(named: user) else { throw .unknownUser(user, given: word) }
            directory = found
        }
        guard let directory else { return word }
        // `~/a` under a home of `/` is `/a`, not `//a`.
        if directory.hasSuffix("/"), rest.hasPrefix("/") { return String(directory.dropLast()) + rest }
        return directory + rest
    }

    /// `$HOME` as the process has it, nil when unset.
    public static func environmentHome() -> String? {
        getenv("HOME").map { String(cString: $0) }
    }

    /// The home directory of the user `name` in the user database, nil when there is none.
    static func homeOfUser(named name: String) -> String? {
        // A name with a NUL would be cut short by C: it names no user.
        guard !name.utf8.contains(0) else { return nil }
        return withEntry { entry, buffer, size, result in getpwnam_r(name, &entry, buffer, size, &result) }
    }

    static func homeOfUser(id: uid_t) -> String? {
        withEntry { entry, buffer, size, result in getpwuid_r(id, &entry, buffer, size, &result) }
    }

    /// Runs a reentrant user-database lookup with a buffer that grows while it is too small.
    private static func withEntry(
        _ lookup: (inout passwd, UnsafeMutablePointer<CChar>, Int, inout UnsafeMutablePointer<passwd>?) -> Int32
    ) -> String? {
        var size = 1_024
        while size <= 1 << 20 {
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>?
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            defer { buffer.deallocate() }
            let status = lookup(&entry, buffer, size, &result)
            if status == ERANGE {
                size *= 4
                continue
            }
            guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
            return String(cString: directory)
        }
        return nil
    }
}
