import Foundation

/// Where kiosk keeps its files, after the XDG Base Directory specification, and how it
/// creates the private directories that hold them.
///
/// An XDG variable counts only when it holds an absolute path (the specification ignores
/// relative ones); otherwise the specification's default under `HOME` applies.
///
/// ```swift
/// let environment = ProcessInfo.processInfo.environment
/// let data = try KioskPaths.dataDirectory(explicit: nil, environment: environment)
/// // "/home/ana/.local/share/kiosk"
/// try KioskPaths.makePrivateDirectory(data)   // created 0700 if missing
/// ```
public enum KioskPaths {
    /// The directory kiosk uses under each XDG base directory.
    static let applicationDirectory = "kiosk"
    /// The configuration file's name in kiosk's configuration directory.
    static let configFileName = "kiosk.toml"

    /// The directory that holds the database: `explicit` (`--data-dir`) when given, else
    /// `$XDG_DATA_HOME/kiosk`, else `~/.local/share/kiosk`.
    /// - Parameters:
    ///   - explicit: the `--data-dir` flag; nil or empty when not given.
    ///   - environment: the process environment (`XDG_DATA_HOME`, `HOME`).
    /// - Throws: ``StorageError/noHome(path:)`` when neither `XDG_DATA_HOME` nor `HOME` is set.
    public static func dataDirectory(explicit: String?, environment: [String: String]) throws(StorageError) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        guard let directory = baseDirectory("XDG_DATA_HOME", default: ".local/share", environment) else {
            throw .noHome(path: "$HOME/.local/share/\(applicationDirectory)")
        }
        return directory + "/" + applicationDirectory
    }

    /// The directory for state worth keeping between runs, such as the REPL history:
    /// `$XDG_STATE_HOME/kiosk`, else `~/.local/state/kiosk`.
    /// - Parameter environment: the process environment (`XDG_STATE_HOME`, `HOME`).
    /// - Returns: nil when neither `XDG_STATE_HOME` nor `HOME` is set.
    public static func stateDirectory(environment: [String: String]) -> String? {
        baseDirectory("XDG_STATE_HOME", default: ".local/state", environment).map { $0 + "/" + applicationDirectory }
    }

    /// The user's configuration file: `$XDG_CONFIG_HOME/kiosk/kiosk.toml`, else
    /// `~/.config/kiosk/kiosk.toml`. It need not exist.
    /// - Parameter environment: the process environment (`XDG_CONFIG_HOME`, `HOME`).
    /// - Returns: nil when neither `XDG_CONFIG_HOME` nor `HOME` is set.
    public static func configFile(environment: [String: String]) -> String? {
        baseDirectory("XDG_CONFIG_HOME", default: ".config", environment).map {
            $0 + "/" + applicationDirectory + "/" + configFileName
        }
    }

    /// Makes sure `path` is a directory kiosk can write in, creating it and any missing
    /// parents readable by their owner only (mode 0700, narrowed further by the umask).
    /// A directory that already exists keeps its mode.
    /// - Throws: ``StorageError/directoryUnwritable(path:reason:)`` naming the directory that
    ///   is a file, cannot be created, or cannot be written, with the system's reason;
    ///   ``StorageError/untrustedDirectory(path:risk:)`` when it belongs to another user or
    ///   everyone may write it.
    public static func makePrivateDirectory(_ path: String) throws(StorageError) {
        try createMissing(path)
        // Checked before anything in it is read or written: another user could swap the
        // database under kiosk in a directory they control.
        if let risk = PlaceTrust.risk(at: path) {
            throw .untrustedDirectory(path: path, risk: risk)
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw .directoryUnwritable(path: path, reason: StorageError.systemReason())
        }
    }

    /// `$variable` when it holds an absolute path, else `$HOME/defaultPath`, else nil.
    private static func baseDirectory(
        _ variable: String, default defaultPath: String, _ environment: [String: String]
    ) -> String? {
        if let base = environment[variable], base.hasPrefix("/") { return base }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home.hasSuffix("/") ? home : home + "/") + defaultPath
    }

    private static func createMissing(_ path: String) throws(StorageError) {
        if try isDirectory(path) { return }
        let parent = parentDirectory(path)
        if !parent.isEmpty, parent != path {
            try createMissing(parent)
        }
        guard mkdir(path, 0o700) == 0 else {
            let failure = errno
            // Another process may have created it in between.
            if failure == EEXIST, try isDirectory(path) { return }
            throw .directoryUnwritable(path: path, reason: StorageError.systemReason(failure))
        }
    }

    /// `path` without its last component and the slashes before it (`a/b/` → `a`, `/a` →
    /// `/`, `a` → empty), read as text: Foundation's reading treats a leading `~` as a home
    /// directory, which a path kiosk is given literally is not.
    static func parentDirectory(_ path: String) -> String {
        var scalars = Array(path.utf8)
        while scalars.count > 1, scalars.last == UInt8(ascii: "/") { scalars.removeLast() }
        guard let slash = scalars.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0, scalars[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: scalars[..<end], as: UTF8.self)
    }

    /// Whether `path` is a directory; false when nothing is there.
    /// - Throws: ``StorageError/notADirectory(path:)`` when it is something else.
    private static func isDirectory(_ path: String) throws(StorageError) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        guard isDirectory.boolValue else {
            throw .notADirectory(path: path)
        }
        return true
    }
}
