/// A parsed command line: the command it belongs to, and its typed argument values.
///
/// Values are converted once, by the parser, into the module's own types (a choice argument
/// holds the `Juice` or `Fruit` its ``ChoiceSet`` carries), so a command never looks a
/// string up again.
///
/// ```swift
/// let juice: Juice = try invocation.value("juice")
/// let count = try invocation.optionalValue("count", as: Int.self) ?? 1   // documented default
/// ```
public struct Invocation: Sendable {
    /// A parsed argument value.
    public enum Value: Sendable {
        case integer(Int)
        /// The choice the word named, with the value its set carries.
        case choice(ChoiceSet.Choice)
        case words([String])
    }

    /// The command that was parsed.
    public let command: Command
    /// The argument values given, by argument name.
    public let values: [String: Value]
    /// The flags given, without their dashes.
    public let flags: Set<String>

    /// An invocation of `command` with these values and flags.
    public init(command: Command, values: [String: Value] = [:], flags: Set<String> = []) {
        self.command = command
        self.values = values
        self.flags = flags
    }

    /// The command's shape.
    public var spec: CommandSpec { command.spec }

    /// The command's name: `"stock set"`; also its name in the JSON contract.
    public var name: String { command.spec.name }

    /// The value of argument `name`, which the parser guarantees for a required argument.
    /// - Throws: ``InvocationError`` when it is missing or of another type: a command and
    ///   its spec disagree, which is a defect, reported rather than hidden behind a default.
    public func value<T>(_ name: String, as type: T.Type = T.self) throws(InvocationError) -> T {
        guard let value = try optionalValue(name, as: type) else {
            throw .missingValue(command: self.name, argument: name)
        }
        return value
    }

    /// The value of argument `name`, or nil when the optional argument was not given.
    /// - Throws: ``InvocationError`` when the value is of another type than `T`.
    public func optionalValue<T>(_ name: String, as type: T.Type = T.self) throws(InvocationError) -> T? {
        guard let value = values[name] else { return nil }
        let payload: Any =
            switch value {
            case .integer(let number): number
            case .choice(let choice): choice.value
            case .words(let words): words
            }
        guard let typed = payload as? T else {
            throw .wrongType(command: self.name, argument: name, expected: String(describing: T.self))
        }
        return typed
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

/// A command's code asked its invocation for a value its spec does not give: a defect in
/// the command, never a user's mistake.
public enum InvocationError: KioskError, Equatable {
    case missingValue(command: String, argument: String)
    case wrongType(command: String, argument: String, expected: String)

    public var code: String { "internal_error" }
}
