/// A parsed command line: the command it belongs to, and its typed argument values.
///
/// Values are converted once, by the parser, into the module's own types (a choice argument
/// holds the choice whose ``Choices`` carries the `Juice` or `Fruit`), and a command reads
/// them through the keys its spec was declared with, so it never looks a string up again.
///
/// ```swift
/// let juice = ArgumentKey.required("juice", .choice(juices))
/// let count = ArgumentKey.optional("count", .integer(1...99))
/// // in the command's closure:
/// let chosen: Juice = try invocation[juice]
/// let cups = try invocation[count] ?? 1   // documented default
/// ```
public struct Invocation: Sendable {
    /// A parsed argument value.
    public enum Value: Sendable {
        case integer(Int)
        /// The choice the word named; its ``Choices`` carries the value.
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
        /// A value of one of `bank plan`'s options, for a `.plan` option.
        case plan(PlanValue)
        /// Choices with their counts, for a `.counted` argument, in the order typed.
        case counted([CountedChoice])
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

    /// Whether parsing the same line again against the same registry gives this invocation
    /// again, so that it may be kept for the next such line: its values are choices, counts
    /// and whole numbers only, which depend on nothing else (a day may depend on today's
    /// date, a path on the environment).
    public var isReusable: Bool {
        arguments.allSatisfy { argument in
            switch argument.value {
            case .integer, .choice, .counted: true
            case .words, .text, .day, .duration, .rate, .plan: false
            }
        }
    }

    /// The argument values given, by argument name.
    public var values: [String: Value] {
        Dictionary(arguments, uniquingKeysWith: { _, last in last })
    }

    /// The command's shape.
    public var spec: CommandSpec { command.spec }

    /// The command's name: `"stock set"`; also its name in the JSON contract.
    public var name: String { command.spec.name }

    /// The value of the argument `key` names: nil for an optional argument left out.
    /// - Throws: ``InvocationError`` when a required argument is missing or the value is of
    ///   another kind: the key is not of this command's spec, which is a defect, reported
    ///   rather than hidden behind a default.
    // Inlinable, as every reader here: a command's module specializes it for the type its
    // key reads, which keeps generic metadata out of the per-line path.
    @inlinable
    public subscript<T>(key: ArgumentKey<T>) -> T {
        get throws(InvocationError) {
            let given = argument(key.name)
            guard let value = key.read(given) else { throw mismatch(key.name, given: given, expected: T.self) }
            return value
        }
    }

    /// The value of the option `key` names, or nil when it was not given.
    /// - Throws: ``InvocationError`` when the value is of another kind (a key of another spec).
    @inlinable
    public subscript<T>(key: OptionKey<T>) -> T? {
        get throws(InvocationError) {
            guard let given = argument(key.name) else { return nil }
            guard let value = key.read(given) else { throw mismatch(key.name, given: given, expected: T.self) }
            return value
        }
    }

    /// Whether the flag `key` names was given.
    @inlinable
    public subscript(key: FlagKey) -> Bool {
        flags.contains(key.name)
    }

    /// Every value given for the argument `key` names, in order: a command whose arguments
    /// repeat (`stock add kiwi 5 mango 5`) has one per group.
    /// - Throws: ``InvocationError`` when a value is of another kind (a key of another spec).
    @inlinable
    public func all<T>(_ key: ArgumentKey<T>) throws(InvocationError) -> [T] {
        var result: [T] = []
        for (name, value) in arguments where name == key.name {
            guard let typed = key.read(value) else { throw mismatch(key.name, given: value, expected: T.self) }
            result.append(typed)
        }
        return result
    }

    /// Every value given for the optional argument `key` names, in order.
    /// - Throws: ``InvocationError`` when a value is of another kind (a key of another spec).
    @inlinable
    public func all<T>(_ key: ArgumentKey<T?>) throws(InvocationError) -> [T] {
        var result: [T] = []
        for (name, value) in arguments where name == key.name {
            guard case .some(.some(let typed)) = key.read(value) else {
                throw mismatch(key.name, given: value, expected: T.self)
            }
            result.append(typed)
        }
        return result
    }

    /// Every value given for the option `key` names, in order (`--rate deposit=60/h --rate
    /// loan=10/h`).
    /// - Throws: ``InvocationError`` when a value is of another kind (a key of another spec).
    @inlinable
    public func all<T>(_ key: OptionKey<T>) throws(InvocationError) -> [T] {
        var result: [T] = []
        for (name, value) in arguments where name == key.name {
            guard let typed = key.read(value) else { throw mismatch(key.name, given: value, expected: T.self) }
            result.append(typed)
        }
        return result
    }

    /// The value of argument `name`, if given.
    @usableFromInline func argument(_ name: String) -> Value? {
        for (argumentName, value) in arguments where argumentName == name { return value }
        return nil
    }

    /// Why a key found no value: none was given, or one of another kind.
    @usableFromInline func mismatch<T>(_ name: String, given: Value?, expected: T.Type) -> InvocationError {
        given == nil
            ? .missingValue(command: self.name, argument: name)
            : .wrongType(command: self.name, argument: name, expected: String(describing: T.self))
    }
}

/// A command's code asked its invocation for a value its spec does not give: a defect in
/// the command, never a user's mistake.
public enum InvocationError: KioskError, Equatable {
    /// A required argument the parser should have made sure of is missing.
    case missingValue(command: String, argument: String)
    /// The value given is of another kind than the key asks for (`expected`): a key of
    /// another command's spec.
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
