import Foundation
import JuiceMaker

/// One stock change as `kiosk_change` takes it (see ``PostgresSchema/changeFunction``): what
/// to do to each fruit it touches, with the bounds the server checks, and for an order the
/// sales to record. The server's checks are the ``Inventory`` rule's for the change: when it
/// refuses, kiosk runs that rule on the rows it answers with, which words the refusal.
///
/// A change the plan cannot express exactly (a value from another menu, a negative amount,
/// a count out of range, an amount that overflows) has no plan: the store then runs the
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
        case .orders:
            // An order of several juices, or one with the prompt's restock, goes through the
            // store's own transaction (see ``PostgresInventoryStore``).
            return nil
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

    private mutating func add(_ fruit: String, _ mode: Mode, _ amount: Int, ceiling: Int) {
        fruits.append(fruit)
        modes.append(mode)
        amounts.append(amount)
        ceilings.append(ceiling)
    }

    /// The parameters of ``PostgresSchema/changeCall`` for this plan.
    func parameters(id: UUID, kiosk: String, kind: StockChange.Kind, menu: [String]) -> [String?] {
        [
            id.uuidString.lowercased(), kiosk, kind.rawValue, PostgresArray.text(menu), PostgresArray.text(fruits),
            PostgresArray.text(modes.map(\.rawValue)), PostgresArray.integers(amounts),
            PostgresArray.integers(ceilings), PostgresArray.text(juices), PostgresArray.integers(counts),
            PostgresArray.integers(usedSale), PostgresArray.text(usedFruit), PostgresArray.integers(usedAmount),
        ]
    }
}
