/// Why a configuration was rejected: the file, the line (where it can be found), the key,
/// and the problem as a typed value the presenter words.
public struct ConfigError: KioskError, Equatable {
    /// The file that was read, how a built-in document is named, or `--preset`.
    public let file: String
    /// The line of the problem, where it can be found.
    public let line: Int?
    /// Where in the document: `[[juice]] #3 recipe`, `[bank] customers_min`.
    public let key: String?
    /// What is wrong.
    public let problem: ConfigProblem

    /// An error about `key` at `line` of `file`.
    public init(file: String, line: Int?, key: String?, problem: ConfigProblem) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    public var code: String { "bad_config" }
}

extension ConfigError: DetailedError {
    /// Where: the file, and the line and key where they are known.
    public var details: ErrorDetails {
        ["file": .text(file), "line": line.map(ErrorDetail.integer), "key": key.map(ErrorDetail.text)]
    }
}
