import KioskCore

/// Why an order was refused: every fruit it was short of, and the commands that fix it.
public struct OrderRefusal: Sendable, Equatable {
    /// The juice's id.
    public let juice: String
    /// The juice's display name.
    public let juiceName: String
    /// How many juices the order asked for.
    public let count: Int
    /// Every short ingredient, with need (for all `count` juices) and have, in menu order.
    public let shortages: [Shortage]
    /// The largest order of this juice that full shelves could fill.
    public let mostEverAvailable: Int

    /// A refusal of `count` juices of `juice` for want of `shortages`.
    public init(juice: String, juiceName: String, count: Int, shortages: [Shortage], mostEverAvailable: Int) {
        self.juice = juice
        self.juiceName = juiceName
        self.count = count
        self.shortages = shortages
        self.mostEverAvailable = mostEverAvailable
    }

    /// The command lines that would let the order through, one `stock add <fruit> <missing>`
    /// per short fruit (`"stock add strawberry 6"`); empty when the order is larger than the
    /// shelves can ever fill.
    public var fixes: [String] {
        guard count <= mostEverAvailable else { return [] }
        return shortages.map { "stock add \($0.fruit) \($0.missing)" }
    }
}
