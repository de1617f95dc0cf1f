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
