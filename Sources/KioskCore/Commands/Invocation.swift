/// A parsed command line: which command, and its typed argument values.
public struct Invocation: Sendable {
    /// A parsed argument value.
    public enum Value: Sendable, Equatable {
        case integer(Int)
        /// The canonical id of a choice.
        case choice(String)
        case words([String])
    }

    /// The command that was parsed.
    public let spec: CommandSpec
    /// The argument values given, by argument name.
    public let values: [String: Value]
    /// The flags given, without their dashes.
    public let flags: Set<String>

    /// An invocation of `spec` with these values and flags.
    public init(spec: CommandSpec, values: [String: Value] = [:], flags: Set<String> = []) {
        self.spec = spec
        self.values = values
        self.flags = flags
    }

    /// The command's name: `"stock set"`.
    public var command: String { spec.name }

    /// The integer argument `name`, or nil if it was optional and not given.
    public func integer(_ name: String) -> Int? {
        if case .integer(let number) = values[name] { return number }
        return nil
    }

    /// The id chosen for argument `name`, or nil if it was optional and not given.
    public func choice(_ name: String) -> String? {
        if case .choice(let id) = values[name] { return id }
        return nil
    }

    /// The words of a `.words` argument (empty if none were given).
    public func words(_ name: String) -> [String] {
        if case .words(let words) = values[name] { return words }
        return []
    }

    /// Whether `--name` was given.
    public func has(flag name: String) -> Bool {
        flags.contains(name)
    }
}
