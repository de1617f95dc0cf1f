/// What a command looks like to the parser, completion and `help`.
///
/// The words a person reads about it (summary, argument help, discussion) are the
/// presenter's, found in its catalog by the command's ``topic``.
///
/// ```swift
/// CommandSpec(
///     path: ["stock", "add"], topic: .stockAdd,
///     arguments: [.required("fruit", .choice(fruits)), .required("amount", .integer(1...100))],
///     examples: ["stock add mango 5"])
/// ```
public struct CommandSpec: Sendable {
    /// The words that name the command: `["order"]`, `["stock", "set"]`.
    public let path: [String]
    /// Which command this is, for the words `help` shows about it.
    public let topic: CommandTopic
    /// Other words accepted for the last word of `path` (`quit` for `exit`).
    public let aliases: [String]
    /// The positional arguments, in order.
    public let arguments: [ArgumentSpec]
    /// Options such as `--all`, given without the dashes.
    public let flags: [FlagSpec]
    /// Complete command lines shown by `help <command>`.
    public let examples: [String]
    /// Whether the arguments may be given again, as a group, any number of times
    /// (`stock add kiwi 5 mango 5`, `stock fill kiwi mango`).
    public let repeats: Bool
    /// Whether the command ends the session or erases something (`quit`, `stock reset`):
    /// it is never offered as the correction of a mistyped word, which someone may take
    /// without reading.
    public let isDestructive: Bool
    /// The command's name as typed: `"stock set"`.
    public let name: String
    /// `stock set <fruit> <count>`, `order <juice> [count] ...`, `sales [--all]`,
    /// `stock add <fruit> <amount> ...` (more pairs may follow), `stock fill [fruit...]`.
    // Worked out once: the parser hands it to every check that may fail, line after line.
    public let usage: String

    /// A command named by `path`; the words of `path` and `aliases` are matched case-insensitively.
    /// - Parameters:
    ///   - topic: the command's help, in the presenter's catalogs.
    ///   - repeats: whether `arguments` may follow one another again as a group.
    ///   - destructive: whether the command ends the session or erases something.
    public init(
        path: [String], topic: CommandTopic, aliases: [String] = [], arguments: [ArgumentSpec] = [],
        flags: [FlagSpec] = [], examples: [String] = [], repeats: Bool = false, destructive: Bool = false
    ) {
        self.path = path.map { $0.lowercased() }
        self.topic = topic
        self.aliases = aliases.map { $0.lowercased() }
        self.arguments = arguments
        self.flags = flags
        self.examples = examples
        self.repeats = repeats
        self.isDestructive = destructive
        name = self.path.joined(separator: " ")
        usage = Self.usage(name: name, arguments: arguments, flags: flags, repeats: repeats)
    }

    private static func usage(name: String, arguments: [ArgumentSpec], flags: [FlagSpec], repeats: Bool) -> String {
        var parts = [name]
        let shown = arguments.filter { !$0.isHidden }
        let group = shown.map { argument in
            if case .counted = argument.kind { return "<\(argument.placeholder)> [count] ..." }
            return argument.isOptional ? "[\(argument.placeholder)]" : "<\(argument.placeholder)>"
        }
        if repeats, shown.allSatisfy(\.isOptional), shown.count == 1, let only = shown.first {
            parts.append("[\(only.placeholder)...]")
        } else {
            parts += group
            if repeats, !group.isEmpty { parts.append("...") }
        }
        for flag in flags {
            parts.append(flag.value.map { "[--\(flag.name) <\($0.name)>]" } ?? "[--\(flag.name)]")
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
    /// Whether usage lines and `help` leave it out: an optional argument with only one value
    /// to choose (a bank with one grade), accepted when typed but not worth offering.
    public let isHidden: Bool

    /// An argument that must be given.
    public static func required(_ name: String, _ kind: ArgumentKind) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: kind, isOptional: false, isHidden: false)
    }

    /// An argument that may be left out.
    public static func optional(_ name: String, _ kind: ArgumentKind) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: kind, isOptional: true, isHidden: false)
    }

    /// An optional argument that usage lines and `help` do not show, accepted when typed.
    public static func hidden(_ name: String, _ kind: ArgumentKind) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: kind, isOptional: true, isHidden: true)
    }

    /// The name in usage lines; a small choice set is spelled out (`deposit|loan`).
    var placeholder: String {
        if case .choice(let set) = kind, set.choices.count <= 3 {
            return set.ids.joined(separator: "|")
        }
        return name
    }
}

/// A `--name` option, without a value (`--all`) or with one (`--from 2026-11-21`).
public struct FlagSpec: Sendable {
    /// The flag without its dashes: `all` for `--all`.
    public let name: String
    /// What follows the flag, for an option that takes a value (`--from <day>`); the
    /// invocation holds the value under the flag's name.
    public let value: ArgumentSpec?

    /// A flag `--name`; the name is matched case-insensitively.
    public init(_ name: String) {
        self.name = name.lowercased()
        self.value = nil
    }

    /// An option `--name <value>` (also `--name=<value>`) whose value is a `kind`, shown as
    /// `<valueName>`.
    public init(_ name: String, value valueName: String, _ kind: ArgumentKind) {
        self.name = name.lowercased()
        self.value = .required(valueName, kind)
    }
}

/// The type of a positional argument.
public enum ArgumentKind: Sendable {
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// One of a closed set of named values; the invocation holds the chosen value.
    case choice(ChoiceSet)
    /// All remaining words, as typed (for `help <command words>`).
    case words
    /// One word as typed; the invocation holds a `String`.
    case text
    /// A file's path: one word as typed, with a leading unquoted `~` or `~user` expanded as
    /// a shell does (``TildeExpansion``); the invocation holds a `String`.
    case path
    /// A calendar day: `today`, `yesterday` or `YYYY-MM-DD`; the invocation holds a ``DayArgument``.
    case day
    /// A length of time typed with its unit (`700ms`, `45s`, `10m`, `1.5h`; see
    /// ``TimeSpelling``) within the range; the invocation holds a `Duration`.
    case duration(ClosedRange<Duration>)
    /// A rate typed as a number per unit (`2/min`, `60/h`) within the range; the invocation
    /// holds an ``ArrivalRate``.
    case rate(ClosedRange<ArrivalRate>)
    /// A value of one of `bank plan`'s options, in its own grammar (`deposit=60/h`, `85% within
    /// 1m`, `counter=1..5`); the invocation holds a ``PlanValue``.
    case plan(PlanArgument)
    /// The rest of the line as values of a closed set, each with an optional count within
    /// the range typed before or after it, several in one go (`2 banana`, `banana 2`,
    /// `banana, kiwi 2`; see ``CountedChoice``); the invocation holds the values in order.
    case counted(ChoiceSet, counts: ClosedRange<Int>)
}
