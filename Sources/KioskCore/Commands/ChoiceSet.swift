/// A closed set of named values an argument accepts (fruit ids, juice ids, task types),
/// each reachable by its id and any number of other spellings, case-insensitively.
public struct ChoiceSet: Sendable {
    /// One value and the words that name it.
    public struct Choice: Sendable {
        /// The canonical name of the value, as JSON and the ledger spell it.
        public let id: String
        /// Other words that name it (display names, aliases).
        public let spellings: [String]
        /// Words that name it too but that completion, suggestions and help leave out: short
        /// forms (`바나나` for 바나나쥬스), which would only make a longer name harder to reach.
        public let hiddenSpellings: [String]
        /// Where it stands in its set's ``ChoiceSet/choices``: where ``Choices`` finds the
        /// value it carries.
        public internal(set) var position = 0

        /// A value named by `id` and by each of `spellings` and `hiddenSpellings`.
        public init(id: String, spellings: [String] = [], hiddenSpellings: [String] = []) {
            self.id = id
            self.spellings = spellings
            self.hiddenSpellings = hiddenSpellings
        }
    }

    /// What one value is called in messages and JSON error codes: "fruit", "juice", "task".
    public let noun: String
    /// The values, in the order given.
    public let choices: [Choice]
    /// Position in `choices` by normalized spelling.
    private let lookup: [String: Int]
    /// The most words one spelling has (`"mango kiwi"` has 2): how far a run of words can
    /// name one value.
    public let longestSpelling: Int
    /// The lengths in UTF-8 of the normalized spellings that have a space.
    private let spacedSpellingLengths: Set<Int>

    /// A set of `choices`, each value called a `noun` in messages.
    public init(noun: String, choices: [Choice]) {
        self.noun = noun
        self.choices = choices.enumerated().map { position, choice in
            var placed = choice
            placed.position = position
            return placed
        }
        var lookup: [String: Int] = [:]
        for (position, choice) in choices.enumerated() {
            for spelling in [choice.id] + choice.spellings + choice.hiddenSpellings {
                let key = Self.normalized(spelling)
                if lookup[key] == nil { lookup[key] = position }
            }
        }
        self.lookup = lookup
        longestSpelling = lookup.keys.map { $0.split(whereSeparator: Tokenizer.isSeparator).count }.max() ?? 1
        spacedSpellingLengths = Set(lookup.keys.filter { $0.utf8.contains(UInt8(ascii: " ")) }.map(\.utf8.count))
    }

    /// Whether `words` joined by spaces may be a spelling: false when they are ASCII (which
    /// normalizing leaves as long as it is) and no spelling with a space is that long. Rules
    /// out most runs of words (`banana 1`) without joining them.
    public func mayBeSpelled(by words: ArraySlice<String>) -> Bool {
        var length = words.count - 1
        for word in words {
            let utf8 = word.utf8
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return true }
            length += utf8.count
        }
        return spacedSpellingLengths.contains(length)
    }

    /// A set whose values are their own only spelling.
    public init(noun: String, ids: [String]) {
        self.init(noun: noun, choices: ids.map { Choice(id: $0) })
    }

    /// The ids, in the order given.
    public var ids: [String] { choices.map(\.id) }

    /// Every accepted spelling, ids first; what completion offers.
    var allSpellings: [String] {
        choices.map(\.id) + choices.flatMap(\.spellings)
    }

    /// The choice `text` names exactly (case-insensitively), if any.
    public func choice(named text: String) -> Choice? {
        lookup[Self.normalized(text)].map { choices[$0] }
    }

    /// Spellings of more than one word, split into their words (`["mango", "kiwi"]`).
    var multiWordSpellings: [[String]] {
        allSpellings.compactMap { spelling in
            let words = spelling.split(whereSeparator: Tokenizer.isSeparator).map(String.init)
            return words.count > 1 ? words : nil
        }
    }

    /// The choice named by `text`, or an error with the closest spelling as a suggestion.
    public func resolve(_ text: String) throws(ParseError) -> Choice {
        if let position = lookup[Self.normalized(text)] { return choices[position] }
        throw .unknownValue(
            noun: noun, given: text,
            suggestion: Suggestion.closest(to: text, among: allSpellings),
            choices: ids)
    }

    static func normalized(_ text: String) -> String {
        CommandRegistry.folded(text)
    }
}

/// A ``ChoiceSet`` whose choices each carry a value of the module's own type (a `Juice`, a
/// `Fruit`): what ``ArgumentType/choice(_:)`` hands the command, with no cast.
///
/// ```swift
/// let juices = Choices(noun: "juice", values: menu.juices, id: \.id) { [$0.name] + $0.aliases }
/// ```
public struct Choices<Value: Sendable>: Sendable {
    /// The names the parser and completion read.
    public let set: ChoiceSet
    /// The value of each choice of ``set``, by position.
    public let values: [Value]

    /// One choice per value of `values`, in order, named by its `id` and its `spellings`.
    public init(
        noun: String, values: [Value], id: (Value) -> String, spellings: (Value) -> [String] = { _ in [] }
    ) {
        self.init(noun: noun, values: values, id: id, spellings: spellings, hiddenSpellings: { _ in [] })
    }

    /// One choice per value of `values`, in order, named by its `id`, its `spellings`, and
    /// its `hiddenSpellings` (accepted, never offered).
    public init(
        noun: String, values: [Value], id: (Value) -> String, spellings: (Value) -> [String],
        hiddenSpellings: (Value) -> [String]
    ) {
        set = ChoiceSet(
            noun: noun,
            choices: values.map {
                ChoiceSet.Choice(id: id($0), spellings: spellings($0), hiddenSpellings: hiddenSpellings($0))
            })
        self.values = values
    }

    /// What one value is called in messages and JSON error codes.
    public var noun: String { self.set.noun }

    /// The choices, in the order given.
    public var choices: [ChoiceSet.Choice] { self.set.choices }

    /// The choice named by `text`, or an error with the closest spelling as a suggestion.
    public func resolve(_ text: String) throws(ParseError) -> ChoiceSet.Choice {
        try set.resolve(text)
    }

    /// The value `choice` carries, or nil when it is a choice of another set.
    @inlinable
    public func value(of choice: ChoiceSet.Choice) -> Value? {
        guard values.indices.contains(choice.position), set.choices[choice.position].id == choice.id else {
            return nil
        }
        return values[choice.position]
    }
}

extension Choices where Value: RawRepresentable<String> & CaseIterable, Value.AllCases == [Value] {
    /// A choice for each case, named by its raw value.
    public init(noun: String) {
        self.init(noun: noun, values: Value.allCases, id: \.rawValue)
    }
}
