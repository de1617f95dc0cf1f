/// What the ledger holds about orders in a period.
public struct SalesReport: Sendable, Equatable {
    /// One juice's orders in the period.
    public struct Line: Sendable, Equatable {
        public let juice: String
        /// Juices made.
        public let count: Int
        /// Orders taken.
        public let orders: Int
        /// Fruit used, by fruit id, in fruit order.
        public let fruitUsed: [FruitAmount]
    }

    /// An amount of one fruit.
    public struct FruitAmount: Sendable, Equatable {
        public let fruit: String
        public let amount: Int
    }

    /// Per juice, most made first.
    public let lines: [Line]
    /// Fruit used by all orders together.
    public let fruitUsed: [FruitAmount]

    /// Juices made in all.
    public var total: Int { lines.reduce(0) { $0 + $1.count } }
}
