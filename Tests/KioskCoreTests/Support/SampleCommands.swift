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

    /// The juices' ids and other spellings.
    private static let juiceSpellings: [(id: String, spellings: [String])] = [
        ("strawberry", ["ddalgi"]), ("banana", ["banana-juice"]), ("kiwi", ["kiwi-juice"]), ("pineapple", ["pine"]),
        ("strawberry-banana", ["ddalba", "strawberry banana"]), ("mango", ["mango-juice"]),
        ("mango-kiwi", ["mangki", "mango kiwi"]),
    ]

    static let juices = Choices(noun: "juice", values: juiceSpellings.map { Juice(id: $0.id) }, id: \.id) { juice in
        juiceSpellings.first { $0.id == juice.id }?.spellings ?? []
    }

    /// Choices that carry their own ids.
    static let fruits = Choices(
        noun: "fruit", values: ["strawberry", "banana", "pineapple", "kiwi", "mango"], id: { $0 })

    static let tasks = Choices(noun: "task", values: ["deposit", "loan"], id: { $0 })

    /// The keys the sample commands are declared with, for reading their invocations.
    enum Keys {
        static let juice = ArgumentKey.required("juice", .choice(juices))
        static let orderCount = ArgumentKey.optional("count", .integer(1...99))
        static let fruit = ArgumentKey.required("fruit", .choice(fruits))
        static let stockCount = ArgumentKey.required("count", .integer(0...100))
        static let customers = ArgumentKey.optional("count", .integer(1...1_000_000))
        static let task = ArgumentKey.optional("task", .choice(tasks))
        static let all = FlagKey("all")
    }

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
            arguments: [Keys.juice.spec, Keys.orderCount.spec],
            examples: ["order mango", "order strawberry-banana 2", "order \"strawberry banana\""]),
        CommandSpec(path: ["stock"], topic: .stock),
        CommandSpec(
            path: ["stock", "set"], topic: .stockSet,
            arguments: [Keys.fruit.spec, Keys.stockCount.spec],
            examples: ["stock set mango 20"]),
        CommandSpec(
            path: ["stock", "add"], topic: .stockAdd,
            arguments: [Keys.fruit.spec, Keys.stockCount.spec],
            examples: ["stock add kiwi 5"]),
        CommandSpec(
            path: ["stock", "remove"], topic: .stockRemove,
            arguments: [Keys.fruit.spec, Keys.stockCount.spec]),
        CommandSpec(path: ["stock", "reset"], topic: .stockReset),
        CommandSpec(path: ["bank", "open"], topic: .bankOpen, arguments: [Keys.customers.spec]),
        CommandSpec(
            path: ["bank", "add"], topic: .bankAdd,
            arguments: [Keys.customers.spec, Keys.task.spec],
            examples: ["bank add", "bank add 5 loan", "bank add deposit"]),
        CommandSpec(path: ["bank", "status"], topic: .bankStatus),
        CommandSpec(path: ["bank", "wait"], topic: .bankWait),
        CommandSpec(path: ["bank", "reset"], topic: .bankReset),
        CommandSpec(path: ["sales"], topic: .sales, flags: [Keys.all.spec]),
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
    case plan(PlanValue)
    /// Counted choices, each as `id` or `id count`.
    case counted([String])

    init(_ value: Invocation.Value) {
        switch value {
        case .integer(let number): self = .integer(number)
        case .choice(let choice): self = .choice(choice.id)
        case .words(let words): self = .words(words)
        case .day(let day): self = .day(day)
        case .duration(let duration): self = .duration(duration)
        case .rate(let rate): self = .rate(rate)
        case .text(let text): self = .text(text)
        case .plan(let value): self = .plan(value)
        case .counted(let items):
            self = .counted(items.map { item in item.count.map { "\(item.choice.id) \($0)" } ?? item.choice.id })
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
        case .plan(let value): "plan \(value)"
        case .counted(let items): "counted \(items)"
        }
    }
}
