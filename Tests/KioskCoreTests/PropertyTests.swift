import Testing

@testable import KioskCore

/// Random lines, reproducible from a seed: whatever a person (or a cat on the keyboard,
/// or a binary file piped in) types, parsing ends in an invocation, nil or a ParseError
/// whose quoted words are safe to print once sanitised and whose suggestion is a known word.
@Suite("Parser properties")
struct PropertyTests {
    static let seed: UInt64 = 0x6B69_6F73_6B21
    static let lineCount = 100_000
    /// Every this-many lines is 64 KB long.
    static let hugeLineEvery = 400

    @Test("random lines tokenize and parse to a result or a ParseError, never a crash")
    func randomLines() {
        let registry = SampleCommands.registry
        var problems: [String] = []
        var outcomes = (tokenized: 0, parsed: 0, blank: 0, failed: 0)
        for index in 0..<Self.lineCount {
            var random = SplitMix64(seed: Self.seed &+ UInt64(index))
            let line = LineGenerator.line(index: index, hugeEvery: Self.hugeLineEvery, using: &random)
            let problem = Self.check(line, registry: registry, outcomes: &outcomes)
            if let problem, problems.count < 10 {
                problems.append("line #\(index) (seed \(Self.seed) + \(index)): \(problem)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The generator must reach every outcome, or the test proves little.
        #expect(outcomes.parsed > 1_000)
        #expect(outcomes.blank > 100)
        #expect(outcomes.failed > 1_000)
    }

    /// What is wrong with how `line` was handled, or nil.
    private static func check(
        _ line: String, registry: CommandRegistry,
        outcomes: inout (tokenized: Int, parsed: Int, blank: Int, failed: Int)
    ) -> String? {
        let tokens: [Tokenizer.Token]?
        let tokenizeError: ParseError?
        do {
            tokens = try Tokenizer.tokenize(line)
            tokenizeError = nil
            outcomes.tokenized += 1
        } catch {
            tokens = nil
            tokenizeError = error
        }
        if let tokens {
            let columns = tokens.map(\.column)
            if columns != columns.sorted() || Set(columns).count != columns.count {
                return "token columns are not increasing: \(columns.prefix(20))"
            }
            if let last = columns.last, last < 1 || last > line.count {
                return "token column \(last) outside 1...\(line.count)"
            }
        }

        do {
            if try registry.parse(line) == nil {
                outcomes.blank += 1
                if tokens?.isEmpty != true { return "nil for a line with words" }
            } else {
                outcomes.parsed += 1
            }
            if let tokenizeError { return "parsed although the tokenizer threw \(tokenizeError.code)" }
        } catch {
            outcomes.failed += 1
            if let tokenizeError, tokenizeError != error {
                return "parse threw \(error.code), the tokenizer \(tokenizeError.code)"
            }
            if let problem = Self.problem(with: error) { return "\(error.code): \(problem)" }
            if error.code.isEmpty || !error.code.allSatisfy({ $0.isLetter || $0 == "_" }) {
                return "bad code '\(error.code)'"
            }
        }
        return nil
    }

    /// What is wrong with the values `error` carries for the presenter to word, or nil: the
    /// words it quotes back must be safe once sanitised, and a suggestion must be a word the
    /// registry knows.
    private static func problem(with error: ParseError) -> String? {
        let quoted: [String]
        let suggestion: String?
        switch error {
        case .unterminatedQuote, .danglingEscape:
            (quoted, suggestion) = ([], nil)
        case .unknownCommand(let given, let suggested):
            (quoted, suggestion) = ([given], suggested)
        case .commandOfGroups(let given, let commands):
            if let unknown = commands.first(where: { !isKnown($0) }) { return "suggested unknown command '\(unknown)'" }
            (quoted, suggestion) = ([given], nil)
        case .unknownUser(let user, let given):
            (quoted, suggestion) = ([user, given], nil)
        case .missingSubcommand(let command, _):
            (quoted, suggestion) = ([command], nil)
        case .unknownSubcommand(let command, let given, let suggested, let subcommands):
            if let suggested, !subcommands.contains(suggested) { return "suggested '\(suggested)' for '\(command)'" }
            (quoted, suggestion) = ([command, given], nil)
        case .missingArgument(let name, _):
            (quoted, suggestion) = ([name], nil)
        case .extraArgument(let given, _), .unknownFlag(let given, _):
            (quoted, suggestion) = ([given], nil)
        case .countAfterCountsFirst(let given, let fix, _):
            (quoted, suggestion) = ([given, fix], nil)
        case .notANumber(let name, let given, _), .outOfRange(let name, let given, _):
            (quoted, suggestion) = ([name, given], nil)
        case .unknownValue(_, let given, let suggested, _):
            (quoted, suggestion) = ([given], suggested)
        case .missingOptionValue(let option, let name, _):
            (quoted, suggestion) = ([option, name], nil)
        case .notADay(let name, let given, _), .notADuration(let name, let given, _), .notARate(let name, let given, _),
            .durationOutOfRange(let name, let given, _), .rateOutOfRange(let name, let given, _):
            (quoted, suggestion) = ([name, given], nil)
        case .conflictingArguments(let first, let second, _):
            (quoted, suggestion) = ([first, second], nil)
        case .badPlanArgument:
            (quoted, suggestion) = ([], nil)
        }
        if let suggestion, !isKnown(suggestion) {
            return "suggested unknown word '\(suggestion)'"
        }
        for word in quoted {
            let sanitized = Sanitized.text(word)
            if let problem = unsafe(sanitized) { return problem }
            if sanitized.unicodeScalars.count > Sanitized.maximumQuotedLength * 8 + 1 {
                return "Sanitized.text kept \(sanitized.unicodeScalars.count) scalars"
            }
        }
        return nil
    }

    private static let knownWords = vocabulary(of: SampleCommands.registry)

    /// Whether `suggestion` is a word the registry knows, or a command's name of several.
    private static func isKnown(_ suggestion: String) -> Bool {
        let words = suggestion.lowercased()
        return knownWords.contains(words) || words.split(separator: " ").allSatisfy { knownWords.contains(String($0)) }
    }

    /// Every word a command line can be made of: command words, aliases, choice spellings and flags.
    static func vocabulary(of registry: CommandRegistry) -> Set<String> {
        Set(
            (registry.topLevelWords + registry.commands.flatMap { [$0.spec.name] + $0.spec.path + $0.spec.aliases }
                + SampleCommands.juices.set.allSpellings + SampleCommands.fruits.set.allSpellings
                + SampleCommands.tasks.set.allSpellings + ["--all"]).map { $0.lowercased() })
    }

    /// Why `message` would be unsafe or unreadable on a terminal, or nil.
    static func unsafe(_ message: String) -> String? {
        if let scalar = message.unicodeScalars.first(where: {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        }) {
            return "raw control character U+\(String(scalar.value, radix: 16)) in \(message.debugDescription)"
        }
        return nil
    }

    @Test("completion accepts any text before the cursor and offers only known words")
    func randomCompletion() {
        let registry = SampleCommands.registry
        let vocabulary = Self.vocabulary(of: registry)
        var problems: [String] = []
        for index in 0..<10_000 {
            var random = SplitMix64(seed: Self.seed ^ 0xC0 &+ UInt64(index))
            let line = LineGenerator.line(index: index, hugeEvery: 0, using: &random)
            for candidate in registry.completions(forLine: line) where !vocabulary.contains(candidate.lowercased()) {
                if problems.count < 10 { problems.append("#\(index): offered '\(candidate)'") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("suggestions are always one of the candidates, and quoted values are sanitised")
    func suggestions() {
        let candidates =
            SampleCommands.juices.set.allSpellings + SampleCommands.fruits.set.ids + ["stock set", "bank add"]
        var problems: [String] = []
        for index in 0..<20_000 {
            var random = SplitMix64(seed: Self.seed ^ 0x56 &+ UInt64(index))
            let word = LineGenerator.line(index: index, hugeEvery: 2_000, using: &random)
            if let suggestion = Suggestion.closest(to: word, among: candidates), !candidates.contains(suggestion) {
                problems.append("#\(index): suggested '\(suggestion)'")
            }
            let sanitized = Sanitized.text(word)
            if let problem = Self.unsafe(sanitized) { problems.append("#\(index): Sanitized.text gave \(problem)") }
            if sanitized.unicodeScalars.count > Sanitized.maximumQuotedLength * 8 + 1 {
                problems.append("#\(index): Sanitized.text kept \(sanitized.unicodeScalars.count) scalars")
            }
            if problems.count >= 10 { break }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the generator is deterministic")
    func deterministic() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        let a = (0..<50).map { LineGenerator.line(index: $0, hugeEvery: 0, using: &first) }
        let b = (0..<50).map { LineGenerator.line(index: $0, hugeEvery: 0, using: &second) }
        #expect(a == b)
        var known = SplitMix64(seed: 0)
        #expect(known.next() == 0xE220_A839_7B1D_CDAF)
    }
}
