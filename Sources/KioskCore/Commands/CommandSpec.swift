/// What a command looks like to the parser, completion and `help`.
///
/// ```swift
/// CommandSpec(
///     path: ["stock", "add"],
///     summary: "Adds fruit to the stock.",
///     arguments: [.required("fruit", .choice(fruits)), .required("count", .integer(1...100))],
///     examples: ["stock add mango 5"])
/// ```
public struct CommandSpec: Sendable {
    /// The words that name the command: `["order"]`, `["stock", "set"]`.
    public let path: [String]
    /// Other words accepted for the last word of `path` (`quit` for `exit`).
    public let aliases: [String]
    /// One sentence for `help`.
    public let summary: String
    /// The positional arguments, in order.
    public let arguments: [ArgumentSpec]
    /// Options such as `--all`, given without the dashes.
    public let flags: [FlagSpec]
    /// Complete command lines shown by `help <command>`.
    public let examples: [String]
    /// Extra lines for `help <command>`: defaults, what the output means.
    public let discussion: String?

    /// A command named by `path`; the words of `path` and `aliases` are matched case-insensitively.
    public init(
        path: [String], aliases: [String] = [], summary: String,
        arguments: [ArgumentSpec] = [], flags: [FlagSpec] = [],
        examples: [String] = [], discussion: String? = nil
    ) {
        self.path = path.map { $0.lowercased() }
        self.aliases = aliases.map { $0.lowercased() }
        self.summary = summary
        self.arguments = arguments
        self.flags = flags
        self.examples = examples
        self.discussion = discussion
    }

    /// The command's name as typed: `"stock set"`.
    public var name: String { path.joined(separator: " ") }

    /// `stock set <fruit> <count>`, `order <juice> [count]`, `sales [--all]`.
    public var usage: String {
        var parts = [name]
        for argument in arguments {
            parts.append(argument.isOptional ? "[\(argument.placeholder)]" : "<\(argument.placeholder)>")
        }
        for flag in flags {
            parts.append("[--\(flag.name)]")
        }
        return parts.joined(separator: " ")
    }
}
