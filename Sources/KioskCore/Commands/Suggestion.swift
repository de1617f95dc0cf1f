/// "Did you mean ...?": the candidate closest to a mistyped word.
enum Suggestion {
    /// The candidate within a small edit distance of `word` (case-insensitive), if any.
    /// Ties go to the earlier candidate.
    /// Hangul is compared letter by letter (`추기` is one letter from `추가`, two from `빼기`).
    static func closest(to word: String, among candidates: [String]) -> String? {
        closest(to: word, among: Candidates(candidates))
    }

    /// The candidate of `candidates` within a small edit distance of `word`, as
    /// the list-of-words form finds it.
    static func closest(to word: String, among candidates: Candidates) -> String? {
        let target = Array(letters(of: word).prefix(64 * 3))
        guard !target.isEmpty else { return nil }
        let threshold = max(1, min(3, target.count / 3 + 1))
        var best: (candidate: String, distance: Int)?
        for (candidate, other) in zip(candidates.words, candidates.letters) {
            if other.starts(with: target), target.count >= 2 {
                return candidate
            }
            let distance = editDistance(target, other, limit: threshold)
            if distance <= threshold, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Words offered as corrections, with their letters (``letters(of:)``) worked out once:
    /// a registry offers the same words for every mistyped line of a script.
    struct Candidates: Sendable {
        let words: [String]
        let letters: [[Unicode.Scalar]]

        init(_ words: [String]) {
            self.words = words
            letters = words.map(Suggestion.letters(of:))
        }
    }

    /// `word` in lower case as scalars, each precomposed Hangul syllable split into its
    /// letters (jamo), so that one wrong vowel costs one edit rather than a whole syllable.
    static func letters(of word: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        for scalar in word.lowercased().unicodeScalars {
            guard (0xAC00...0xD7A3).contains(scalar.value) else {
                scalars.append(scalar)
                continue
            }
            let index = scalar.value - 0xAC00
            let parts =
                [0x1100 + index / 588, 0x1161 + (index % 588) / 28] + (index % 28 == 0 ? [] : [0x11A7 + index % 28])
            scalars += parts.compactMap(Unicode.Scalar.init)
        }
        return scalars
    }

    /// Damerau-Levenshtein (optimal string alignment) distance, stopping early past `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table, in one allocation on the stack: a mistyped line compares
        // its word with every command word.
        let width = b.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows in
            // Where each row starts in `rows`; they trade places row after row.
            var (previousPrevious, previous, current) = (0, width, 2 * width)
            for j in 0..<width {
                rows[previousPrevious + j] = 0
                rows[previous + j] = j
            }
            for i in 1...a.count {
                rows[current] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, rows[previousPrevious + j - 2] + 1)
                    }
                    rows[current + j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > limit { return limit + 1 }
                (previousPrevious, previous, current) = (previous, current, previousPrevious)
            }
            return rows[previous + b.count]
        }
    }
}
