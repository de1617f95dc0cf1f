/// The Korean words for kiosk's commands (`메뉴`, `재고 추가`, `은행개점`), accepted in every
/// language beside the English ones. A table of words rather than aliases on each command, so
/// that a module's commands gain their Korean names where the registry indexes them, once.
///
/// ```swift
/// CommandWords.koreanSpellings(of: ["stock", "add"])  // ["재고 추가"]
/// CommandWords.englishPath(["은행", "개점"])            // ["bank", "open"]
/// ```
public enum CommandWords {
    /// A command's first word, by its Korean word.
    static let firstWords: [String: String] = [
        "도움말": "help", "메뉴": "menu", "주문": "order", "재고": "stock", "판매": "sales", "은행": "bank",
        "기록": "history", "지우기": "clear", "이벤트": "events", "종료": "quit", "나가기": "quit",
    ]

    /// A command's second word, by its first (English) word and the Korean second word.
    static let secondWords: [String: [String: String]] = [
        "sales": ["내보내기": "export"],
        "stock": [
            "설정": "set", "추가": "add", "빼기": "remove", "채우기": "fill", "초기화": "reset",
        ],
        "bank": [
            "개점": "open", "추가": "add", "상태": "status", "대기": "wait", "보기": "watch", "보고서": "report",
            "초기화": "reset", "기록": "history", "계획": "plan", "내보내기": "export",
            "프리셋": "preset",
        ],
    ]

    /// One word that names a whole command, as the exercise writes it (`1 : 은행개점`).
    static let joinedWords: [String: [String]] = ["은행개점": ["bank", "open"]]

    /// The Korean spellings of the command named `path`, in table order: `재고 추가` for
    /// `stock add`, `은행개점` and `은행 개점` for `bank open`; empty for a command without them.
    public static func koreanSpellings(of path: [String]) -> [String] {
        guard let first = path.first, path.count <= 2 else { return [] }
        let firstKorean = koreanWords(for: first, in: firstWords)
        var spellings: [String] = joinedWords.filter { $0.value == path }.map(\.key).sorted()
        if path.count == 1 {
            spellings += firstKorean
        } else if let seconds = secondWords[first] {
            let secondKorean = koreanWords(for: path[1], in: seconds)
            for head in firstKorean {
                spellings += secondKorean.map { "\(head) \($0)" }
            }
        }
        return spellings
    }

    /// `words` with Korean command words put in English (`재고 추가` → `stock add`), as far
    /// as they are command words; any other word is left as given.
    public static func englishPath(_ words: [String]) -> [String] {
        guard let first = words.first else { return words }
        if words.count == 1, let joined = joinedWords[first] { return joined }
        guard let english = firstWords[first] else { return words }
        var path = words
        path[0] = english
        if path.count > 1, let second = secondWords[english]?[path[1]] { path[1] = second }
        return path
    }

    /// The Korean second words that may follow `first` (a Korean first word), by the English
    /// word each stands for.
    static func koreanSecondWords(after first: String) -> [(korean: String, english: String)] {
        guard let english = firstWords[first], let seconds = secondWords[english] else { return [] }
        return seconds.map { ($0.key, $0.value) }.sorted { $0.korean < $1.korean }
    }

    private static func koreanWords(for english: String, in table: [String: String]) -> [String] {
        table.filter { $0.value == english }.map(\.key).sorted()
    }
}
