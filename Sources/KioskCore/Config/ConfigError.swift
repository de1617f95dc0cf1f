/// Why a configuration file was rejected. The description names the file, the line
/// (where it can be found) and the key.
public struct ConfigError: KioskError, Equatable, CustomStringConvertible {
    /// The file that was read, or how the built-in document is named.
    public let file: String
    /// The line of the problem, where it can be found.
    public let line: Int?
    /// Where in the document: `[[juice]] #3 recipe`, `bank.customers_min`.
    public let key: String?
    /// What is wrong, and how to fix it.
    public let problem: String

    /// An error about `key` at `line` of `file`.
    public init(file: String, line: Int?, key: String?, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    public var code: String { "bad_config" }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        let subject = key.map { "\($0): " } ?? ""
        return "\(location): \(subject)\(problem)"
    }
}
