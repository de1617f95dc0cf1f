import KioskCore

/// `--file` names a file that cannot be read.
public struct ScriptFileError: KioskError {
    let path: String
    public var code: String { "no_script" }
    public var description: String { "Cannot read script '\(Sanitized.text(path))': no such file or no permission." }
}
