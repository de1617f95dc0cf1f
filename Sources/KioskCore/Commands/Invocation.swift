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
        /// One word as typed, for a `.text` argument or option.
        case text(String)
        /// A day, for a `.day` argument or option.
        case day(DayArgument)
        /// A length of time, for a `.duration` argument or option.
        case duration(Duration)
        /// A rate, for a `.rate` argument or option.
        case rate(ArrivalRate)
    }

    /// The command that was parsed.
    public let command: Command
    /// The argument values given, with their names. A command has a few arguments, so a
    /// scan finds one faster than hashing its name would.
    @usableFromInline let arguments: [(name: String, value: Value)]
    /// The flags given, without their dashes.
    public let flags: Set<String>

    /// An invocation of `command` with these values and flags.
    public init(command: Command, values: [String: Value] = [:], flags: Set<String> = []) {
        self.init(command: command, arguments: values.map { ($0.key, $0.value) }, flags: flags)
    }

    /// An invocation of `command` with these named values (each name once) and flags.
    init(command: Command, arguments: [(name: String, value: Value)], flags: Set<String> = []) {
        self.command = command
        self.arguments = arguments
        self.flags = flags
    }

    /// The argument values given, by argument name.
    public var values: [String: Value] {
        Dictionary(arguments, uniquingKeysWith: { _, last in last })
    }

    /// The command's shape.
    public var spec: CommandSpec { command.spec }

    /// The command's name: `"stock set"`; also its name in the JSON contract.
    public var name: String { command.spec.name }

    /// The value of argument `name`, which the parser guarantees for a required argument.
    /// - Throws: ``InvocationError`` when it is missing or of another type: a command and
    ///   its spec disagree, which is a defect, reported rather than hidden behind a default.
    @inlinable
    public func value<T>(_ name: String, as type: T.Type = T.self) throws(InvocationError) -> T {
        guard let value = try optionalValue(name, as: type) else {
            throw .missingValue(command: self.name, argument: name)
        }
        return value
    }

    /// The value of argument `name`, or nil when the optional argument was not given.
    /// - Throws: ``InvocationError`` when the value is of another type than `T`.
    // Inlinable, so that a command's module specializes it for the type it asks for and
    // the cast from an integer or from words folds away.
    @inlinable
    public func optionalValue<T>(_ name: String, as type: T.Type = T.self) throws(InvocationError) -> T? {
        guard let index = arguments.firstIndex(where: { $0.name == name }) else { return nil }
        let typed: T? =
            switch arguments[index].value {
            case .integer(let number): number as? T
            case .choice(let choice): choice.value as? T
            case .words(let words): words as? T
            case .text(let text): text as? T
            case .day(let day): day as? T
            case .duration(let duration): duration as? T
            case .rate(let rate): rate as? T
            }
        guard let typed else {
            throw .wrongType(command: self.name, argument: name, expected: String(describing: T.self))
        }
        return typed
    }

    /// Every value given for argument `name`, in order: a command whose arguments repeat
    /// (`stock add kiwi 5 mango 5`) has one per group.
    /// - Throws: ``InvocationError`` when a value is of another type than `T`.
    public func allValues<T>(_ name: String, as type: T.Type = T.self) throws(InvocationError) -> [T] {
        var result: [T] = []
        for (argumentName, value) in arguments where argumentName == name {
            let typed: T? =
                switch value {
                case .integer(let number): number as? T
                case .choice(let choice): choice.value as? T
                case .words(let words): words as? T
                case .text(let text): text as? T
                case .day(let day): day as? T
                case .duration(let duration): duration as? T
                case .rate(let rate): rate as? T
                }
            guard let typed else {
                throw .wrongType(command: self.name, argument: name, expected: String(describing: T.self))
            }
            result.append(typed)
        }
        return result
    }

    /// The value of argument `name`, if given.
    func argument(_ name: String) -> Value? {
        arguments.first { $0.name == name }?.value
    }

    /// The words of a `.words` argument (empty if none were given).
    public func words(_ name: String) -> [String] {
        if case .words(let words) = argument(name) { return words }
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

extension InvocationError: DetailedError {
    /// The command, and the argument it asked for.
    public var details: ErrorDetails {
        switch self {
        case .missingValue(let command, let argument): ["command": .text(command), "argument": .text(argument)]
        case .wrongType(let command, let argument, let expected):
            ["command": .text(command), "argument": .text(argument), "expected": .text(expected)]
        }
    }
}
