import KioskCore
import Testing

@testable import KioskREPL

@Suite("Completion glue")
struct CompleterTests {
    struct Done: CommandOutcome {}

    static let registry: CommandRegistry = {
        var registry = CommandRegistry()
        let fruits = ChoiceSet(noun: "fruit", ids: ["mango", "melon", "kiwi", "bad\u{1B}]0;x"])
        registry.register(Command(CommandSpec(path: ["history"], topic: .history)) { _ in Done() })
        registry.register(
            Command(
                CommandSpec(
                    path: ["stock", "set"], topic: .stockSet,
                    arguments: [.required("fruit", .choice(fruits)), .required("count", .integer(0...100))])
            ) { _ in Done() })
        registry.register(Command(CommandSpec(path: ["stock", "reset"], topic: .stockReset)) { _ in Done() })
        return registry
    }()

    let completer = Completer(registry: Self.registry)

    @Test(
        "answers in readline's shape: the replacement first, then the candidates",
        arguments: [
            ("he", "he", ["help"]),
            ("HE", "HE", ["help"]),
            ("h", "h", ["h", "help", "history"]),
            ("", "", ["", "help", "history", "stock"]),
            ("stock ", "", ["", "set", "reset"]),
            ("stock s", "s", ["set"]),
            ("stock set m", "m", ["m", "mango", "melon"]),
            ("stock set me", "me", ["melon"]),
            ("stock set mango ", "", []),
            ("zzz", "zzz", []),
        ] as [(String, String, [String])])
    func matches(line: String, word: String, expected: [String]) {
        #expect(completer.matches(textBeforeCursor: line, word: word) == expected)
    }

    @Test("never offers a candidate with a control character")
    func controlCharacters() {
        let matches = completer.matches(textBeforeCursor: "stock set b", word: "b")
        #expect(matches.isEmpty)
        #expect(!completer.matches(textBeforeCursor: "stock set ", word: "").contains { $0.contains("\u{1B}") })
    }

    @Test("keeps the typed word when the candidates share less of it")
    func keepsTypedWord() {
        #expect(Completer.commonPrefix(["Apple", "apricot"]) == "")
        #expect(Completer.commonPrefix(["mango", "mango-kiwi", "mangki"]) == "mang")
        #expect(Completer.commonPrefix([]) == "")
    }
}
