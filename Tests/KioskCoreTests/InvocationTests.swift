import KioskCore
import Testing

@Suite("Typed invocations")
struct InvocationTests {
    let registry = SampleCommands.registry

    @Test(
        "a choice argument yields the value its set carries, whichever spelling named it",
        arguments: ["order mango", "order MANGO-JUICE 2", "order 'Mango'"])
    func choiceCarriesItsValue(_ line: String) throws {
        let invocation = try #require(try registry.parse(line))
        #expect(try invocation.value("juice", as: SampleCommands.Juice.self) == SampleCommands.Juice(id: "mango"))
        let juice: SampleCommands.Juice = try invocation.value("juice")
        #expect(juice.id == "mango")
    }

    @Test("a choice whose set carries no value yields its id")
    func choiceWithoutValueYieldsItsId() throws {
        let invocation = try #require(try registry.parse("stock set Kiwi 4"))
        #expect(try invocation.value("fruit", as: String.self) == "kiwi")
        #expect(try invocation.value("count", as: Int.self) == 4)
    }

    @Test("an optional argument is nil when left out, and its value when given")
    func optionalValues() throws {
        let without = try #require(try registry.parse("order mango"))
        #expect(try without.optionalValue("count", as: Int.self) == nil)
        let with = try #require(try registry.parse("order mango 3"))
        #expect(try with.optionalValue("count", as: Int.self) == 3)
        let help = try #require(try registry.parse("help stock set"))
        #expect(try help.value("command", as: [String].self) == ["stock", "set"])
    }

    @Test("asking for a required value the line did not give throws missingValue, naming command and argument")
    func missingValue() throws {
        let invocation = try #require(try registry.parse("order mango"))
        #expect(throws: InvocationError.missingValue(command: "order", argument: "count")) {
            try invocation.value("count", as: Int.self)
        }
        #expect(throws: InvocationError.missingValue(command: "order", argument: "size")) {
            try invocation.value("size", as: Int.self)
        }
        let error = #expect(throws: InvocationError.self) { try invocation.value("count", as: Int.self) }
        #expect(error?.code == "internal_error")
    }

    @Test("asking for a value as another type throws wrongType, naming the type asked for")
    func wrongType() throws {
        let order = try #require(try registry.parse("order mango 2"))
        #expect(throws: InvocationError.wrongType(command: "order", argument: "juice", expected: "Int")) {
            try order.value("juice", as: Int.self)
        }
        // The juice set carries a Juice, not its id.
        #expect(throws: InvocationError.wrongType(command: "order", argument: "juice", expected: "String")) {
            try order.value("juice", as: String.self)
        }
        #expect(throws: InvocationError.wrongType(command: "order", argument: "count", expected: "String")) {
            try order.optionalValue("count", as: String.self)
        }
        let stock = try #require(try registry.parse("stock set mango 1"))
        #expect(throws: InvocationError.wrongType(command: "stock set", argument: "fruit", expected: "Juice")) {
            try stock.value("fruit", as: SampleCommands.Juice.self)
        }
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
}
