/// Where kiosk keeps its database: `--data-dir`, else `$XDG_DATA_HOME/kiosk`,
/// else `~/.local/share/kiosk`.
public enum DataDirectory {
    /// The directory to use.
    /// - Parameters:
    ///   - explicit: the `--data-dir` flag.
    ///   - environment: the process environment (`XDG_DATA_HOME`, `HOME`).
    /// - Throws: ``StorageError/directoryUnwritable(path:reason:)`` when no home is known.
    public static func resolve(explicit: String?, environment: [String: String]) throws(StorageError) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let base = environment["XDG_DATA_HOME"], base.hasPrefix("/") {
            return base + "/kiosk"
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw .directoryUnwritable(path: "~/.local/share/kiosk", reason: "HOME is not set")
        }
        return home + "/.local/share/kiosk"
    }
}
