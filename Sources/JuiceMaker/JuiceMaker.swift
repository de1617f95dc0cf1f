import KioskCore

/// Makes juice: turns orders into stock changes on a ``FruitStore``, and offers the shop's
/// commands (`menu`, `order`, `stock`, ...).
///
/// ```swift
/// let maker = JuiceMaker(fruitStore: fruitStore)
/// try maker.make("banana", count: 2)        // takes 4 banana, publishes juiceServed
/// registry.register(contentsOf: maker.commands)
/// ```
public struct JuiceMaker: Sendable {
    /// The stock that orders take from.
    public let fruitStore: FruitStore

    /// A juice maker that takes its fruit from `fruitStore`.
    public init(fruitStore: FruitStore) {
        self.fruitStore = fruitStore
    }

    /// The menu the fruit store serves.
    public var menu: Menu { fruitStore.menu }

    /// Makes `count` of `juice`, taking every ingredient for all of them, or nothing.
    /// - Returns: the committed change, with the stock after it.
    /// - Throws: ``JuiceError/outOfStock(_:)`` naming every short fruit,
    ///   ``JuiceError/invalidCount(_:)`` for a count outside ``Inventory/orderCounts``,
    ///   or a storage error.
    @discardableResult
    public func make(_ juice: Juice, count: Int = 1) throws -> StockCommit {
        try fruitStore.commit(.order(juice: juice, count: count))
    }

    /// Makes `count` of the juice with id `id`.
    /// - Throws: ``JuiceError/unknownJuice(_:)``, or what ``make(_:count:)`` throws.
    @discardableResult
    public func make(_ id: String, count: Int = 1) throws -> StockCommit {
        guard let juice = menu.juice(id) else { throw JuiceError.unknownJuice(id) }
        return try make(juice, count: count)
    }

    /// Every juice with how many the current stock makes, in menu order.
    /// - Throws: a storage error when the stock cannot be read.
    public func availability() throws -> [(juice: Juice, available: Int)] {
        let stock = try fruitStore.stock()
        return menu.juices.map { ($0, stock.available($0.recipe)) }
    }
}
