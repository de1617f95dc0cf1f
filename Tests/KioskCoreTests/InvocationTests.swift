import KioskCore
import Testing

@Suite("Typed invocations")
struct InvocationTests {
    let registry = SampleCommands.registry

    typealias Keys = SampleCommands.Keys

    @Test(
        "a choice argument yields the value its set carries, whichever spelling named it",
        arguments: ["order mango", "order MANGO-JUICE 2", "order 'Mango'"])
    func choiceCarriesItsValue(_ line: String) throws {
        let invocation = try #require(try registry.parse(line))
        #expect(try invocation[Keys.juice] == SampleCommands.Juice(id: "mango"))
        let juice: SampleCommands.Juice = try invocation[Keys.juice]
        #expect(juice.id == "mango")
    }

    @Test("a set of plain ids carries the ids; a required integer is an Int")
    func choiceOfIds() throws {
        let invocation = try #require(try registry.parse("stock set Kiwi 4"))
        #expect(try invocation[Keys.fruit] == "kiwi")
        #expect(try invocation[Keys.stockCount] == 4)
    }

    @Test("an optional argument is nil when left out, and its value when given")
    func optionalValues() throws {
        let without = try #require(try registry.parse("order mango"))
        #expect(try without[Keys.orderCount] == nil)
        let with = try #require(try registry.parse("order mango 3"))
        #expect(try with[Keys.orderCount] == 3)
        let help = try #require(try registry.parse("help stock set"))
        #expect(try help[CommandRegistry.helpSubject] == ["stock", "set"])
    }

    @Test("a required key the line has no value for throws missingValue, naming command and argument")
    func missingValue() throws {
        let invocation = try #require(try registry.parse("order mango"))
        let count = ArgumentKey.required("count", .integer(1...99))
        #expect(throws: InvocationError.missingValue(command: "order", argument: "count")) {
            try invocation[count]
        }
        #expect(throws: InvocationError.missingValue(command: "order", argument: "size")) {
            try invocation[ArgumentKey.required("size", .integer(1...99))]
        }
        let error = #expect(throws: InvocationError.self) { try invocation[count] }
        #expect(error?.code == "internal_error")
    }

    @Test("a key of another kind than the spec's throws wrongType, naming the type it reads")
    func wrongType() throws {
        let order = try #require(try registry.parse("order mango 2"))
        #expect(throws: InvocationError.wrongType(command: "order", argument: "juice", expected: "Int")) {
            try order[ArgumentKey.required("juice", .integer(1...9))]
        }
        #expect(throws: InvocationError.wrongType(command: "order", argument: "count", expected: "Optional<String>")) {
            try order[ArgumentKey.optional("count", .text)]
        }
        // A choice of another set, even with the same name, is not read as this set's value.
        let stock = try #require(try registry.parse("stock set mango 1"))
        #expect(throws: InvocationError.wrongType(command: "stock set", argument: "fruit", expected: "Juice")) {
            try stock[ArgumentKey.required("fruit", .choice(SampleCommands.juices))]
        }
        let tasks = try #require(try registry.parse("bank add 2 loan"))
        #expect(throws: InvocationError.wrongType(command: "bank add", argument: "task", expected: "String")) {
            try tasks.all(ArgumentKey.optional("task", .choice(SampleCommands.fruits)))
        }
    }

    @Test("a repeating argument gives every value in order; a flag key says whether it was given")
    func repeatsAndFlags() throws {
        let edit = try #require(try registry.parse("stock set kiwi 4"))
        #expect(try edit.all(Keys.fruit) == ["kiwi"])
        #expect(try edit.all(Keys.stockCount) == [4])
        let sales = try #require(try registry.parse("sales --all"))
        #expect(sales[Keys.all])
        let plain = try #require(try registry.parse("sales"))
        #expect(!plain[Keys.all])
    }

    @Test(
        "the invocation carries the command that parsed it, also when an alias or --help named it",
        arguments: [
            ("order mango", "order"), ("STOCK Set kiwi 1", "stock set"), ("quit", "exit"), ("bank add", "bank add"),
            ("order --help", "help"), ("help", "help"),
        ])
    func carriesItsCommand(_ line: String, _ name: String) throws {
        let invocation = try #require(try registry.parse(line))
        #expect(invocation.command.spec.name == name)
        #expect(invocation.spec.name == name)
        #expect(invocation.name == name)
        #expect(registry.command(named: invocation.command.spec.path)?.spec.name == name)
    }

    @Test(
        "an invocation of choices, counts and whole numbers may be kept for its line; one of words may not",
        arguments: [
            ("order mango", true), ("order mango 3", true), ("stock set kiwi 4", true), ("bank open 20", true),
            ("menu", true), ("sales --all", true), ("help stock set", false),
        ])
    func reusable(_ line: String, reusable: Bool) throws {
        let invocation = try #require(try registry.parse(line))
        #expect(invocation.isReusable == reusable)
    }

    @Test("a spec's name and usage are the ones its path and arguments spell")
    func nameAndUsage() throws {
        let spec = try #require(registry.command(named: ["stock", "set"])).spec
        #expect(spec.name == "stock set")
        #expect(spec.usage.hasPrefix("stock set <"))
    }
}
