/// What a ``SalesLedger`` holds about the orders of a period.
public struct SalesReport: Sendable, Equatable {
    /// One juice's orders in the period.
    public struct Line: Sendable, Equatable {
        /// The juice's id.
        public let juice: String
        /// Juices made.
        public let count: Int
        /// Orders taken.
        public let orders: Int
        /// Fruit used, in menu order.
        public let fruitUsed: [FruitAmount]

        /// `orders` orders of `juice`, `count` juices in all, which used `fruitUsed`.
        public init(juice: String, count: Int, orders: Int, fruitUsed: [FruitAmount]) {
            self.juice = juice
            self.count = count
            self.orders = orders
            self.fruitUsed = fruitUsed
        }
    }

    /// An amount of one fruit.
    public struct FruitAmount: Sendable, Equatable {
        /// The fruit's id.
        public let fruit: String
        /// How many of it.
        public let amount: Int

        /// `amount` of the fruit with id `fruit`.
        public init(fruit: String, amount: Int) {
            self.fruit = fruit
            self.amount = amount
        }
    }

    /// Per juice, most made first.
    public let lines: [Line]
    /// Fruit used by all orders together, in menu order.
    public let fruitUsed: [FruitAmount]

    /// A report of `lines`, whose orders used `fruitUsed` in all.
    public init(lines: [Line], fruitUsed: [FruitAmount]) {
        self.lines = lines
        self.fruitUsed = fruitUsed
    }

    /// Juices made in all.
    public var total: Int { lines.reduce(0) { $0 + $1.count } }
}
