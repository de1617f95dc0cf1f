import KioskCore

/// A registry shaped like the kiosk's real one (juice shop, stock, bank, sales), so the
/// parser, completion and help are tested against the words people will type.
enum SampleCommands {
    /// What the juice set carries, standing in for JuiceMaker's `Juice`: a command reads it
    /// from its invocation and never looks the id up again.
    struct Juice: Sendable, Equatable {
        let id: String
    }

    /// What a sample command hands back: the name of the command whose closure ran.
    struct Ran: CommandOutcome, Equatable {
        let command: String
    }

    static let juices = ChoiceSet(
        noun: "juice",
        choices: [
            .init(id: "strawberry", spellings: ["ddalgi"], value: Juice(id: "strawberry")),
            .init(id: "banana", spellings: ["banana-juice"], value: Juice(id: "banana")),
            .init(id: "kiwi", spellings: ["kiwi-juice"], value: Juice(id: "kiwi")),
            .init(id: "pineapple", spellings: ["pine"], value: Juice(id: "pineapple")),
            .init(
                id: "strawberry-banana", spellings: ["ddalba", "strawberry banana"],
                value: Juice(id: "strawberry-banana")),
            .init(id: "mango", spellings: ["mango-juice"], value: Juice(id: "mango")),
            .init(id: "mango-kiwi", spellings: ["mangki", "mango kiwi"], value: Juice(id: "mango-kiwi")),
        ])

    /// Choices without a value of their own: each carries its id.
    static let fruits = ChoiceSet(noun: "fruit", ids: ["strawberry", "banana", "pineapple", "kiwi", "mango"])

    static let tasks = ChoiceSet(noun: "task", ids: ["deposit", "loan"])

    static let registry: CommandRegistry = {
        var registry = CommandRegistry()
        registry.register(
            contentsOf: specs.map { spec in
                spec.name == "exit" ? Command(spec, action: .quit) : Command(spec) { _ in Ran(command: spec.name) }
            })
        return registry
    }()

    static let specs: [CommandSpec] = [
        CommandSpec(path: ["menu"], topic: .menu),
        CommandSpec(
            path: ["order"], topic: .order,
            arguments: [.required("juice", .choice(juices)), .optional("count", .integer(1...99))],
            examples: ["order mango", "order strawberry-banana 2", "order \"strawberry banana\""]),
        CommandSpec(path: ["stock"], topic: .stock),
        CommandSpec(
            path: ["stock", "set"], topic: .stockSet,
            arguments: [.required("fruit", .choice(fruits)), .required("count", .integer(0...100))],
            examples: ["stock set mango 20"]),
        CommandSpec(
            path: ["stock", "add"], topic: .stockAdd,
            arguments: [.required("fruit", .choice(fruits)), .required("count", .integer(0...100))],
            examples: ["stock add kiwi 5"]),
        CommandSpec(
            path: ["stock", "remove"], topic: .stockRemove,
            arguments: [.required("fruit", .choice(fruits)), .required("count", .integer(0...100))]),
        CommandSpec(path: ["stock", "reset"], topic: .stockReset),
        CommandSpec(
            path: ["bank", "open"], topic: .bankOpen, arguments: [.optional("count", .integer(1...1_000_000))]),
        CommandSpec(
            path: ["bank", "add"], topic: .bankAdd,
            arguments: [.optional("count", .integer(1...1_000_000)), .optional("task", .choice(tasks))],
            examples: ["bank add", "bank add 5 loan", "bank add deposit"]),
        CommandSpec(path: ["bank", "status"], topic: .bankStatus),
        CommandSpec(path: ["bank", "wait"], topic: .bankWait),
        CommandSpec(path: ["bank", "reset"], topic: .bankReset),
        CommandSpec(path: ["sales"], topic: .sales, flags: [FlagSpec("all")]),
        CommandSpec(path: ["exit"], topic: .quit, aliases: ["quit"]),
    ]
}

/// A parsed value in a form tests can compare: a choice by its id.
enum ParsedValue: Equatable, CustomStringConvertible {
    case integer(Int)
    case choice(String)
    case words([String])
    case day(DayArgument)
    case duration(Duration)
    case rate(ArrivalRate)
    case text(String)

    init(_ value: Invocation.Value) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .choice(let choice): self = .choice(choice.id)
        case .words(let words): self = .words(words)
        case .day(let day): self = .day(day)
        case .duration(let duration): self = .duration(duration)
        case .rate(let rate): self = .rate(rate)
        case .text(let text): self = .text(text)
        }
    }

    /// Every value of `invocation`, by argument name.
    static func values(of invocation: Invocation) -> [String: ParsedValue] {
        invocation.values.mapValues(ParsedValue.init)
    }

    var description: String {
        switch self {
        case .integer(let number): "integer \(number)"
        case .choice(let id): "choice \(id)"
        case .words(let words): "words \(words)"
        case .day(let day): "day \(day)"
        case .duration(let duration): "duration \(duration)"
        case .rate(let rate): "rate \(rate)"
        case .text(let text): "text \(text)"
        }
    }
}
