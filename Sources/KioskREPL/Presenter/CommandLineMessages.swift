import KioskCore

/// What is wrong on kiosk's command line or in its configuration, and where the
/// configuration came from.
protocol CommandLineMessages: Sendable {
    /// What is wrong on the command line (no "Error:" before it, no usage after it).
    func describe(_ problem: CommandLineProblem) -> String
    /// A usage error's line: the problem, then how to use kiosk.
    func usageLine(_ problem: String) -> String
    /// What is wrong in a configuration, without where: the file, line and key come before it.
    func describe(_ problem: ConfigProblem) -> String
    /// Where the configuration came from, for the banner: a path or the built-in default.
    func configOrigin(_ origin: ConfigLoader.Origin) -> String
    /// What a path names that is neither a file nor a pipe: "character device".
    func describe(_ kind: ReadableFile.Kind) -> String
}

extension CommandLineMessages {
    /// A configuration's error: `file:line: key: ` and the problem in this language.
    func describe(_ error: ConfigError) -> String {
        var location = Sanitized.text(error.file, limit: 256)
        if let line = error.line { location += ":\(line)" }
        let subject = error.key.map { "\(Sanitized.text($0)): " } ?? ""
        return "\(location): \(subject)\(describe(error.problem))"
    }
}
