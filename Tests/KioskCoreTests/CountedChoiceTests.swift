import KioskCore
import Testing

/// A `.counted` argument reads values with their counts as people say them: the count before
/// or after each value, several values separated by commas or spaces, the longest name first.
@Suite struct CountedChoiceTests {
    static let key = ArgumentKey.required("juice", .counted(SampleCommands.juices, counts: 1...99))

    static let registry: CommandRegistry = {
        var registry = CommandRegistry()
        registry.register(
            Command(CommandSpec(path: ["order"], topic: .order, arguments: [key.spec])) { _ in
                SampleCommands.Ran(command: "order")
            })
        return registry
    }()

    /// Each value read from `line`, as `id count` (`id -` when no count was typed).
    static func read(_ line: String) throws -> [String] {
        let invocation = try #require(try registry.parse(line))
        return try invocation[key].map { "\($0.value.id) \($0.count.map(String.init) ?? "-")" }
    }

    @Test(
        "counts before or after, several values, the longest name first",
        arguments: [
            ("order banana", ["banana -"]),
            ("order 2 banana", ["banana 2"]),
            ("order banana 2", ["banana 2"]),
            ("order banana, kiwi 2", ["banana -", "kiwi 2"]),
            ("order banana,kiwi", ["banana -", "kiwi -"]),
            ("order banana , , kiwi,", ["banana -", "kiwi -"]),
            ("order banana kiwi", ["banana -", "kiwi -"]),
            ("order 2 banana 3 kiwi", ["banana 2", "kiwi 3"]),
            ("order banana 2 kiwi 3", ["banana 2", "kiwi 3"]),
            ("order 2 banana kiwi", ["banana 2", "kiwi -"]),
            ("order banana 2, 3 kiwi", ["banana 2", "kiwi 3"]),
            ("order mango kiwi 2", ["mango-kiwi 2"]),
            ("order strawberry banana, mango", ["strawberry-banana -", "mango -"]),
            ("order 'mango' kiwi", ["mango-kiwi -"]),
            ("order MANGO Kiwi 2", ["mango-kiwi 2"]),
        ])
    func reads(line: String, expected: [String]) throws {
        #expect(try Self.read(line) == expected)
    }

    static let usage = "order <juice> [count] ..."
    static let ids = SampleCommands.juices.set.ids

    @Test(
        "bad words are errors that name them",
        arguments: [
            ("order", ParseError.missingArgument(name: "juice", usage: usage)),
            ("order 2", .missingArgument(name: "juice", usage: usage)),
            ("order ,", .missingArgument(name: "juice", usage: usage)),
            ("order banana 0", .outOfRange(name: "count", given: "0", range: 1...99)),
            ("order -1 banana", .outOfRange(name: "count", given: "-1", range: 1...99)),
            ("order banana 100", .outOfRange(name: "count", given: "100", range: 1...99)),
            ("order banana 2 3", .extraArgument("3", usage: usage)),
            ("order 2 3 banana", .extraArgument("3", usage: usage)),
            ("order 2 banana 3", .extraArgument("3", usage: usage)),
            ("order 2 mango kiwi 3", .extraArgument("3", usage: usage)),
            ("order 2 banana kiwi 3", .countAfterCountsFirst("3", fix: "2 banana, kiwi 3", usage: usage)),
            (
                "order 2 banana 3 kiwi mango 4",
                .countAfterCountsFirst("4", fix: "2 banana 3 kiwi, mango 4", usage: usage)
            ),
            ("order banana 1.5", .notANumber(name: "count", given: "1.5", usage: usage)),
            ("order durian", .unknownValue(noun: "juice", given: "durian", suggestion: nil, choices: ids)),
            ("order 2 bananna", .unknownValue(noun: "juice", given: "bananna", suggestion: "banana", choices: ids)),
            ("order mango ki", .unknownValue(noun: "juice", given: "mango ki", suggestion: "mango kiwi", choices: ids)),
            (
                "order mnago kiwi 2",
                .unknownValue(noun: "juice", given: "mnago kiwi", suggestion: "mango kiwi", choices: ids)
            ),
            ("order banana ki", .unknownValue(noun: "juice", given: "ki", suggestion: "kiwi", choices: ids)),
        ])
    func rejects(line: String, error: ParseError) {
        #expect(throws: error) { try Self.registry.parse(line) }
    }

    @Test("the usage shows more values may follow, and completion offers names after any word")
    func usageAndCompletion() {
        #expect(Self.registry.command(named: ["order"])?.spec.usage == Self.usage)
        #expect(Self.registry.completions(forLine: "order 2 ban") == ["banana", "banana-juice"])
        #expect(Self.registry.completions(forLine: "order banana, ki") == ["kiwi", "kiwi-juice"])
        #expect(Self.registry.completions(forLine: "order banana 2 mango k").contains("kiwi"))
    }
}
