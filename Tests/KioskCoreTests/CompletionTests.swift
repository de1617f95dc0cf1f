import KioskCore
import Testing

@Suite("Completion")
struct CompletionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let line: String
        let expected: [String]

        init(_ line: String, _ expected: [String]) {
            self.line = line
            self.expected = expected
        }

        var testDescription: String { "«\(line)»" }
    }

    static let juiceWords = [
        "strawberry", "banana", "kiwi", "pineapple", "strawberry-banana", "mango", "mango-kiwi",
        "ddalgi", "banana-juice", "kiwi-juice", "pine", "ddalba", "mango-juice", "mangki",
    ]
    static let fruitWords = ["strawberry", "banana", "pineapple", "kiwi", "mango"]

    static let cases: [Case] = [
        // Command words.
        Case("", ["help", "menu", "order", "stock", "bank", "sales", "exit", "quit"]),
        Case("st", ["stock"]),
        Case("ORD", ["order"]),
        Case("q", ["quit"]),
        Case("x", []),
        // Subcommands.
        Case("stock ", ["set", "add", "remove", "reset"]),
        Case("stock re", ["remove", "reset"]),
        Case("Stock S", ["set"]),
        Case("bank ", ["open", "add", "status", "wait", "reset"]),
        Case("bank s", ["status"]),
        // Juice ids and aliases (a multi-word alias cannot be completed as one word).
        Case("order ", juiceWords),
        Case("order ma", ["mango", "mango-kiwi", "mango-juice", "mangki"]),
        Case("order DD", ["ddalgi", "ddalba"]),
        Case("order 'pi", ["pineapple", "pine"]),
        Case("order mango ", []),
        // Fruit ids.
        Case("stock set ", fruitWords),
        Case("stock add k", ["kiwi"]),
        Case("stock remove banana ", []),
        // Task types, after an optional count or in its place.
        Case("bank add ", ["deposit", "loan"]),
        Case("bank add 5 ", ["deposit", "loan"]),
        Case("bank add l", ["loan"]),
        Case("bank add 5 loan ", []),
        Case("bank open ", []),
        // Flags.
        Case("sales -", ["--all"]),
        Case("sales --", ["--all"]),
        Case("sales --a", ["--all"]),
        Case("sales --x", []),
        Case("order --", []),
        // After `help`: command words, then subcommands.
        Case("help ", ["help", "menu", "order", "stock", "bank", "sales", "exit", "quit"]),
        Case("help st", ["stock"]),
        Case("help stock ", ["set", "add", "remove", "reset"]),
        Case("help bank a", ["add"]),
        Case("help order ", []),
        Case("help stock set ", []),
        Case("help quit ", []),
        // Nothing after an unknown command.
        Case("fly ", []),
    ]

    @Test("offers what may come next", arguments: cases)
    func completes(_ testCase: Case) {
        #expect(SampleCommands.registry.completions(forLine: testCase.line) == testCase.expected)
    }

    /// `sales [day] --from <day>`, as the real `sales` is declared.
    static let dayRegistry: CommandRegistry = {
        var registry = CommandRegistry()
        let spec = CommandSpec(
            path: ["sales"], topic: .sales, arguments: [.optional("day", .day)],
            flags: [FlagSpec("all"), FlagSpec("from", value: "day", .day)])
        registry.register(Command(spec) { _ in SampleCommands.Ran(command: "sales") })
        return registry
    }()

    @Test(
        "a day is offered in English and Korean, in its place and after an option that takes one",
        arguments: [
            Case("sales ", ["today", "yesterday", "오늘", "어제", "그제"]),
            Case("sales y", ["yesterday"]),
            Case("sales 어", ["어제"]),
            Case("sales --from ", ["today", "yesterday", "오늘", "어제", "그제"]),
            Case("sales --from 오", ["오늘"]),
            Case("sales 어제 ", []),
            Case("sales --a", ["--all"]),
        ])
    func days(_ testCase: Case) {
        #expect(Self.dayRegistry.completions(forLine: testCase.line) == testCase.expected)
    }
}
