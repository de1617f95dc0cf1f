import KioskCore

/// Why the juice shop refused a change. The description is the sentence the user reads;
/// nothing was changed when one of these is thrown.
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
    /// A juice that is not on this menu.
    case unknownJuice(String)
    /// A stock to reset to that belongs to another menu.
    case menuMismatch
    /// The configuration does not describe a usable menu.
    case invalidMenu(String)

    public var code: String {
        switch self {
        case .outOfStock: "out_of_stock"
        case .aboveMaximum: "above_maximum"
        case .belowZero: "below_zero"
        case .invalidCount: "invalid_count"
        case .invalidAmount: "invalid_amount"
        case .unknownFruit: "unknown_fruit"
        case .unknownJuice: "unknown_juice"
        case .menuMismatch: "menu_mismatch"
        case .invalidMenu: "invalid_menu"
        }
    }

    public var details: [JSONField] {
        switch self {
        case .outOfStock(let refusal):
            return [
                JSONField("juice", .string(refusal.juice)),
                JSONField(
                    "shortages",
                    .array(
                        refusal.shortages.map {
                            ["fruit": .string($0.fruit), "need": .int($0.need), "have": .int($0.have)]
                        })),
            ]
        case .aboveMaximum(let fruit, _, let amount, let have, let maximum):
            return [
                JSONField("fruit", .string(fruit)), JSONField("amount", .int(amount)),
                JSONField("have", .int(have)), JSONField("max", .int(maximum)),
            ]
        case .belowZero(let fruit, let amount, let have):
            return [
                JSONField("fruit", .string(fruit)), JSONField("amount", .int(amount)), JSONField("have", .int(have)),
            ]
        case .invalidCount(let count):
            return [
                JSONField("count", .int(count)), JSONField("min", .int(Inventory.orderCounts.lowerBound)),
                JSONField("max", .int(Inventory.orderCounts.upperBound)),
            ]
        case .invalidAmount(let amount):
            return [JSONField("amount", .int(amount))]
        case .unknownFruit(let fruit):
            return [JSONField("fruit", .string(fruit))]
        case .unknownJuice(let juice):
            return [JSONField("juice", .string(juice))]
        case .menuMismatch, .invalidMenu:
            return []
        }
    }

    public var description: String {
        switch self {
        case .outOfStock(let refusal):
            return Self.describe(refusal)
        case .aboveMaximum(let fruit, .set, let amount, _, let maximum):
            return "Cannot set \(fruit) to \(amount): the shelf holds at most \(maximum). Set at most \(maximum)."
        case .aboveMaximum(let fruit, _, let amount, let have, let maximum):
            let room = maximum - have
            let next = room > 0 ? "Add at most \(room)." : "The shelf is full."
            return "Cannot add \(amount) \(fruit): the shelf holds at most \(maximum) and has \(have). \(next)"
        case .belowZero(let fruit, let amount, let have):
            if have == 0 {
                return "Cannot remove \(amount) \(fruit): the shelf is empty."
            }
            return "Cannot remove \(amount) \(fruit): the shelf has \(have). Remove at most \(have)."
        case .invalidCount(let count):
            let range = Inventory.orderCounts
            return "An order is for \(range.lowerBound) to \(range.upperBound) juices, not \(count)."
        case .invalidAmount(let amount):
            return "A stock amount must be 0 or more, not \(amount)."
        case .unknownFruit(let fruit):
            return "Unknown fruit '\(Sanitized.text(fruit))'. Type 'stock' to list the fruits."
        case .unknownJuice(let juice):
            return "Unknown juice '\(Sanitized.text(juice))'. Type 'menu' to list the juices."
        case .menuMismatch:
            return
                "The stock to reset to belongs to a different menu. Use 'stock reset' to restore the configured stock."
        case .invalidMenu(let problem):
            return "The menu cannot be used: \(problem). Fix the configuration file."
        }
    }

    /// "Cannot make 1 Strawberry Juice: strawberry needs 16, has 10. Fix: stock add strawberry 6"
    private static func describe(_ refusal: OrderRefusal) -> String {
        let lacks = refusal.shortages.map { "\($0.fruit) needs \($0.need), has \($0.have)" }
        let head = "Cannot make \(refusal.count) \(refusal.juiceName): \(lacks.joined(separator: "; "))."
        guard refusal.count <= refusal.mostEverAvailable else {
            if refusal.mostEverAvailable == 0 {
                return "\(head) One juice needs more than a full shelf holds, so it cannot be made."
            }
            return "\(head) Full shelves make at most \(refusal.mostEverAvailable); order at most that many."
        }
        return "\(head) Fix: \(refusal.fixes.joined(separator: ", then "))"
    }
}
