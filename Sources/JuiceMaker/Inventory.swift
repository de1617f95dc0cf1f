import KioskCore

/// How much of each fruit is on the shelves: a value, every level within its fruit's `0...max`.
///
/// The inventory holds the shop's one stock rule: ``shortages(for:count:)`` says whether an
/// order can be made in full, and ``apply(_:)`` takes all of it or nothing. Stores run that
/// check inside their own critical section (see ``InventoryStore``).
///
/// ```swift
/// var stock = menu.initialStock
/// let deltas = try stock.apply(.order(juice: banana, count: 2))   // banana 10 -> 6
/// stock.shortages(for: strawberry.recipe, count: 1)              // [strawberry needs 16, has 10]
/// ```
public struct Inventory: Sendable, Equatable {
    /// How many juices one order may ask for.
    public static let orderCounts = 1...99

    /// The fruits, in menu order.
    public let fruits: [Fruit]
    // Dense, indexed by `Fruit.position`, so an order touches no dictionary.
    private(set) var counts: [Int]

    init(fruits: [Fruit], counts: [Int]) {
        self.fruits = fruits
        self.counts = counts
    }

    /// The stock a store read back, as ``Menu/stock(levels:)`` builds it but without a
    /// dictionary: `levels[i]` is the level of `fruits[i]` (a store puts a fruit it holds no
    /// level of at its initial stock), and a level outside the shelf's `0...max` is clamped
    /// into it. A fruit past the end of `levels` starts at its initial stock.
    package init(fruits: [Fruit], clamping levels: [Int]) {
        self.fruits = fruits
        var counts = levels
        if counts.count > fruits.count { counts.removeLast(counts.count - fruits.count) }
        for fruit in fruits[counts.count...] { counts.append(fruit.initial) }
        for index in counts.indices {
            counts[index] = min(max(counts[index], 0), fruits[index].maximum)
        }
        self.counts = counts
    }

    /// The stock a store read back with the shelf limits it keeps: `fruits[i]` (its maximum
    /// as stored) holds `levels[i]`. The store has checked each level is within `0...max`.
    package init(fruits: [Fruit], levels: [Int]) {
        self.fruits = fruits
        self.counts = levels
    }

    /// The most `fruit`'s shelf holds in this inventory (its fruits carry the limits the store
    /// keeps, which may differ from the fruit's configured maximum); 0 for a fruit not on it.
    public func maximum(of fruit: Fruit) -> Int {
        contains(fruit) ? fruits[fruit.position].maximum : 0
    }

    /// The stock of `fruit` (0 for a fruit that is not on this inventory's menu).
    public subscript(fruit: Fruit) -> Int {
        contains(fruit) ? counts[fruit.position] : 0
    }

    /// The stock of the fruit with id `id`, or nil if no such fruit is stocked.
    public subscript(id: String) -> Int? {
        fruits.first { $0.id == id }.map { counts[$0.position] }
    }

    /// Every fruit with its stock, in menu order.
    public var levels: [(fruit: Fruit, count: Int)] {
        fruits.map { ($0, counts[$0.position]) }
    }

    // MARK: - The check

    /// What stops `count` juices of `recipe` from being made: every ingredient short of the
    /// full amount for all `count` juices, with need and have, in menu order.
    /// Empty when the order can be made in full.
    public func shortages(for recipe: Recipe, count: Int) -> [Shortage] {
        var shortages: [Shortage] = []
        for ingredient in recipe.ingredients {
            let have = stock(at: ingredient.position)
            let need = Self.need(ingredient.amount, count)
            if have < need {
                shortages.append(Shortage(fruit: ingredient.fruit, need: need, have: have))
            }
        }
        return shortages
    }

    /// How many juices of `recipe` the current stock makes.
    public func available(_ recipe: Recipe) -> Int {
        var most = Int.max
        // An amount below 1 limits nothing (and would divide by zero); a validated
        // configuration has none.
        for ingredient in recipe.ingredients where ingredient.amount > 0 {
            most = min(most, stock(at: ingredient.position) / ingredient.amount)
        }
        return most == .max ? 0 : most
    }

    /// How many juices of `recipe` full shelves would make: the largest order stock can ever fill.
    public func mostEverAvailable(_ recipe: Recipe) -> Int {
        var most = Int.max
        for ingredient in recipe.ingredients where ingredient.amount > 0 {
            let maximum = contains(position: ingredient.position) ? fruits[ingredient.position].maximum : 0
            most = min(most, maximum / ingredient.amount)
        }
        return most == .max ? 0 : most
    }

    // MARK: - Changes

    /// The inventory after `change`, and what it did to each fruit.
    /// - Throws: ``JuiceError`` when the change breaks a rule; nothing is changed then.
    public func applying(_ change: StockChange) throws(JuiceError) -> (inventory: Inventory, deltas: [StockDelta]) {
        var copy = self
        let deltas = try copy.apply(change)
        return (copy, deltas)
    }

    /// Applies `change` in full, or not at all.
    ///
    /// - An order takes every ingredient for all `count` juices, after checking all of them.
    /// - `set`, `add` and `remove` keep the fruit within `0...max`.
    /// - `reset` replaces every level with the target's.
    /// - `several` applies each of its edits, all of them or none.
    /// - Returns: one delta per fruit whose stock changed, in menu order.
    /// - Throws: ``JuiceError/outOfStock(_:)`` when an ingredient is short (with every shortage),
    ///   ``JuiceError/aboveMaximum(fruit:kind:amount:have:maximum:)`` or
    ///   ``JuiceError/belowZero(fruit:amount:have:)`` when a shelf limit is hit,
    ///   ``JuiceError/invalidCount(_:)``, ``JuiceError/invalidAmount(_:)``, or
    ///   ``JuiceError/unknownFruit(_:)`` / ``JuiceError/menuMismatch`` for values from another menu.
    public mutating func apply(_ change: StockChange) throws(JuiceError) -> [StockDelta] {
        switch change {
        case .order(let juice, let count):
            return try order(juice, count: count)
        case .set(let fruit, let amount):
            let have = try level(of: fruit, amount: amount)
            // The shelf's limit is this inventory's, as the store read it, not the one the
            // command's fruit was configured with.
            let maximum = maximum(of: fruit)
            guard amount <= maximum else {
                throw .aboveMaximum(fruit: fruit.id, kind: .set, amount: amount, have: have, maximum: maximum)
            }
            return update(fruit, from: have, to: amount)
        case .add(let fruit, let amount):
            let have = try level(of: fruit, amount: amount)
            let maximum = maximum(of: fruit)
            guard amount <= maximum - have else {
                throw .aboveMaximum(fruit: fruit.id, kind: .add, amount: amount, have: have, maximum: maximum)
            }
            return update(fruit, from: have, to: have + amount)
        case .remove(let fruit, let amount):
            let have = try level(of: fruit, amount: amount)
            guard amount <= have else {
                throw .belowZero(fruit: fruit.id, amount: amount, have: have)
            }
            return update(fruit, from: have, to: have - amount)
        case .reset(let target):
            // The same fruits; their limits may differ (the store's against the configured).
            guard target.fruits.map(\.id) == fruits.map(\.id) else { throw .menuMismatch }
            for fruit in fruits where target.counts[fruit.position] > fruit.maximum {
                let have = counts[fruit.position]
                throw .aboveMaximum(
                    fruit: fruit.id, kind: .set, amount: target.counts[fruit.position], have: have,
                    maximum: fruit.maximum)
            }
            var deltas: [StockDelta] = []
            for fruit in fruits where counts[fruit.position] != target.counts[fruit.position] {
                deltas.append(
                    StockDelta(
                        fruit: fruit.id, old: counts[fruit.position], new: target.counts[fruit.position],
                        position: fruit.position))
            }
            counts = target.counts
            return deltas
        case .several(let kind, let edits):
            return try applySeveral(kind, edits)
        case .orders(let lines, let restock):
            return try orders(lines, restock: restock)
        }
    }

    /// Applies each edit in turn to a copy, so that a refused edit leaves this inventory as
    /// it was; then one delta per fruit that moved, from its level before the first edit to
    /// its level after the last, in menu order.
    private mutating func applySeveral(
        _ kind: StockChange.Kind, _ edits: [FruitEdit]
    ) throws(JuiceError) -> [StockDelta] {
        var copy = self
        for edit in edits {
            let single: StockChange
            switch kind {
            case .set:
                // A fruit of another menu has no shelf: its max reads 0 and the set refuses it.
                single = .set(fruit: edit.fruit, amount: edit.fillsShelf ? copy.maximum(of: edit.fruit) : edit.amount)
            case .add: single = .add(fruit: edit.fruit, amount: edit.amount)
            case .remove: single = .remove(fruit: edit.fruit, amount: edit.amount)
            case .order, .reset: throw .invalidEdit(kind)
            }
            _ = try copy.apply(single)
        }
        var deltas: [StockDelta] = []
        for fruit in fruits where counts[fruit.position] != copy.counts[fruit.position] {
            deltas.append(
                StockDelta(
                    fruit: fruit.id, old: counts[fruit.position], new: copy.counts[fruit.position],
                    position: fruit.position))
        }
        counts = copy.counts
        return deltas
    }

    /// Adds `restock` to a copy, then takes every line's fruit from it, checked together:
    /// one refusal names every fruit the whole order is short of, with its need for all
    /// the lines and what the shelf holds without the addition (which a refusal undoes).
    private mutating func orders(_ lines: [OrderLine], restock: [FruitEdit]) throws(JuiceError) -> [StockDelta] {
        // An order of no juice is an order of none.
        guard !lines.isEmpty else { throw .invalidCount(0) }
        var copy = self
        for edit in restock {
            _ = try copy.apply(.add(fruit: edit.fruit, amount: edit.amount))
        }
        var needs = [Int](repeating: 0, count: counts.count)
        for line in lines {
            guard Self.orderCounts.contains(line.count) else { throw .invalidCount(line.count) }
            for ingredient in line.juice.recipe.ingredients {
                guard contains(position: ingredient.position), fruits[ingredient.position].id == ingredient.fruit else {
                    throw .unknownFruit(ingredient.fruit)
                }
                let need = Self.need(ingredient.amount, line.count)
                let (sum, overflow) = needs[ingredient.position].addingReportingOverflow(need)
                needs[ingredient.position] = overflow ? .max : sum
            }
        }
        var shortages: [Shortage] = []
        for fruit in fruits where needs[fruit.position] > copy.counts[fruit.position] {
            shortages.append(Shortage(fruit: fruit.id, need: needs[fruit.position], have: counts[fruit.position]))
        }
        guard shortages.isEmpty else {
            throw .outOfStock(
                OrderRefusal(
                    lines: lines.map {
                        OrderRefusal.Line(juice: $0.juice.id, juiceName: $0.juice.name, count: $0.count)
                    },
                    shortages: shortages,
                    fitsShelves: fruits.allSatisfy { needs[$0.position] <= $0.maximum }))
        }
        var deltas: [StockDelta] = []
        for fruit in fruits {
            let new = copy.counts[fruit.position] - needs[fruit.position]
            copy.counts[fruit.position] = new
            if new != counts[fruit.position] {
                deltas.append(
                    StockDelta(fruit: fruit.id, old: counts[fruit.position], new: new, position: fruit.position))
            }
        }
        counts = copy.counts
        return deltas
    }

    private mutating func order(_ juice: Juice, count: Int) throws(JuiceError) -> [StockDelta] {
        guard Self.orderCounts.contains(count) else { throw .invalidCount(count) }
        for ingredient in juice.recipe.ingredients {
            guard contains(position: ingredient.position), fruits[ingredient.position].id == ingredient.fruit else {
                throw .unknownFruit(ingredient.fruit)
            }
        }
        let shortages = shortages(for: juice.recipe, count: count)
        guard shortages.isEmpty else {
            throw .outOfStock(
                OrderRefusal(
                    juice: juice.id, juiceName: juice.name, count: count, shortages: shortages,
                    mostEverAvailable: mostEverAvailable(juice.recipe)))
        }
        var deltas: [StockDelta] = []
        deltas.reserveCapacity(juice.recipe.ingredients.count)
        for ingredient in juice.recipe.ingredients {
            let old = counts[ingredient.position]
            // Cannot overflow: the check above found at least this much on the shelf.
            let new = old - ingredient.amount * count
            counts[ingredient.position] = new
            deltas.append(StockDelta(fruit: ingredient.fruit, old: old, new: new, position: ingredient.position))
        }
        return deltas
    }

    /// The current level of `fruit`, after checking that it belongs here and `amount` is not negative.
    private func level(of fruit: Fruit, amount: Int) throws(JuiceError) -> Int {
        guard contains(fruit) else { throw .unknownFruit(fruit.id) }
        guard amount >= 0 else { throw .invalidAmount(amount) }
        return counts[fruit.position]
    }

    private mutating func update(_ fruit: Fruit, from old: Int, to new: Int) -> [StockDelta] {
        guard old != new else { return [] }
        counts[fruit.position] = new
        return [StockDelta(fruit: fruit.id, old: old, new: new, position: fruit.position)]
    }

    private func contains(_ fruit: Fruit) -> Bool {
        contains(position: fruit.position) && fruits[fruit.position].id == fruit.id
    }

    private func contains(position: Int) -> Bool {
        position >= 0 && position < counts.count
    }

    /// The stock of the fruit at `position` in menu order (0 for a position off the menu):
    /// read without building ``levels``.
    public func stock(at position: Int) -> Int {
        contains(position: position) ? counts[position] : 0
    }

    /// `amount × count`, saturating instead of overflowing (a huge configured amount just never fits).
    private static func need(_ amount: Int, _ count: Int) -> Int {
        let (product, overflow) = amount.multipliedReportingOverflow(by: count)
        return overflow ? .max : product
    }
}
