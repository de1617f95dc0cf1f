import JuiceMaker

/// The juice bar, in English.
extension EnglishCatalog {
    func orderMade(count: Int, juice: String) -> String { "Made \(count) \(juice)." }

    func ordersMade(_ lines: [(count: Int, juice: String)]) -> String {
        "Made \(listed(lines.map { "\($0.count) \($0.juice)" }))."
    }

    func fruitAdded(_ additions: [(id: String, name: String, old: Int, new: Int)]) -> String {
        "Added " + listed(additions.map { "\($0.new - $0.old) \($0.id) (\($0.old) -> \($0.new))" }) + "."
    }

    func restockQuestion(_ additions: [(id: String, name: String, amount: Int)], juices: Int) -> String {
        "Add \(listed(additions.map { "\($0.amount) \($0.id)" })) and make \(juices == 1 ? "it" : "them")? [y/N] "
    }

    var restockDeclined: String { "Not added, not made: nothing changed." }

    var restockNotNeeded: String { "The stock covered the order by then, so nothing was added." }

    /// "a", "a and b", "a, b and c".
    func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    func stockUsed(_ changes: [(fruit: String, old: Int, new: Int)]) -> String {
        // Every order prints this line: appended in place, without a string per fruit.
        var text = "Stock: "
        for (position, change) in changes.enumerated() {
            if position > 0 { text += ", " }
            text += change.fruit
            text += " "
            text += String(change.old)
            text += " -> "
            text += String(change.new)
        }
        return text
    }

    func stockStays(fruit: String, level: Int, maximum: Int) -> String {
        "\(fruit) stays at \(level) (max \(maximum))."
    }

    func stockMoved(fruit: String, old: Int, new: Int, maximum: Int) -> String {
        "\(fruit): \(old) -> \(new) (max \(maximum))."
    }

    var stockResetDone: String { "Stock reset to the configured amounts." }
    var menuColumns: (juice: String, name: String, recipe: String, canMake: String) {
        ("juice", "name", "recipe", "can make")
    }
    var stockColumns: (fruit: String, name: String, stock: String, maximum: String) {
        ("fruit", "name", "stock", "max")
    }

    func amounts(_ pairs: [(name: String, amount: Int)]) -> String {
        pairs.map { "\($0.name) \($0.amount)" }.joined(separator: ", ")
    }

    func salesHeading(_ period: SalesPeriod, juices: Int) -> String {
        "Sales, \(days(period)): \(juices) \(plural(juices, "juice", "juices"))"
    }

    func noSales(_ period: SalesPeriod) -> String {
        switch period.span {
        case .all: "No orders recorded yet."
        case .today: "No orders today (\(period.first.map(String.init(describing:)) ?? "?"))."
        case .day, .range: "No orders \(days(period))."
        }
    }

    func salesExported(orders: Int, juices: Int, period: SalesPeriod, path: String, csv: Bool) -> String {
        "Sales, \(days(period)), exported to \(path) (\(csv ? "CSV" : "JSON Lines")): "
            + "\(orders) order \(plural(orders, "line", "lines")), \(juices) \(plural(juices, "juice", "juices"))."
    }

    func describe(_ error: SalesExportError, path: String) -> String {
        switch error {
        case .unknownFormat:
            "Cannot tell the format of '\(path)' from its name. End it in .csv (CSV) or .jsonl (JSON Lines)."
        case .dayForFile:
            "Missing <file>: '\(path)' is a day. Name the file first, then the day: 'sales export sales.csv \(path)'. Usage: sales export <file> [day] [--all] [--from <day>] [--to <day>]"
        }
    }

    /// "today (2026-11-24)", "2026-11-23", "2026-11-01 to 2026-11-30", "since 2026-11-01".
    private func days(_ period: SalesPeriod) -> String {
        switch (period.span, period.first, period.last) {
        case (.all, _, _), (_, nil, nil): return "all time"
        case (.today, let first?, _): return "today (\(first))"
        case (_, let first?, let last?) where first == last: return "on \(first)"
        case (_, let first?, let last?): return "from \(first) to \(last)"
        case (_, let first?, nil): return "since \(first)"
        case (_, nil, let last?): return "until \(last)"
        }
    }

    var salesColumns: (juice: String, made: String, orders: String, fruitUsed: String) {
        ("juice", "made", "orders", "fruit used")
    }

    func fruitUsedInAll(_ amounts: String) -> String { "Fruit used in all: \(amounts)" }

    func soldOut(juice: String, lacking: [(fruit: String, have: Int, need: Int)]) -> String {
        let reasons = lacking.map { "\($0.fruit) \($0.have) left, needs \($0.need)" }
        return "\(juice) is sold out: \(reasons.joined(separator: ", "))."
    }

    func availableAgain(juice: String) -> String { "\(juice) is available again." }

    func menuAliases(_ juices: [(id: String, aliases: [String])]) -> String {
        "Also ordered as: "
            + juices.map { juice in
                juice.aliases.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: ", ") + " (\(juice.id))"
            }.joined(separator: "; ") + "."
    }

    func stockFilled(_ fruits: Int) -> String {
        fruits == 1 ? "Filled 1 shelf to its max." : "Filled \(fruits) shelves to their max."
    }

    var stockEditedTogether: String { "Stock changed in one go:" }
}
