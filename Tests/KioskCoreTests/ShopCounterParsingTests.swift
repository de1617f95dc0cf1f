import KioskCore
import Testing

/// What a shop owner types in a rush: names of several words without quotes, several
/// fruits in one stock edit, days for `sales`, trailing comments and `?`.
@Suite("Shop counter parsing")
struct ShopCounterParsingTests {
    /// The sample registry with the shapes the shop's real commands have: repeating
    /// stock edits, `stock fill [fruit...]`, and `sales` with a day and day options.
    static let registry: CommandRegistry = {
        var registry = SampleCommands.registry
        let fruits = SampleCommands.fruits
        registry.register(
            contentsOf: [
                CommandSpec(
                    path: ["stock", "add"], topic: .stockAdd,
                    arguments: [Keys.fruit.spec, Keys.amount.spec],
                    repeats: true),
                CommandSpec(
                    path: ["stock", "fill"], topic: .stockFill, arguments: [Keys.someFruit.spec], repeats: true),
                CommandSpec(
                    path: ["sales"], topic: .sales, arguments: [Keys.day.spec],
                    flags: [FlagSpec("all"), Keys.from.spec, Keys.to.spec]),
            ].map { spec in Command(spec) { _ in SampleCommands.Ran(command: spec.name) } })
        return registry
    }()

    /// The keys of the commands above.
    enum Keys {
        static let fruit = ArgumentKey.required("fruit", .choice(SampleCommands.fruits))
        static let amount = ArgumentKey.required("amount", .integer(1...100))
        static let someFruit = ArgumentKey.optional("fruit", .choice(SampleCommands.fruits))
        static let day = ArgumentKey.optional("day", .day)
        static let from = OptionKey("from", value: "day", .day)
        static let to = OptionKey("to", value: "day", .day)
    }

    static func ids(_ invocation: Invocation) throws -> [String] {
        try invocation.all(SampleCommands.Keys.juice).map(\.id)
    }

    @Test(
        "the longest run of words that names a juice wins",
        arguments: [
            ("order mango kiwi 2", "mango-kiwi", 2),
            ("order Mango Kiwi", "mango-kiwi", nil),
            ("order strawberry banana", "strawberry-banana", nil),
            ("order strawberry banana 3", "strawberry-banana", 3),
            ("order 'mango' kiwi", "mango-kiwi", nil),
            ("order mango 2", "mango", 2),
        ] as [(String, String, Int?)])
    func multiWordNames(line: String, juice: String, count: Int?) throws {
        let invocation = try #require(try Self.registry.parse(line))
        #expect(try Self.ids(invocation) == [juice])
        #expect(try invocation[SampleCommands.Keys.orderCount] == count)
    }

    @Test("a name of several words with a typo in its second word is read up to the first")
    func multiWordTypo() {
        #expect(throws: ParseError.notANumber(name: "count", given: "kiwwi", usage: "order <juice> [count]")) {
            try Self.registry.parse("order mango kiwwi")
        }
    }

    @Test("stock edits take several fruits, each with its amount, in order")
    func repeatingPairs() throws {
        let invocation = try #require(try Self.registry.parse("stock add kiwi 5 mango 7 kiwi 1"))
        #expect(try invocation.all(Keys.fruit) == ["kiwi", "mango", "kiwi"])
        #expect(try invocation.all(Keys.amount) == [5, 7, 1])
        #expect(invocation.spec.usage == "stock add <fruit> <amount> ...")
        #expect(throws: ParseError.missingArgument(name: "amount", usage: "stock add <fruit> <amount> ...")) {
            try Self.registry.parse("stock add kiwi 5 mango")
        }
        #expect(throws: ParseError.self) { try Self.registry.parse("stock add kiwi 5 durian 1") }
    }

    @Test("stock fill takes any number of fruits, none meaning all")
    func fillFruits() throws {
        let none = try #require(try Self.registry.parse("stock fill"))
        #expect(try none.all(Keys.someFruit) == [])
        let two = try #require(try Self.registry.parse("stock fill kiwi MANGO"))
        #expect(try two.all(Keys.someFruit) == ["kiwi", "mango"])
        #expect(two.spec.usage == "stock fill [fruit...]")
    }

    @Test("sales takes a day, or days as options with or without '='")
    func salesDays() throws {
        let yesterday = try #require(try Self.registry.parse("sales yesterday"))
        #expect(try yesterday[Keys.day] == .daysAgo(1))
        let range = try #require(try Self.registry.parse("sales --from 2026-11-01 --to=2026-11-30"))
        let first = try #require(CalendarDay(iso: "2026-11-01"))
        let last = try #require(CalendarDay(iso: "2026-11-30"))
        #expect(try range[Keys.from] == .date(first))
        #expect(try range[Keys.to] == .date(last))
        #expect(range.spec.usage == "sales [day] [--all] [--from <day>] [--to <day>]")
        #expect(throws: ParseError.notADay(name: "day", given: "2026-02-30", usage: range.spec.usage)) {
            try Self.registry.parse("sales 2026-02-30")
        }
        #expect(throws: ParseError.missingOptionValue(option: "--from", name: "day", usage: range.spec.usage)) {
            try Self.registry.parse("sales --from")
        }
        #expect(throws: ParseError.unknownFlag("--all=1", usage: range.spec.usage)) {
            try Self.registry.parse("sales --all=1")
        }
    }

    @Test(
        "calendar days are checked and printed as ISO dates",
        arguments: [
            ("2024-02-29", true), ("2026-02-29", false), ("2026-13-01", false), ("2026-1-01", false), ("today", false),
        ])
    func calendarDays(text: String, valid: Bool) {
        #expect((CalendarDay(iso: text) != nil) == valid)
        if valid { #expect(CalendarDay(iso: text)?.description == text) }
    }

    @Test(
        "a '#' that starts a word outside quotes begins a comment",
        arguments: [
            ("order banana # for table 3", ["order", "banana"]),
            ("order banana #3", ["order", "banana"]),
            ("# only a comment", []),
            ("order 'banana #1'", ["order", "banana #1"]),
            (##"order ba\#na"##, ["order", "ba#na"]),
            (##"order \#1"##, ["order", "#1"]),
            ("order banana # it's \"fine\"", ["order", "banana"]),
            ("order ba#na", ["order", "ba#na"]),
            (#"say "a # b" # c"#, ["say", "a # b"]),
        ])
    func comments(line: String, words: [String]) throws {
        #expect(try Tokenizer.tokenize(String(Tokenizer.withoutComment(line))).map(\.text) == words)
    }

    @Test("a comment alone is a blank line; '?' and '\\?' ask for help")
    func commentAndQuestionMark() throws {
        #expect(try Self.registry.parse(String(Tokenizer.withoutComment("   # nothing to do"))) == nil)
        for line in ["?", #"\?"#, "? order"] {
            let invocation = try #require(try Self.registry.parse(line))
            #expect(invocation.name == "help")
        }
        #expect(try Self.registry.parse("? order")?[CommandRegistry.helpSubject] == ["order"])
    }

    @Test(
        "completion continues a name of several words, and completes it whole inside quotes",
        arguments: [
            ("order mango k", ["kiwi"]),
            ("order Mango ", []),
            ("order Mango K", ["kiwi"]),
            ("order strawberry b", ["banana"]),
            (#"order "mango k"#, ["mango kiwi"]),
            ("order 'strawberry ", ["strawberry banana"]),
            ("order mango # k", []),
            ("stock add kiwi 5 ma", ["mango"]),
            ("stock fill kiwi ", ["strawberry", "banana", "pineapple", "kiwi", "mango"]),
            ("sales --from 2026-11-01 --", ["--all", "--from", "--to"]),
        ])
    func completion(line: String, expected: [String]) {
        #expect(Self.registry.completions(forLine: line) == expected)
    }
}
