/// What the ledger holds about orders in a period.
struct SalesReport: Sendable, Equatable {
    /// One juice's orders in the period.
    struct Line: Sendable, Equatable {
        let juice: String
        /// Juices made.
        let count: Int
        /// Orders taken.
        let orders: Int
        /// Fruit used, by fruit id, in fruit order.
        let fruitUsed: [FruitAmount]
    }

    /// An amount of one fruit.
    struct FruitAmount: Sendable, Equatable {
        let fruit: String
        let amount: Int
    }

    /// Per juice, most made first.
    let lines: [Line]
    /// Fruit used by all orders together.
    let fruitUsed: [FruitAmount]

    /// Juices made in all.
    var total: Int { lines.reduce(0) { $0 + $1.count } }
}
