/// One value of a ``ArgumentKind/counted(_:counts:)`` argument: the choice a word, or a run
/// of words, named, and the count typed beside it.
///
/// The words read as people say an order: a count before or after each value (`2 banana`,
/// `banana 2`), several values in one go separated by commas or spaces (`banana, kiwi 2`,
/// `banana kiwi`), the longest run of words that names a value winning (`mango kiwi` is one
/// juice when a spelling says so). Within a stretch between commas, the first word decides
/// where the counts go: a count first means each count comes before its value, a value
/// first means each count follows its value.
public struct CountedChoice: Sendable {
    /// The value named.
    public let choice: ChoiceSet.Choice
    /// The count typed beside it; nil when none was.
    public let count: Int?

    /// `choice`, with `count` typed beside it (nil: none).
    public init(choice: ChoiceSet.Choice, count: Int?) {
        self.choice = choice
        self.count = count
    }
}

/// A value of a module's own type (a `Juice`) and the count typed beside it, as
/// ``ArgumentType/counted(_:counts:)`` hands it to the command.
public struct Counted<Value: Sendable>: Sendable {
    /// The value named.
    public let value: Value
    /// The count typed beside it; nil when none was.
    public let count: Int?

    /// `value`, with `count` typed beside it (nil: none).
    public init(value: Value, count: Int?) {
        self.value = value
        self.count = count
    }
}

extension Counted: Equatable where Value: Equatable {}

extension CountedChoice {
    /// What one word or run of words of a stretch between commas is.
    private enum Piece {
        case count(Int, word: String)
        case value(ChoiceSet.Choice)
    }

    /// Reads `words` as values of `set` with their counts (see ``CountedChoice``).
    /// - Parameters:
    ///   - name: the argument's name, for a line that names no value.
    ///   - usage: the command's usage line, for the errors that show it.
    /// - Throws: ``ParseError/missingArgument(name:usage:)`` when no value is named,
    ///   ``ParseError/outOfRange(name:given:range:)`` for a count outside `counts`,
    ///   ``ParseError/extraArgument(_:usage:)`` for a count that belongs to no value (two
    ///   in a row), ``ParseError/notANumber(name:given:usage:)`` for a word shaped like a
    ///   number that is not a whole one, and ``ParseError/unknownValue(noun:given:suggestion:choices:)``
    ///   for a word that is neither, with the nearest name, of several words when the words
    ///   around it make one (`mango ki`: `mango kiwi`).
    static func read(
        _ words: ArraySlice<String>, set: ChoiceSet, counts: ClosedRange<Int>, name: String, usage: String
    ) throws(ParseError) -> [CountedChoice] {
        var result: [CountedChoice] = []
        var stretch: [String] = []
        stretch.reserveCapacity(words.count)
        for word in words {
            // A comma ends a stretch (`banana,` or `,` or `banana,kiwi`), unless the whole
            // word is a name.
            guard word.utf8.contains(UInt8(ascii: ",")), set.choice(named: word) == nil else {
                stretch.append(word)
                continue
            }
            for (position, piece) in word.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
                if position > 0 {
                    try readStretch(stretch, set: set, counts: counts, name: name, usage: usage, into: &result)
                    stretch.removeAll(keepingCapacity: true)
                }
                if !piece.isEmpty { stretch.append(String(piece)) }
            }
        }
        try readStretch(stretch, set: set, counts: counts, name: name, usage: usage, into: &result)
        guard !result.isEmpty else { throw .missingArgument(name: name, usage: usage) }
        return result
    }

    private static func readStretch(
        _ words: [String], set: ChoiceSet, counts: ClosedRange<Int>, name: String, usage: String,
        into result: inout [CountedChoice]
    ) throws(ParseError) {
        guard !words.isEmpty else { return }
        var pieces: [Piece] = []
        // Where each piece's words start, for the fix of a count that comes too late.
        var starts: [Int] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            starts.append(index)
            if CommandRegistry.looksNumeric(word) {
                guard let number = Int(word), counts.contains(number) else {
                    throw .outOfRange(name: "count", given: word, range: counts)
                }
                pieces.append(.count(number, word: word))
                index += 1
            } else if let (choice, length) = longestName(words, from: index, in: set) {
                pieces.append(.value(choice))
                index += length
            } else {
                throw unknown(words, at: index, set: set, usage: usage)
            }
        }
        let countsFirst = if case .count = pieces.first { true } else { false }
        let start = result.count
        var pending: (count: Int, word: String)?
        for piece in pieces {
            switch piece {
            case .count(let count, let word):
                if countsFirst {
                    if pending != nil { throw .extraArgument(word, usage: usage) }
                    pending = (count, word)
                } else {
                    // A value came first, so there is one to take the count, unless it has one.
                    guard let last = result.indices.last, last >= start, result[last].count == nil else {
                        throw .extraArgument(word, usage: usage)
                    }
                    result[last] = CountedChoice(choice: result[last].choice, count: count)
                }
            case .value(let choice):
                result.append(CountedChoice(choice: choice, count: countsFirst ? pending?.count : nil))
                pending = nil
            }
        }
        if let pending {
            // `order 2`: a count and nothing to count.
            guard result.count > start else { throw .missingArgument(name: name, usage: usage) }
            // `2 banana kiwi 3`: counts first, then one after the last value. A comma before
            // that value makes it a stretch of its own, where a count may follow.
            if result.count - start >= 2, pieces.count >= 2, case .value = pieces[pieces.count - 2] {
                let last = starts[pieces.count - 2]
                let fix = words[..<last].joined(separator: " ") + ", " + words[last...].joined(separator: " ")
                throw .countAfterCountsFirst(pending.word, fix: fix, usage: usage)
            }
            throw .extraArgument(pending.word, usage: usage)
        }
    }

    /// The value that the longest run of words from `start` names, and how many words it took.
    private static func longestName(_ words: [String], from start: Int, in set: ChoiceSet) -> (ChoiceSet.Choice, Int)? {
        let most = min(set.longestSpelling, words.count - start)
        guard most >= 1 else { return nil }
        for length in stride(from: most, through: 1, by: -1) {
            if length == 1 { return set.choice(named: words[start]).map { ($0, 1) } }
            let run = words[start..<(start + length)]
            guard set.mayBeSpelled(by: run) else { continue }
            if let choice = set.choice(named: run.joined(separator: " ")) { return (choice, length) }
        }
        return nil
    }

    /// The error for `words[index]`, which is neither a count nor a name: a bad number, or an
    /// unknown value with the nearest name, preferring a name of several words that the runs
    /// of words around it come close to.
    private static func unknown(_ words: [String], at index: Int, set: ChoiceSet, usage: String) -> ParseError {
        let word = words[index]
        if let first = word.utf8.first,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                || ((first == UInt8(ascii: "-") || first == UInt8(ascii: "+")) && word.utf8.count > 1)
        {
            return .notANumber(name: "count", given: word, usage: usage)
        }
        let spaced = set.multiWordSpellings.map { $0.joined(separator: " ") }
        if !spaced.isEmpty, set.longestSpelling >= 2 {
            // Runs of two words or more that hold the word and no count, longest first.
            var runs: [Range<Int>] = []
            for length in stride(from: min(set.longestSpelling, words.count), through: 2, by: -1) {
                for first in max(0, index - length + 1)...index where first + length <= words.count {
                    let range = first..<(first + length)
                    if !words[range].contains(where: CommandRegistry.looksNumeric) { runs.append(range) }
                }
            }
            for range in runs {
                let run = words[range].joined(separator: " ")
                if let suggestion = Suggestion.closest(to: run, among: spaced) {
                    return .unknownValue(noun: set.noun, given: run, suggestion: suggestion, choices: set.ids)
                }
            }
        }
        return .unknownValue(
            noun: set.noun, given: word, suggestion: Suggestion.closest(to: word, among: set.allSpellings),
            choices: set.ids)
    }
}
