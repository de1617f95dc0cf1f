import Foundation

/// Why a directory or file is not safe for kiosk to use: someone other than the user
/// running kiosk could change what it holds, or put something else in its place.
public enum PlaceRisk: Sendable, Equatable {
    /// It belongs to another user (`uid`), who can change it or its mode at any time.
    case ownedByAnotherUser(uid: UInt32)
    /// Users other than its owner may write it (`mode`: its permission bits, such as 0o777).
    case writableByOthers(mode: UInt32)
}

/// Decides whether a place is the user's own, as ssh (`StrictModes`) and gpg do before they
/// read a key or a configuration: a place kiosk reads its data from, or writes it to, must
/// belong to the user running kiosk (or to root) and must not be writable by everyone.
///
/// A symbolic link counts as what it points to: `stat`, not `lstat`, so a link in the
/// user's home to a world-writable directory is refused as the directory would be.
public enum PlaceTrust {
    /// The risk of using `path`, or nil when it is safe or does not exist (kiosk creates
    /// what is missing itself, privately).
    public static func risk(at path: String) -> PlaceRisk? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return risk(owner: status.st_uid, mode: UInt32(status.st_mode), user: geteuid())
    }

    /// The risk of a place owned by `owner` with `mode`, for a process running as `user`.
    /// Root's places are trusted: root can change anything anyway.
    static func risk(owner: uid_t, mode: UInt32, user: uid_t) -> PlaceRisk? {
        if owner != user, owner != 0 { return .ownedByAnotherUser(uid: UInt32(owner)) }
        // Writable by everyone. Group write is left alone: with a private group per user
        // (the default of most distributions, umask 002) it is the user's own.
        if mode & UInt32(S_IWOTH) != 0 { return .writableByOthers(mode: mode & 0o7777) }
        return nil
    }

    /// The name of user `uid`, or nil when the system has none for it.
    public static func userName(_ uid: UInt32) -> String? {
        guard let entry = getpwuid(uid_t(uid)), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}
