/// The short forms of juice names that `order` accepts: a name without its word for juice
/// (`바나나` for `바나나쥬스`, `mango kiwi` for `Mango Kiwi Juice`), so that a juice is ordered
/// by its fruit in any language, as `order banana` orders Banana Juice by its id.
public enum JuiceSpelling {
    /// Words for juice that a name may end with, in the languages kiosk speaks (쥬스 as the
    /// exercise writes it, 주스 as the dictionary does).
    static let juiceWords = ["쥬스", "주스", "juice"]

    /// `name` without a trailing word for juice (and the space or hyphen before it), or nil
    /// when it has none or nothing would be left.
    /// ```swift
    /// JuiceSpelling.shortName(of: "바나나쥬스")   // "바나나"
    /// JuiceSpelling.shortName(of: "Kiwi Juice")  // "Kiwi"
    /// ```
    public static func shortName(of name: String) -> String? {
        let lowered = name.lowercased()
        for word in juiceWords where lowered.hasSuffix(word) {
            var short = Substring(name.dropLast(word.count))
            while let last = short.last, last == " " || last == "-" { short.removeLast() }
            return short.isEmpty ? nil : String(short)
        }
        return nil
    }

    /// For each juice, its names' short forms (and each name's other spelling of 쥬스/주스)
    /// that no other juice's id, name, alias or short form shares, case-insensitively.
    /// - Parameters:
    ///   - ids: the juices' ids, in menu order.
    ///   - spellings: each juice's names and aliases, in the same order.
    public static func uniqueShortNames(ids: [String], spellings: [[String]]) -> [[String]] {
        let candidates = spellings.map { names in
            names.flatMap { name -> [String] in
                var forms: [String] = []
                if let short = shortName(of: name) { forms.append(short) }
                if name.hasSuffix("쥬스") { forms.append(String(name.dropLast(2)) + "주스") }
                if name.hasSuffix("주스") { forms.append(String(name.dropLast(2)) + "쥬스") }
                return forms
            }
        }
        var owners: [String: Set<Int>] = [:]
        for (position, names) in spellings.enumerated() {
            for name in [ids[position]] + names + candidates[position] {
                owners[name.lowercased(), default: []].insert(position)
            }
        }
        return candidates.enumerated().map { position, forms in
            var seen: Set<String> = Set(([ids[position]] + spellings[position]).map { $0.lowercased() })
            return forms.filter { form in
                owners[form.lowercased()] == [position] && seen.insert(form.lowercased()).inserted
            }
        }
    }
}
