/// The commands every module registered, and the one parser for them.
///
/// ```swift
/// var registry = CommandRegistry()
/// registry.register(Command(CommandSpec(path: ["stock"], topic: .stock)) { _ in try fruitStore.stock() })
/// if let invocation = try registry.parse("stock"), case .perform(let run) = invocation.command.action {
///     let outcome = try await run(invocation)
/// }
/// ```
public struct CommandRegistry: Sendable {
    /// Every command, in registration order (`help` first).
    public private(set) var commands: [Command] = []
    private var byName: [String: Int] = [:]
    /// Every way to name a command (its name, and its name with an alias as the last word),
    /// for matching a line without walking every command.
    private var bySpelling: [String: Int] = [:]
    /// For each word a spelling starts with, the most words of a spelling that starts with it,
    /// so that matching a line tries only lengths that can match.
    private var deepestSpelling: [String: Int] = [:]
    /// The corrections parse errors offer, gathered once for these commands.
    private(set) var corrections = CorrectionCache()

    /// The words `help` was given: the command (or group) to explain; none for the overview.
    public static let helpSubject = ArgumentKey.optional("command", .words)

    /// A registry holding only `help`.
    public init() {
        register(
            Command(
                CommandSpec(
                    path: ["help"],
                    topic: .help,
                    arguments: [Self.helpSubject.spec],
                    examples: ["help", "help order", "help stock set", "?"]),
                action: .help))
    }

    /// Adds `command`; a later command with the same name replaces the earlier one.
    public mutating func register(_ command: Command) {
        corrections = CorrectionCache()
        let index: Int
        if let existing = byName[command.spec.name] {
            index = existing
            commands[index] = command
        } else {
            index = commands.count
            byName[command.spec.name] = index
            commands.append(command)
        }
        let path = command.spec.path
        bySpelling[command.spec.name] = index
        for alias in command.spec.aliases {
            let spelling = (path.dropLast() + [alias]).joined(separator: " ")
            if bySpelling[spelling] == nil { bySpelling[spelling] = index }
        }
        let firstWords = path.count == 1 ? path + command.spec.aliases : [path[0]]
        for word in firstWords {
            deepestSpelling[word] = max(deepestSpelling[word] ?? 0, path.count)
        }
        // The Korean words, in every language: indexed here, so that matching a line costs
        // the same lookups whichever words it uses.
        for spelling in CommandWords.koreanSpellings(of: path) {
            if bySpelling[spelling] == nil { bySpelling[spelling] = index }
            let words = spelling.split(separator: " ")
            if let first = words.first {
                deepestSpelling[String(first)] = max(deepestSpelling[String(first)] ?? 0, words.count)
            }
        }
    }

    /// Adds each of `commands` in order.
    public mutating func register(contentsOf commands: [Command]) {
        for command in commands { register(command) }
    }

    /// The command named by `path` (its words, case-insensitive), if any.
    public func command(named path: [String]) -> Command? {
        byName[path.map { $0.lowercased() }.joined(separator: " ")].map { commands[$0] }
    }

    // MARK: - Parsing

    /// Parses one line against the registered commands.
    /// - Returns: nil for a blank line.
    /// - Throws: a ``ParseError`` naming the bad word and what would have been accepted.
    public func parse(_ line: String) throws(ParseError) -> Invocation? {
        let words = try Tokenizer.tokenize(line)
        var tokens = words.map(\.text)
        guard !tokens.isEmpty else { return nil }
        // `?` (or `\?`, which reads the same) asks for help, as in psql and sqlite3; it is no
        // command of its own, so completion does not offer it.
        if tokens[0] == "?" { tokens[0] = "help" }
        if let subject = helpSubject(tokens), let help = command(named: ["help"]) {
            return Invocation(command: help, arguments: [(Self.helpSubject.name, .words(subject))])
        }
        let (command, depth) = try match(tokens)
        // Which words a path argument expands `~` in, counted from the first after the
        // command's name; most lines have none.
        var tildes: Set<Int> = []
        for (index, word) in words.enumerated() where index >= depth && word.expandsTilde {
            tildes.insert(index - depth)
        }
        var arguments = Array(tokens[depth...])
        for index in arguments.indices {
            if let count = Self.countWithoutCounter(arguments[index]) { arguments[index] = count }
        }
        return try bind(arguments, to: command, tildes: tildes)
    }

    /// The Korean counters kiosk prints after a count (`바나나쥬스 2잔`, `키위 5개`, `고객 3명`).
    static let koreanCounters: [String] = ["잔", "개", "명"]

    /// `2잔` as `2`: a count written with the counter kiosk itself prints after it, as a
    /// Korean speaker writes one. Nil for any other word (the first byte tells most of them).
    static func countWithoutCounter(_ token: String) -> String? {
        guard let first = token.utf8.first, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else {
            return nil
        }
        for counter in koreanCounters where token.hasSuffix(counter) {
            let count = String(token.dropLast())
            return looksNumeric(count) ? count : nil
        }
        return nil
    }

    /// For a line holding `--help` or `-h`, the words `help` should explain: the command
    /// (or group) the other words name. Nil when there is no such flag, or when the words
    /// name nothing, so that the usual error points at the typo.
    private func helpSubject(_ tokens: [String]) -> [String]? {
        let isHelpFlag = { (token: String) in
            token.utf8.first == UInt8(ascii: "-") && (token == "-h" || Self.folded(token) == "--help")
        }
        guard tokens.contains(where: isHelpFlag) else { return nil }
        let words = tokens.filter { !isHelpFlag($0) }
        guard let first = words.first else { return [] }
        if let (command, depth) = longestMatch(words.map { $0.lowercased() }) {
            // `help --help` is help about `help`; `help order --help` is still help about `order`.
            if command.spec.path == ["help"] {
                return depth < words.count ? Array(words[depth...]) : ["help"]
            }
            return command.spec.path
        }
        let group = first.lowercased()
        return subcommandWords(after: [group]).isEmpty ? nil : [group]
    }

    /// The command whose path (or an alias of its last word) is the longest prefix of `tokens`.
    private func match(_ tokens: [String]) throws(ParseError) -> (Command, depth: Int) {
        let words = tokens.map(Self.folded)
        let best = longestMatch(words)
        if let best {
            // `stock sett mango 1`: a command without arguments followed by a word that is
            // not one of its subcommands is a mistyped subcommand, not an extra argument.
            // (The subcommands are only looked up then: a line that parses never needs them.)
            if words.count > best.depth, best.command.spec.arguments.isEmpty, !words[best.depth].hasPrefix("--"),
                case let subcommands = subcommandWords(after: Array(words[0..<best.depth])), !subcommands.isEmpty
            {
                let given = tokens[best.depth]
                // Named as typed, so that a suggestion after a Korean word (`재고 추가`) is
                // one the registry accepts.
                throw .unknownSubcommand(
                    command: words[0..<best.depth].joined(separator: " "), given: given,
                    suggestion: subcommandSuggestion(for: given, after: Array(words[0..<best.depth])),
                    subcommands: subcommands)
            }
            return (best.command, best.depth)
        }
        let groupSubcommands = subcommandWords(after: [words[0]])
        if !groupSubcommands.isEmpty {
            guard tokens.count > 1 else {
                throw .missingSubcommand(command: words[0], subcommands: groupSubcommands)
            }
            throw .unknownSubcommand(
                command: words[0], given: tokens[1],
                suggestion: subcommandSuggestion(for: tokens[1], after: [words[0]]),
                subcommands: groupSubcommands)
        }
        throw unknownCommandError(tokens[0])
    }

    /// - Parameter tildes: the indices in `tokens` of the words that start with a `~` a
    ///   shell would expand, which a path argument expands.
    private func bind(_ tokens: [String], to command: Command, tildes: Set<Int> = []) throws(ParseError) -> Invocation {
        let spec = command.spec
        let takesWords = spec.arguments.contains { if case .words = $0.kind { true } else { false } }
        var flags: Set<String> = []
        var values: [(name: String, value: Invocation.Value)] = []
        values.reserveCapacity(spec.arguments.count)
        var positional: [String] = []
        // Which of `positional` a path argument expands `~` in.
        var positionalTildes: Set<Int> = []
        var next = 0
        while next < tokens.count {
            let token = tokens[next]
            next += 1
            guard !takesWords, Self.isFlagShaped(token) else {
                if tildes.contains(next - 1) { positionalTildes.insert(positional.count) }
                positional.append(token)
                continue
            }
            // `--from 2026-11-21` or `--from=2026-11-21`; a flag without a value takes no `=`.
            let parts = token.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].lowercased()
            guard let flag = spec.flags.first(where: { $0.name == name }), (parts.count == 1) || flag.value != nil
            else {
                throw .unknownFlag(token, usage: spec.usage)
            }
            guard let valueSpec = flag.value else {
                flags.insert(name)
                continue
            }
            let text: String
            // `--file=~/a` is no word of its own: a shell leaves its `~` be.
            var expands = false
            if parts.count == 2 {
                text = String(parts[1])
            } else {
                guard next < tokens.count else {
                    throw .missingOptionValue(option: "--\(flag.name)", name: valueSpec.name, usage: spec.usage)
                }
                text = tokens[next]
                expands = tildes.contains(next)
                next += 1
            }
            // A bad value names the option it was given to (`--over`), not its placeholder.
            let named = ArgumentSpec.required("--\(flag.name)", valueSpec.kind)
            values.append((flag.name, try value(of: text, for: named, in: spec, expandingTilde: expands)))
        }

        var index = 0
        binding: while true {
            let groupStart = index
            for (position, argument) in spec.arguments.enumerated() {
                if case .words = argument.kind {
                    values.append((argument.name, .words(Array(positional[index...]))))
                    index = positional.count
                    break binding
                }
                if case .counted(let set, let counts) = argument.kind {
                    let read = try CountedChoice.read(
                        positional[index...], set: set, counts: counts, name: argument.name, usage: spec.usage)
                    values.append((argument.name, .counted(read)))
                    index = positional.count
                    break binding
                }
                guard index < positional.count else {
                    if argument.isOptional { continue }
                    throw .missingArgument(name: argument.name, usage: spec.usage)
                }
                let token = positional[index]
                if argument.isOptional, !fits(token, argument.kind),
                    spec.arguments[(position + 1)...].contains(where: { fits(token, $0.kind) })
                {
                    continue
                }
                if case .choice(let set) = argument.kind,
                    let (choice, length) = longestRun(positional, from: index, in: set)
                {
                    values.append((argument.name, .choice(choice)))
                    index += length
                    continue
                }
                values.append(
                    (
                        argument.name,
                        try value(of: token, for: argument, in: spec, expandingTilde: positionalTildes.contains(index))
                    ))
                index += 1
            }
            // Another group only when there are words left and the last group took some.
            guard spec.repeats, index < positional.count, index > groupStart else { break }
        }
        if index < positional.count {
            throw .extraArgument(positional[index], usage: spec.usage)
        }
        return Invocation(command: command, arguments: values, flags: flags)
    }

    /// The value that the longest run of two or more words from `start` names in `set`
    /// (`mango kiwi 2` names Mango-Kiwi Juice by its alias `mango kiwi`), and how many words
    /// it took; nil when no run of several words names one, and one word decides.
    private func longestRun(_ words: [String], from start: Int, in set: ChoiceSet) -> (ChoiceSet.Choice, Int)? {
        let most = min(set.longestSpelling, words.count - start)
        guard most >= 2 else { return nil }
        for length in stride(from: most, through: 2, by: -1) {
            let run = words[start..<(start + length)]
            guard set.mayBeSpelled(by: run) else { continue }
            if let choice = set.choice(named: run.joined(separator: " ")) {
                return (choice, length)
            }
        }
        return nil
    }

    /// The command `words` name exactly, by its name or an alias of its last word.
    func command(spelled words: [String]) -> Command? {
        bySpelling[words.joined(separator: " ")].map { commands[$0] }
    }

    /// The command whose path (or an alias of its last word) is the longest prefix of `words`.
    func longestMatch(_ words: [String]) -> (command: Command, depth: Int)? {
        guard let first = words.first, let deepest = deepestSpelling[first] else { return nil }
        var depth = min(deepest, words.count)
        while depth > 0 {
            let spelling = depth == 1 ? words[0] : words[0..<depth].joined(separator: " ")
            if let index = bySpelling[spelling] {
                return (commands[index], depth)
            }
            depth -= 1
        }
        return nil
    }

    /// Whether `token` has the shape of `kind` (numbers for integers, words for choices).
    func fits(_ token: String, _ kind: ArgumentKind) -> Bool {
        switch kind {
        case .integer: Self.looksNumeric(token)
        case .choice: !Self.looksNumeric(token)
        case .words, .text, .path, .plan, .counted: true
        case .day: DayArgument(token) != nil
        case .duration: TimeSpelling.duration(token) != .malformed
        case .rate: TimeSpelling.rateReading(token) != .malformed
        }
    }

    private func value(
        of token: String, for argument: ArgumentSpec, in spec: CommandSpec, expandingTilde: Bool = false
    ) throws(ParseError) -> Invocation.Value {
        switch argument.kind {
        case .integer(let range):
            guard Self.looksNumeric(token) else {
                throw .notANumber(name: argument.name, given: token, usage: spec.usage)
            }
            guard let number = Int(token), range.contains(number) else {
                throw .outOfRange(name: argument.name, given: token, range: range)
            }
            return .integer(number)
        case .choice(let set):
            return .choice(try set.resolve(token))
        case .words:
            return .words([token])
        case .text:
            return .text(token)
        case .path:
            return .text(expandingTilde ? try TildeExpansion.expand(token) : token)
        case .day:
            guard let day = DayArgument(token) else {
                throw .notADay(name: argument.name, given: token, usage: spec.usage)
            }
            return .day(day)
        case .duration(let range):
            switch TimeSpelling.duration(token) {
            case .malformed:
                throw .notADuration(name: argument.name, given: token, usage: spec.usage)
            case .spelled(let duration) where range.contains(duration):
                return .duration(duration)
            case .spelled, .tooLarge:
                throw .durationOutOfRange(name: argument.name, given: token, range: range)
            }
        case .rate(let range):
            switch TimeSpelling.rateReading(token) {
            case .malformed:
                throw .notARate(name: argument.name, given: token, usage: spec.usage)
            case .spelled(let rate) where range.contains(rate):
                return .rate(rate)
            case .spelled, .outOfBounds:
                throw .rateOutOfRange(name: argument.name, given: token, range: range)
            }
        case .counted(let set, let counts):
            return .counted(
                try CountedChoice.read([token], set: set, counts: counts, name: argument.name, usage: spec.usage))
        case .plan(let grammar):
            do throws(PlanArgumentProblem) {
                return .plan(try grammar.read(token))
            } catch {
                throw .badPlanArgument(error)
            }
        }
    }

    /// Whether `token` is an optional sign and ASCII digits. By bytes: a byte outside
    /// ASCII (a combining mark too) makes it not numeric, as it would by characters.
    static func looksNumeric(_ token: String) -> Bool {
        var digits = Substring(token).utf8
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether `token` starts with `--`.
    static func isFlagShaped(_ token: String) -> Bool {
        var bytes = token.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "-") && bytes.next() == UInt8(ascii: "-")
    }

    /// `word` in lower case for matching; the word itself when it has no upper-case ASCII
    /// letter and no non-ASCII byte (most words), which saves making a copy.
    static func folded(_ word: String) -> String {
        let plain = word.utf8.allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
        return plain ? word : word.lowercased()
    }

    // MARK: - Vocabulary

    /// First words of every command, and their aliases; then the Korean first words.
    var topLevelWords: [String] { topLevelWords(korean: true) }

    /// First words of every command, and their aliases; then the Korean first words when
    /// `korean`.
    func topLevelWords(korean: Bool) -> [String] {
        var seen: Set<String> = []
        var words: [String] = []
        for command in commands {
            var candidates = [command.spec.path[0]]
            if command.spec.path.count == 1 { candidates += command.spec.aliases }
            for word in candidates where seen.insert(word).inserted {
                words.append(word)
            }
        }
        for command in commands where korean {
            for spelling in CommandWords.koreanSpellings(of: command.spec.path) {
                let word = String(spelling.prefix { $0 != " " })
                if seen.insert(word).inserted { words.append(word) }
            }
        }
        return words
    }

    /// The words that can follow `prefix` to name a longer command; after a Korean first
    /// word (`재고`), the Korean words (`추가`).
    func subcommandWords(after prefix: [String]) -> [String] {
        if prefix.count == 1, case let korean = CommandWords.koreanSecondWords(after: prefix[0]), !korean.isEmpty {
            let english = CommandWords.englishPath(prefix)
            let taken = Set(
                commands.filter { $0.spec.path.count == 2 && $0.spec.path[0] == english[0] }.map { $0.spec.path[1] })
            return korean.filter { taken.contains($0.english) }.map(\.korean)
        }
        var seen: Set<String> = []
        var words: [String] = []
        for command in commands where command.spec.path.count > prefix.count {
            guard command.spec.path.starts(with: prefix) else { continue }
            var candidates = [command.spec.path[prefix.count]]
            if command.spec.path.count == prefix.count + 1 { candidates += command.spec.aliases }
            for word in candidates where seen.insert(word).inserted {
                words.append(word)
            }
        }
        return words
    }
}
