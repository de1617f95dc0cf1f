import JuiceMaker

/// The juice bar, in Korean.
extension KoreanCatalog {
    func orderMade(count: Int, juice: String) -> String {
        count == 1 ? "\(juice) 나왔습니다! 맛있게 드세요!" : "\(juice) \(count)잔 나왔습니다! 맛있게 드세요!"
    }

    func ordersMade(_ lines: [(count: Int, juice: String)]) -> String {
        lines.map { "\($0.juice) \($0.count)잔" }.joined(separator: ", ") + " 나왔습니다! 맛있게 드세요!"
    }

    func fruitAdded(_ additions: [(id: String, name: String, old: Int, new: Int)]) -> String {
        let added = additions.map { "\($0.name) \($0.new - $0.old)개" }.joined(separator: ", ")
        let levels = additions.map { "\($0.name) \($0.old) -> \($0.new)" }.joined(separator: ", ")
        return "재고에 " + KoreanParticle.object.after(added) + " 채웠습니다 (\(levels))."
    }

    func restockQuestion(_ additions: [(id: String, name: String, amount: Int)], juices: Int) -> String {
        let added = additions.map { "\($0.name) \($0.amount)개" }.joined(separator: ", ")
        // The refusal just above already says "재료가 모자라요.": the question does not repeat it.
        return KoreanParticle.object.after(added) + " 채우고 만들까요? [y/N] "
    }

    var restockDeclined: String { "채우지도 만들지도 않았습니다. 바뀐 것은 없습니다." }

    var restockNotNeeded: String { "그 사이 재고가 넉넉해져서 채우지 않고 만들었습니다." }

    func stockUsed(_ changes: [(fruit: String, old: Int, new: Int)]) -> String {
        "재고: " + changes.map { "\($0.fruit) \($0.old) -> \($0.new)" }.joined(separator: ", ")
    }

    func stockStays(fruit: String, level: Int, maximum: Int) -> String {
        "\(fruit) 재고는 그대로 \(level)개입니다 (최대 \(maximum))."
    }

    func stockMoved(fruit: String, old: Int, new: Int, maximum: Int) -> String {
        "\(fruit): \(old) -> \(new) (최대 \(maximum))."
    }

    var stockResetDone: String { "재고를 설정된 양으로 되돌렸습니다." }
    var menuColumns: (juice: String, name: String, recipe: String, canMake: String) {
        ("쥬스", "이름", "레시피", "만들 수 있는 잔")
    }
    var stockColumns: (fruit: String, name: String, stock: String, maximum: String) {
        ("과일", "이름", "재고", "최대")
    }

    func amounts(_ pairs: [(name: String, amount: Int)]) -> String {
        pairs.map { "\($0.name) \($0.amount)" }.joined(separator: ", ")
    }

    func salesHeading(_ period: SalesPeriod, juices: Int) -> String {
        "판매, \(days(period)): 쥬스 \(juices)잔"
    }

    func noSales(_ period: SalesPeriod) -> String {
        period.span == .all ? "아직 기록된 주문이 없습니다." : "\(days(period)) 주문이 없습니다."
    }

    func salesExported(orders: Int, juices: Int, period: SalesPeriod, path: String, csv: Bool) -> String {
        "\(days(period)) 주문 \(orders)건(쥬스 \(juices)잔)을 \(path)에 내보냈습니다(\(csv ? "CSV" : "JSON Lines"))."
    }

    func describe(_ error: SalesExportError, path: String) -> String {
        switch error {
        case .unknownFormat:
            "'\(path)'의 이름으로는 형식을 알 수 없습니다. 이름을 .csv(CSV)나 .jsonl(JSON Lines)로 끝내세요."
        case .dayForFile:
            "\(KoreanParticle.subject.after("<file>")) 빠졌어요: \(quoted(path, .topic)) 날짜입니다. 파일 이름을 먼저, 날짜를 그 뒤에 쓰세요: '판매 내보내기 sales.csv \(path)'. 사용법: sales export <file> [day] [--all] [--from <day>] [--to <day>]"
        }
    }

    /// "오늘 (2026-11-24)", "2026-11-23", "2026-11-01부터 2026-11-30까지".
    private func days(_ period: SalesPeriod) -> String {
        switch (period.span, period.first, period.last) {
        case (.all, _, _), (_, nil, nil): return "전체"
        case (.today, let first?, _): return "오늘 (\(first))"
        case (_, let first?, let last?) where first == last: return "\(first)"
        case (_, let first?, let last?): return "\(first)부터 \(last)까지"
        case (_, let first?, nil): return "\(first)부터"
        case (_, nil, let last?): return "\(last)까지"
        }
    }

    var salesColumns: (juice: String, made: String, orders: String, fruitUsed: String) {
        ("쥬스", "잔", "주문", "쓴 과일")
    }

    func fruitUsedInAll(_ amounts: String) -> String { "쓴 과일 합계: \(amounts)" }

    func soldOut(juice: String, lacking: [(fruit: String, have: Int, need: Int)]) -> String {
        let reasons = lacking.map { "\($0.fruit) \($0.have)개 남음, \($0.need)개 필요" }
        return "\(juice) 품절: \(reasons.joined(separator: ", "))."
    }

    func availableAgain(juice: String) -> String { "\(juice) 다시 주문할 수 있습니다." }

    func menuAliases(_ juices: [(id: String, aliases: [String])]) -> String {
        "다른 이름: "
            + juices.map { juice in
                juice.aliases.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: ", ") + " (\(juice.id))"
            }.joined(separator: ", ") + "."
    }

    func stockFilled(_ fruits: Int) -> String { "진열대 \(fruits)개를 최대치까지 채웠습니다." }

    var stockEditedTogether: String { "재고를 한 번에 바꿨습니다:" }
}
