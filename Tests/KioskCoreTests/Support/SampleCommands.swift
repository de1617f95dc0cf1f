import KioskCore

/// A registry shaped like the kiosk's real one (juice shop, stock, bank, sales), so the
/// parser, completion and help are tested against the words people will type.
enum SampleCommands {
    static let juices = ChoiceSet(
        noun: "juice",
        choices: [
            .init(id: "strawberry", spellings: ["ddalgi"]),
            .init(id: "banana", spellings: ["banana-juice"]),
            .init(id: "kiwi", spellings: ["kiwi-juice"]),
            .init(id: "pineapple", spellings: ["pine"]),
            .init(id: "strawberry-banana", spellings: ["ddalba", "strawberry banana"]),
            .init(id: "mango", spellings: ["mango-juice"]),
            .init(id: "mango-kiwi", spellings: ["mangki", "mango kiwi"]),
        ])

    static let fruits = ChoiceSet(noun: "fruit", ids: ["strawberry", "banana", "pineapple", "kiwi", "mango"])

    static let tasks = ChoiceSet(noun: "task", ids: ["deposit", "loan"])

    static let registry: CommandRegistry = {
        var registry = CommandRegistry()
        registry.register(contentsOf: specs.map { spec in Command(spec) { _ in CommandResult(command: spec.name) } })
        return registry
    }()

    static let specs: [CommandSpec] = [
        CommandSpec(
            path: ["menu"], summary: "Shows every juice and how many can be made."),
        CommandSpec(
            path: ["order"], summary: "Makes juice from the stock.",
            arguments: [
                .required("juice", .choice(juices)),
                .optional("count", .integer(1...99), help: "default 1"),
            ],
            examples: ["order mango", "order strawberry-banana 2", "order \"strawberry banana\""],
            discussion: "An order takes every fruit it needs, or nothing."),
        CommandSpec(path: ["stock"], summary: "Shows the stock of every fruit."),
        CommandSpec(
            path: ["stock", "set"], summary: "Sets one fruit's stock.",
            arguments: [.required("fruit", .choice(fruits)), .required("count", .integer(0...100))],
            examples: ["stock set mango 20"]),
        CommandSpec(
            path: ["stock", "add"], summary: "Adds fruit to the stock.",
            arguments: [.required("fruit", .choice(fruits)), .required("count", .integer(0...100))],
            examples: ["stock add kiwi 5"]),
        CommandSpec(
            path: ["stock", "remove"], summary: "Takes fruit out of the stock.",
            arguments: [.required("fruit", .choice(fruits)), .required("count", .integer(0...100))]),
        CommandSpec(path: ["stock", "reset"], summary: "Puts every fruit back to its initial stock."),
        CommandSpec(
            path: ["bank", "open"], summary: "Opens the bank with customers.",
            arguments: [.optional("count", .integer(1...1_000_000))]),
        CommandSpec(
            path: ["bank", "add"], summary: "Adds customers while the bank runs.",
            arguments: [
                .optional("count", .integer(1...1_000_000), help: "default 10"),
                .optional("task", .choice(tasks), help: "default: random"),
            ],
            examples: ["bank add", "bank add 5 loan", "bank add deposit"]),
        CommandSpec(path: ["bank", "status"], summary: "Shows the desks and clerks."),
        CommandSpec(path: ["bank", "wait"], summary: "Waits until the bank is idle."),
        CommandSpec(path: ["bank", "reset"], summary: "Cancels all service."),
        CommandSpec(
            path: ["sales"], summary: "Shows the sales ledger.",
            flags: [FlagSpec("all", summary: "every sale, not only today's")]),
        CommandSpec(path: ["exit"], aliases: ["quit"], summary: "Leaves kiosk."),
    ]
}
