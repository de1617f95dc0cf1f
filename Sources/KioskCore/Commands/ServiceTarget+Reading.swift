extension ServiceTarget {
    /// The target `text` says, as people say it: `85% within 1m`, `85% served within 2 minutes`,
    /// `mean wait under 45 s`, `2 min` (the default share within it), `2분 안에 85%`, `평균 45초`.
    ///
    /// The words are a share (`85%`, `85 percent`) or `mean` (`average`, `평균`), one duration
    /// (`90s`, `90 s`, `1m 30s`, `2 minutes`, `1.5h`, `2분`, `1분 30초`), and words that only
    /// join them (`served`, `within`, `under`, `안에`, `이내`); any other word is not understood.
    /// - Throws: ``PlanArgumentProblem/badTarget(_:word:)`` naming the first word not
    ///   understood (nil when the words are known but do not make a target);
    ///   ``PlanArgumentProblem/impossibleTarget(percent:)`` for a share outside (0, 100].
    static func read(_ text: String) throws(PlanArgumentProblem) -> ServiceTarget {
        let atoms = Self.atoms(text.lowercased())
        var percent: Double?
        var isMean = false
        var duration: Duration?
        // A duration's parts must follow each other (`1m 30s`): a word between ends it.
        var durationClosed = false
        var index = 0
        while index < atoms.count {
            let atom = atoms[index]
            index += 1
            guard atom.isNumber else {
                if Self.meanWords.contains(atom.text), !isMean {
                    isMean = true
                } else if !Self.joiningWords.contains(atom.text) {
                    throw .badTarget(text, word: atom.text)
                }
                if duration != nil { durationClosed = true }
                continue
            }
            guard index < atoms.count else { throw .badTarget(text, word: atom.text) }
            let unit = atoms[index].text
            index += 1
            if Self.percentWords.contains(unit) {
                guard percent == nil, let value = Double(atom.text), value.isFinite else {
                    throw .badTarget(text, word: atom.text + unit)
                }
                percent = value
                if duration != nil { durationClosed = true }
            } else if let symbol = Self.durationUnits[unit] {
                guard !durationClosed, case .spelled(let part) = TimeSpelling.duration(atom.text + symbol) else {
                    throw .badTarget(text, word: atom.text + unit)
                }
                duration = (duration ?? .zero) + part
            } else {
                throw .badTarget(text, word: atoms[index - 1].isNumber ? atom.text : unit)
            }
        }
        guard let duration, duration <= PlanArgument.longestWait, !(isMean && percent != nil) else {
            throw .badTarget(text, word: nil)
        }
        if isMean {
            guard duration > .zero else { throw .zeroMeanTarget(text) }
            return .mean(within: duration)
        }
        guard let percent else { return .share(standardShare, within: duration) }
        guard percent > 0, percent <= 100 else { throw .impossibleTarget(percent: percent) }
        return .share(percent / 100, within: duration)
    }

    /// One piece of a target's words: a number, or a run of other characters.
    private struct Atom {
        var text: String
        var isNumber: Bool
    }

    /// `text` cut at spaces and wherever a number meets a letter or a sign: `2분` is `2`, `분`;
    /// `85%` is `85`, `%`; `1m30s` is `1`, `m`, `30`, `s`.
    private static func atoms(_ text: String) -> [Atom] {
        var atoms: [Atom] = []
        for character in text {
            if character.isWhitespace || character == "," {
                atoms.append(Atom(text: "", isNumber: false))
                continue
            }
            let isNumeric = character.isASCII && (character.isNumber || character == ".")
            let isSign = character == "%"
            if var last = atoms.last, !last.text.isEmpty, last.isNumber == isNumeric, !isSign, last.text != "%" {
                last.text.append(character)
                atoms[atoms.count - 1] = last
            } else {
                atoms.append(Atom(text: String(character), isNumber: isNumeric))
            }
        }
        return atoms.filter { !$0.text.isEmpty }
    }

    /// The words for a share: `85%`, `85 percent`, `85퍼센트`.
    private static let percentWords: Set<String> = ["%", "percent", "pct", "퍼센트", "프로"]
    /// The words for a mean wait.
    private static let meanWords: Set<String> = ["mean", "average", "avg", "평균"]
    /// Words that join a share and a duration and say nothing more.
    private static let joiningWords: Set<String> = [
        "within", "in", "under", "served", "wait", "waits", "waiting", "waited", "of", "customers", "the",
        "안에", "안", "이내", "이내로", "내", "대기", "고객", "고객이", "고객의", "가", "이", "은", "는", "의",
    ]
    /// Each unit a duration's number may carry, as ``TimeSpelling`` spells it.
    private static let durationUnits: [String: String] = [
        "ms": "ms", "msec": "ms", "millisecond": "ms", "milliseconds": "ms", "밀리초": "ms",
        "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s", "초": "s",
        "m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m", "분": "m",
        "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h", "시간": "h",
    ]
}
