import Foundation
import JuiceMaker

/// One stock change as `kiosk_change` takes it (see ``PostgresSchema/changeFunction``): what
/// to do to each fruit it touches, with the bounds the server checks, and for an order the
/// sales to record. The server's checks are the ``Inventory`` rule's for the change: when it
/// refuses, kiosk runs that rule on the rows it answers with, which words the refusal.
///
/// A change the plan cannot express exactly (a value from another menu, a negative amount,
/// a count out of range, an amount that overflows, a juice twice in one order) has no plan: the store then runs the
/// change in a transaction of its own, where the rule refuses it as before.
struct PostgresChangePlan {
    /// How the server moves one fruit.
    enum Mode: String {
        /// Adds `amount` (negative to take).
        case delta
        /// Puts `amount`.
        case set
        /// Puts the shelf's max, as stored.
        case fill
    }

    private(set) var fruits: [String] = []
    private(set) var modes: [Mode] = []
    private(set) var amounts: [Int] = []
    /// Per fruit, a level the stored max must reach (an explicit `set` among several).
    private(set) var ceilings: [Int] = []
    private(set) var juices: [String] = []
    private(set) var counts: [Int] = []
    private(set) var usedSale: [Int] = []
    private(set) var usedFruit: [String] = []
    private(set) var usedAmount: [Int] = []
    /// The prompt's additions before an order's juices, in the order they are made.
    private(set) var restockFruits: [String] = []
    private(set) var restockAmounts: [Int] = []

    /// The plan of `change` on a menu whose fruits sit at `positions`; nil when the change
    /// needs the rule's own refusal before any stock is read.
    init?(_ change: StockChange, menu: Menu, positions: [String: Int]) {
        func known(_ fruit: Fruit) -> Bool { positions[fruit.id] != nil }
        switch change {
        case .order(let juice, let count):
            guard Inventory.orderCounts.contains(count) else { return nil }
            juices = [juice.id]
            counts = [count]
            for ingredient in juice.recipe.ingredients {
                let (needed, overflow) = ingredient.amount.multipliedReportingOverflow(by: count)
                guard !overflow, needed > 0, positions[ingredient.fruit] != nil,
                    !fruits.contains(ingredient.fruit)
                else { return nil }
                add(ingredient.fruit, .delta, -needed, ceiling: 0)
                usedSale.append(1)
                usedFruit.append(ingredient.fruit)
                usedAmount.append(needed)
            }
        case .orders(let lines, let restock):
            guard planOrders(lines, restock: restock, positions: positions) else { return nil }
        case .set(let fruit, let amount):
            guard known(fruit), amount >= 0 else { return nil }
            add(fruit.id, .set, amount, ceiling: amount)
        case .add(let fruit, let amount):
            guard known(fruit), amount >= 0 else { return nil }
            add(fruit.id, .delta, amount, ceiling: 0)
        case .remove(let fruit, let amount):
            guard known(fruit), amount >= 0 else { return nil }
            add(fruit.id, .delta, -amount, ceiling: 0)
        case .reset(let target):
            guard target.fruits.map(\.id) == menu.fruits.map(\.id) else { return nil }
            for fruit in menu.fruits {
                let level = target[fruit]
                guard level >= 0 else { return nil }
                add(fruit.id, .set, level, ceiling: level)
            }
        case .several(let kind, let edits):
            guard kind == .set || kind == .add || kind == .remove else { return nil }
            for edit in edits {
                guard known(edit.fruit), edit.amount >= 0 else { return nil }
                let index = fruits.firstIndex(of: edit.fruit.id)
                switch kind {
                case .set:
                    // The last edit of a fruit decides its level; every explicit one must fit.
                    let mode: Mode = edit.fillsShelf ? .fill : .set
                    let ceiling = edit.fillsShelf ? 0 : edit.amount
                    if let index {
                        modes[index] = mode
                        amounts[index] = edit.amount
                        ceilings[index] = max(ceilings[index], ceiling)
                    } else {
                        add(edit.fruit.id, mode, edit.amount, ceiling: ceiling)
                    }
                default:
                    // Adding (or taking) one fruit again and again is monotonic: the sum fits
                    // exactly when every step does.
                    let amount = kind == .add ? edit.amount : -edit.amount
                    if let index {
                        let (sum, overflow) = amounts[index].addingReportingOverflow(amount)
                        guard !overflow else { return nil }
                        amounts[index] = sum
                    } else {
                        add(edit.fruit.id, .delta, amount, ceiling: 0)
                    }
                }
            }
        }
    }

    /// Plans an order of several juices after the additions of `restock`: per fruit, one
    /// move by what the additions put minus what the juices take (the server checks the
    /// level after the additions against the max, and the level after the juices against 0);
    /// one sale per juice. False when the plan cannot say it exactly: a count out of range,
    /// an amount that overflows, a fruit of another menu, a juice given twice or a recipe
    /// that names a fruit twice (one sale per juice, one row per fruit of a sale).
    private mutating func planOrders(
        _ lines: [OrderLine], restock: [FruitEdit], positions: [String: Int]
    ) -> Bool {
        guard !lines.isEmpty else { return false }
        var moves: [String: Int] = [:]
        var order: [String] = []
        func move(_ fruit: String, by amount: Int) -> Bool {
            guard let current = moves[fruit] else {
                moves[fruit] = amount
                order.append(fruit)
                return true
            }
            let (sum, overflow) = current.addingReportingOverflow(amount)
            moves[fruit] = sum
            return !overflow
        }
        for edit in restock {
            guard positions[edit.fruit.id] != nil, edit.amount >= 0, !edit.fillsShelf,
                move(edit.fruit.id, by: edit.amount)
            else { return false }
            restockFruits.append(edit.fruit.id)
            restockAmounts.append(edit.amount)
        }
        for (index, line) in lines.enumerated() {
            guard Inventory.orderCounts.contains(line.count), !juices.contains(line.juice.id) else { return false }
            juices.append(line.juice.id)
            counts.append(line.count)
            var seen: Set<String> = []
            for ingredient in line.juice.recipe.ingredients {
                let (needed, overflow) = ingredient.amount.multipliedReportingOverflow(by: line.count)
                guard !overflow, needed > 0, positions[ingredient.fruit] != nil, seen.insert(ingredient.fruit).inserted,
                    move(ingredient.fruit, by: -needed)
                else { return false }
                usedSale.append(index + 1)
                usedFruit.append(ingredient.fruit)
                usedAmount.append(needed)
            }
        }
        for fruit in order {
            add(fruit, .delta, moves[fruit] ?? 0, ceiling: 0)
        }
        return true
    }

    private mutating func add(_ fruit: String, _ mode: Mode, _ amount: Int, ceiling: Int) {
        fruits.append(fruit)
        modes.append(mode)
        amounts.append(amount)
        ceilings.append(ceiling)
    }

    /// The parameters of ``PostgresSchema/orderCall(deferred:)`` when this plan is an order of
    /// one juice with nothing added for it (each fruit of the recipe used once, as the call
    /// writes it); nil for any other change.
    func orderParameters(id: UUID, kiosk: String, menu: [String]) -> [String?]? {
        guard juices.count == 1, let juice = juices.first, let count = counts.first, restockFruits.isEmpty,
            usedFruit == fruits, usedAmount == amounts.map({ -$0 }), modes.allSatisfy({ $0 == .delta })
        else { return nil }
        return [
            id.uuidString.lowercased(), kiosk, PostgresArray.text(menu), PostgresArray.text(fruits),
            PostgresArray.integers(amounts), juice, String(count),
        ]
    }

    /// The parameters of ``PostgresSchema/changeCall`` for this plan.
    /// - Parameter deferred: whether a barrier will cover the change's commit (see
    ///   ``PostgresDatabase/defersDurability``): only then does it skip the wait for the disk.
    func parameters(id: UUID, kiosk: String, kind: StockChange.Kind, menu: [String], deferred: Bool) -> [String?] {
        [
            id.uuidString.lowercased(), kiosk, kind.rawValue, PostgresArray.text(menu), PostgresArray.text(fruits),
            PostgresArray.text(modes.map(\.rawValue)), PostgresArray.integers(amounts),
            PostgresArray.integers(ceilings), PostgresArray.text(juices), PostgresArray.integers(counts),
            PostgresArray.integers(usedSale), PostgresArray.text(usedFruit), PostgresArray.integers(usedAmount),
            PostgresArray.text(restockFruits), PostgresArray.integers(restockAmounts), deferred ? "t" : "f",
        ]
    }
}
