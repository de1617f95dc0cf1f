/// Where a table or key sits in a TOML document: TOMLKit reports lines only for
/// syntax errors, so semantic errors find their line from the text.
struct SourceLocator {
    private struct Line {
        let number: Int
        let header: String?
        let key: String?
    }

    private let lines: [Line]

    init(text: String) {
        var lines: [Line] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("[") {
                let name = line.drop(while: { $0 == "[" }).prefix(while: { $0 != "]" })
                    .filter { $0 != " " && $0 != "\t" }
                lines.append(Line(number: number, header: String(name), key: nil))
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = line[..<equals].trimmingCharacters(in: " \t\"'")
                lines.append(Line(number: number, header: nil, key: key))
            }
        }
        self.lines = lines
    }

    /// The line of `key` in `place` (or of the place's header when the key is absent).
    func line(of place: Place, key: String?) -> Int? {
        var sectionStart: Int?
        var sectionEnd = lines.count
        switch place {
        case .root:
            sectionStart = -1
            sectionEnd = lines.firstIndex { $0.header != nil } ?? lines.count
            if let key, let header = lines.first(where: { $0.header == key }) {
                return header.number
            }
        case .table(let name):
            sectionStart = lines.firstIndex { $0.header == name }
        case .element(let name, let index):
            var seen = -1
            for (position, line) in lines.enumerated() where line.header == name {
                seen += 1
                if seen == index { sectionStart = position; break }
            }
        }
        guard let start = sectionStart else { return nil }
        if start >= 0 {
            sectionEnd = lines[(start + 1)...].firstIndex { $0.header != nil } ?? lines.count
        }
        if let key, let match = lines[(start + 1)..<sectionEnd].first(where: { $0.key == key }) {
            return match.number
        }
        return start >= 0 ? lines[start].number : nil
    }
}

/// A table in the document, for error messages and line lookup.
enum Place {
    case root
    case table(String)
    case element(String, Int)

    func describe(key: String?) -> String? {
        let base: String?
        switch self {
        case .root: base = nil
        case .table(let name): base = "[\(name)]"
        case .element(let name, let index): base = "[[\(name)]] #\(index + 1)"
        }
        switch (base, key) {
        case (nil, let key): return key
        case (let base?, nil): return base
        case (let base?, let key?): return "\(base) \(key)"
        }
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        let trimmed = drop(while: { set.contains($0) })
        return String(trimmed.reversed().drop(while: { set.contains($0) }).reversed())
    }
}
