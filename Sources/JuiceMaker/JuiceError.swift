import KioskCore

/// Why the juice shop refused a change: a stable ``code`` and the values that explain it.
/// Nothing was changed when one of these is thrown; the presenter words it.
public enum JuiceError: KioskError, Equatable {
    /// An ingredient is short; the order took nothing.
    case outOfStock(OrderRefusal)
    /// `stock set` or `stock add` would put more on the shelf than it holds.
    case aboveMaximum(fruit: String, kind: StockChange.Kind, amount: Int, have: Int, maximum: Int)
    /// `stock remove` would take more than the shelf has.
    case belowZero(fruit: String, amount: Int, have: Int)
    /// An order's count is outside ``Inventory/orderCounts``.
    case invalidCount(Int)
    /// A stock amount is negative.
    case invalidAmount(Int)
    /// A fruit that this menu does not stock.
    case unknownFruit(String)
    /// A stock to reset to that belongs to another menu.
    case menuMismatch
    /// ``StockChange/several(_:_:)`` of a kind that is not an edit of one fruit (`order`, `reset`).
    case invalidEdit(StockChange.Kind)
    /// `sales --from A --to B` with B before A.
    case invalidPeriod(first: CalendarDay, last: CalendarDay)

    /// The stable machine-readable name: `"out_of_stock"`, `"above_maximum"`, ...
    public var code: String {
        switch self {
        case .outOfStock: "out_of_stock"
        case .aboveMaximum: "above_maximum"
        case .belowZero: "below_zero"
        case .invalidCount: "invalid_count"
        case .invalidAmount: "invalid_amount"
        case .unknownFruit: "unknown_fruit"
        case .menuMismatch: "menu_mismatch"
        case .invalidEdit: "invalid_edit"
        case .invalidPeriod: "invalid_period"
        }
    }
}

extension JuiceError: DetailedError {
    /// The fruit or juice and the amounts that explain the refusal.
    public var details: ErrorDetails {
        switch self {
        case .outOfStock(let refusal):
            refusal.hasSeveralLines
                ? [
                    "juice": .text(refusal.juice),
                    "juices": .list(
                        refusal.lines.map { .object(["juice": .text($0.juice), "count": .integer($0.count)]) }),
                    "shortages": Self.shortages(refusal),
                ]
                : ["juice": .text(refusal.juice), "shortages": Self.shortages(refusal)]
        case .aboveMaximum(let fruit, _, let amount, let have, let maximum):
            ["fruit": .text(fruit), "amount": .integer(amount), "have": .integer(have), "max": .integer(maximum)]
        case .belowZero(let fruit, let amount, let have):
            ["fruit": .text(fruit), "amount": .integer(amount), "have": .integer(have)]
        case .invalidCount(let count):
            [
                "count": .integer(count), "min": .integer(Inventory.orderCounts.lowerBound),
                "max": .integer(Inventory.orderCounts.upperBound),
            ]
        case .invalidAmount(let amount): ["amount": .integer(amount)]
        case .unknownFruit(let fruit): ["fruit": .text(fruit)]
        case .menuMismatch: .none
        case .invalidEdit(let kind): ["kind": .text(kind.rawValue)]
        case .invalidPeriod(let first, let last): ["from": .text(first.description), "to": .text(last.description)]
        }
    }

    private static func shortages(_ refusal: OrderRefusal) -> ErrorDetail {
        .list(
            refusal.shortages.map {
                .object(["fruit": .text($0.fruit), "need": .integer($0.need), "have": .integer($0.have)])
            })
    }
}
