import KioskCore

/// `--file` names a file that cannot be read.
public struct ScriptFileError: KioskError {
    let path: String
    public var code: String { "no_script" }
}
