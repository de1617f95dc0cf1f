/// What an argument accepts, and the Swift type its value has once parsed: an
/// ``ArgumentKind`` for the parser, and how to take the typed value out of an
/// ``Invocation/Value`` the parser made for it.
///
/// ```swift
/// ArgumentType.integer(1...99)       // ArgumentType<Int>
/// ArgumentType.choice(menu.juices)   // ArgumentType<Juice>, from a Choices<Juice>
/// ```
public struct ArgumentType<Value: Sendable>: Sendable {
    /// What the parser accepts.
    public let kind: ArgumentKind
    /// The typed value in `value`, or nil when the parser made it for another kind.
    @usableFromInline let read: @Sendable (Invocation.Value) -> Value?

    @usableFromInline init(_ kind: ArgumentKind, read: @escaping @Sendable (Invocation.Value) -> Value?) {
        self.kind = kind
        self.read = read
    }

    /// One of `choices`: the value its choice carries.
    @inlinable
    public static func choice(_ choices: Choices<Value>) -> ArgumentType<Value> {
        ArgumentType(.choice(choices.set)) { value in
            guard case .choice(let choice) = value else { return nil }
            return choices.value(of: choice)
        }
    }
}

extension ArgumentType {
    /// The rest of the line as values of `choices`, each with an optional count within
    /// `counts` typed before or after it (see ``CountedChoice``).
    @inlinable
    public static func counted<Element>(_ choices: Choices<Element>, counts: ClosedRange<Int>) -> ArgumentType<
        [Counted<Element>]
    > where Value == [Counted<Element>] {
        ArgumentType(.counted(choices.set, counts: counts)) { value in
            guard case .counted(let given) = value else { return nil }
            var result: [Counted<Element>] = []
            result.reserveCapacity(given.count)
            for item in given {
                guard let element = choices.value(of: item.choice) else { return nil }
                result.append(Counted(value: element, count: item.count))
            }
            return result
        }
    }
}

extension ArgumentType where Value == Int {
    /// A whole number within `range`.
    @inlinable
    public static func integer(_ range: ClosedRange<Int>) -> ArgumentType<Int> {
        ArgumentType(.integer(range)) { value in
            guard case .integer(let number) = value else { return nil }
            return number
        }
    }
}

extension ArgumentType where Value == [String] {
    /// All remaining words, as typed.
    @inlinable
    public static var words: ArgumentType<[String]> {
        ArgumentType(.words) { value in
            guard case .words(let words) = value else { return nil }
            return words
        }
    }
}

extension ArgumentType where Value == String {
    /// One word as typed, such as a file's path.
    @inlinable
    public static var text: ArgumentType<String> {
        ArgumentType(.text) { value in
            guard case .text(let text) = value else { return nil }
            return text
        }
    }
}

extension ArgumentType where Value == String {
    /// A file's path, `~` expanded.
    @inlinable
    public static var path: ArgumentType<String> {
        ArgumentType(.path) { value in
            guard case .text(let text) = value else { return nil }
            return text
        }
    }
}

extension ArgumentType where Value == DayArgument {
    /// A calendar day: `today`, `yesterday` or `YYYY-MM-DD`.
    @inlinable
    public static var day: ArgumentType<DayArgument> {
        ArgumentType(.day) { value in
            guard case .day(let day) = value else { return nil }
            return day
        }
    }
}

extension ArgumentType where Value == Duration {
    /// A length of time typed with its unit, within `range`.
    @inlinable
    public static func duration(_ range: ClosedRange<Duration>) -> ArgumentType<Duration> {
        ArgumentType(.duration(range)) { value in
            guard case .duration(let duration) = value else { return nil }
            return duration
        }
    }
}

extension ArgumentType where Value == ArrivalRate {
    /// A rate typed as a number per unit, within `range`.
    @inlinable
    public static func rate(_ range: ClosedRange<ArrivalRate>) -> ArgumentType<ArrivalRate> {
        ArgumentType(.rate(range)) { value in
            guard case .rate(let rate) = value else { return nil }
            return rate
        }
    }
}

extension ArgumentType where Value == Double {
    /// `bank plan --hours`: a number of hours above 0 and at most 168.
    @inlinable
    public static var hours: ArgumentType<Double> {
        ArgumentType(.plan(.hours)) { value in
            guard case .plan(.hours(let hours)) = value else { return nil }
            return hours
        }
    }
}

extension ArgumentType where Value == Named<Double> {
    /// `bank plan --rate`: `TASK=N/h`, customers an hour for a task.
    @inlinable
    public static var taskRate: ArgumentType<Named<Double>> {
        ArgumentType(.plan(.taskRate)) { value in
            guard case .plan(.taskRate(let rate)) = value else { return nil }
            return rate
        }
    }
}

extension ArgumentType where Value == KioskConfig.BankStage.Timing {
    /// `bank plan --service`: `fixed` or `exponential`.
    @inlinable
    public static var timing: ArgumentType<KioskConfig.BankStage.Timing> {
        ArgumentType(.plan(.timing)) { value in
            guard case .plan(.timing(let timing)) = value else { return nil }
            return timing
        }
    }
}

extension ArgumentType where Value == ServiceTarget {
    /// `bank plan --target`: `P% within DURATION` or `mean within DURATION`.
    @inlinable
    public static var target: ArgumentType<ServiceTarget> {
        ArgumentType(.plan(.target)) { value in
            guard case .plan(.target(let target)) = value else { return nil }
            return target
        }
    }
}

extension ArgumentType where Value == Named<ClosedRange<Int>> {
    /// `bank plan --clerks`: `DESK=MIN..MAX` or `DESK=N`.
    @inlinable
    public static var clerkRange: ArgumentType<Named<ClosedRange<Int>>> {
        ArgumentType(.plan(.clerkRange)) { value in
            guard case .plan(.clerkRange(let range)) = value else { return nil }
            return range
        }
    }
}

extension ArgumentType where Value == Named<Int> {
    /// `bank plan --cost`: `DESK=N`.
    @inlinable
    public static var clerkCost: ArgumentType<Named<Int>> {
        ArgumentType(.plan(.clerkCost)) { value in
            guard case .plan(.clerkCost(let cost)) = value else { return nil }
            return cost
        }
    }
}

/// A typed handle on one positional argument of a command: declared once, it gives the
/// command's spec its ``ArgumentSpec`` and the command's code its value.
///
/// ```swift
/// let juice = ArgumentKey.required("juice", .choice(menu.juices))   // ArgumentKey<Juice>
/// let count = ArgumentKey.optional("count", .integer(1...99))       // ArgumentKey<Int?>
/// Command(CommandSpec(path: ["order"], arguments: [juice.spec, count.spec])) { invocation in
///     try make(invocation[juice], count: invocation[count] ?? 1)
/// }
/// ```
public struct ArgumentKey<Value: Sendable>: Sendable {
    /// The argument as the parser, completion and `help` see it.
    public let spec: ArgumentSpec
    /// The typed value from what the parser made for the argument (nil: it was not given);
    /// nil when there is none to give: a required argument missing, or another kind's value.
    @usableFromInline let read: @Sendable (Invocation.Value?) -> Value?

    @usableFromInline init(spec: ArgumentSpec, read: @escaping @Sendable (Invocation.Value?) -> Value?) {
        self.spec = spec
        self.read = read
    }

    /// The argument's name.
    public var name: String { spec.name }

    /// An argument that must be given.
    @inlinable
    public static func required(_ name: String, _ type: ArgumentType<Value>) -> ArgumentKey<Value> {
        ArgumentKey(spec: .required(name, type.kind)) { value in
            guard let value else { return nil }
            return type.read(value)
        }
    }

    /// An argument that may be left out: its value is nil then.
    @inlinable
    public static func optional<Wrapped>(_ name: String, _ type: ArgumentType<Wrapped>) -> ArgumentKey<Wrapped?>
    where Value == Wrapped? {
        ArgumentKey<Wrapped?>(spec: .optional(name, type.kind)) { value in
            guard let value else { return .some(nil) }
            return type.read(value).map(Optional.some)
        }
    }
}

extension ArgumentKey {
    /// An argument that may be left out and that usage lines and `help` do not show (see
    /// ``ArgumentSpec/hidden(_:_:)``): its value is nil when not given.
    @inlinable
    public static func hidden<Wrapped>(_ name: String, _ type: ArgumentType<Wrapped>) -> ArgumentKey<Wrapped?>
    where Value == Wrapped? {
        ArgumentKey<Wrapped?>(spec: .hidden(name, type.kind)) { value in
            guard let value else { return .some(nil) }
            return type.read(value).map(Optional.some)
        }
    }
}

/// A typed handle on an option that takes a value (`--from <day>`): its ``FlagSpec`` for
/// the command's spec, and its value (nil when the option was not given).
public struct OptionKey<Value: Sendable>: Sendable {
    /// The option as the parser, completion and `help` see it.
    public let spec: FlagSpec
    @usableFromInline let read: @Sendable (Invocation.Value) -> Value?

    /// The option's name, without its dashes.
    public var name: String { spec.name }

    /// An option `--name <valueName>` whose value is a `type`.
    @inlinable
    public init(_ name: String, value valueName: String, _ type: ArgumentType<Value>) {
        spec = FlagSpec(name, value: valueName, type.kind)
        read = type.read
    }
}

/// A typed handle on a flag without a value (`--all`): its ``FlagSpec`` for the command's
/// spec, and whether it was given.
public struct FlagKey: Sendable {
    /// The flag as the parser, completion and `help` see it.
    public let spec: FlagSpec

    /// The flag's name, without its dashes.
    public var name: String { spec.name }

    /// A flag `--name`.
    public init(_ name: String) {
        spec = FlagSpec(name)
    }
}
