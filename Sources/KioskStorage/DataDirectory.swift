/// Where kiosk keeps its database: `--data-dir`, else `$XDG_DATA_HOME/kiosk`,
/// else `~/.local/share/kiosk`, as ``KioskPaths/dataDirectory(explicit:environment:)`` resolves it.
public enum DataDirectory {
    /// The directory to use; the same as ``KioskPaths/dataDirectory(explicit:environment:)``.
    /// - Parameters:
    ///   - explicit: the `--data-dir` flag.
    ///   - environment: the process environment (`XDG_DATA_HOME`, `HOME`).
    /// - Throws: ``StorageError/directoryUnwritable(path:reason:)`` when no home is known.
    public static func resolve(explicit: String?, environment: [String: String]) throws(StorageError) -> String {
        try KioskPaths.dataDirectory(explicit: explicit, environment: environment)
    }
}
