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

/// One positional argument.
public struct ArgumentSpec: Sendable {
    /// The name in usage lines and `help`: `fruit`, `count`.
    public let name: String
    /// What the argument accepts.
    public let kind: ArgumentKind
    /// Whether the argument may be left out.
    public let isOptional: Bool
    /// What `help` shows about it, e.g. "1 to 99, default 1".
    public let help: String?

    /// An argument that must be given.
    public static func required(_ name: String, _ kind: ArgumentKind, help: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: kind, isOptional: false, help: help)
    }

    /// An argument that may be left out.
    public static func optional(_ name: String, _ kind: ArgumentKind, help: String? = nil) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: kind, isOptional: true, help: help)
    }

    /// The name in usage lines; a small choice set is spelled out (`deposit|loan`).
    var placeholder: String {
        if case .choice(let set) = kind, set.choices.count <= 3 {
            return set.ids.joined(separator: "|")
        }
        return name
    }
}

/// The type of a positional argument.
public enum ArgumentKind: Sendable {
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// One of a closed set of named values; the invocation holds its id.
    case choice(ChoiceSet)
    /// All remaining words, as typed (for `help <command words>`).
    case words
}

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

/// A command and what runs it.
public struct Command: Sendable {
    /// What the command looks like to the parser and `help`.
    public let spec: CommandSpec
    /// Runs a parsed invocation of the command.
    public let run: @Sendable (Invocation) async throws -> CommandResult

    /// A command shaped by `spec` that `run` carries out.
    public init(_ spec: CommandSpec, run: @escaping @Sendable (Invocation) async throws -> CommandResult) {
        self.spec = spec
        self.run = run
    }
}
