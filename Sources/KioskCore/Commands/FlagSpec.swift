/// A `--name` option without a value.
public struct FlagSpec: Sendable {
    /// The flag without its dashes: `all` for `--all`.
    public let name: String
    /// What the flag does, for `help`.
    public let summary: String

    /// A flag `--name`; the name is matched case-insensitively.
    public init(_ name: String, summary: String) {
        self.name = name.lowercased()
        self.summary = summary
    }
}
