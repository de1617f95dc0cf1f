import JuiceMaker
import KioskCore
import Testing

@Suite struct FruitStoreConcurrencyTests {
    /// What one task did, as it saw its own successful changes.
    struct Ledger {
        var added: [String: Int] = [:]
        var removed: [String: Int] = [:]
        var consumed: [String: Int] = [:]
        /// `stock set` moves a level by an amount only the store knows; taken from its commit.
        var setBy: [String: Int] = [:]
        var refused = 0

        mutating func merge(_ other: Ledger) {
            added.merge(other.added, uniquingKeysWith: +)
            removed.merge(other.removed, uniquingKeysWith: +)
            consumed.merge(other.consumed, uniquingKeysWith: +)
            setBy.merge(other.setBy, uniquingKeysWith: +)
            refused += other.refused
        }
    }

    @Test("8 tasks × 10,000 random orders and edits: no fruit is lost, oversold or overfilled")
    func concurrentOrdersAndEdits() async throws {
        let shop = try TestShop()
        let tasks = 8
        let operations = 10_000

        let total = await withTaskGroup(of: Ledger.self) { group in
            for index in 0..<tasks {
                group.addTask { Self.randomWork(shop, seed: 0x5EED_0000 + UInt64(index), operations: operations) }
            }
            var total = Ledger()
            for await ledger in group { total.merge(ledger) }
            return total
        }

        let final = try shop.levels()
        let events = shop.recorder.events
        for fruit in shop.menu.fruits {
            let expected =
                fruit.initial + total.added[fruit.id, default: 0] - total.removed[fruit.id, default: 0]
                - total.consumed[fruit.id, default: 0] + total.setBy[fruit.id, default: 0]
            #expect(final[fruit.id] == expected, "\(fruit.id)")

            // Events leave in commit order: each change starts where the previous one ended.
            var level = fruit.initial
            for case .stockChanged(fruit.id, let old, let new) in events {
                #expect(old == level, "\(fruit.id) chain")
                #expect(fruit.bounds.contains(new), "\(fruit.id) observed at \(new)")
                level = new
            }
            #expect(level == final[fruit.id], "\(fruit.id) events end at the final stock")
        }
        // Each announcement follows its change's events before any other change's, so it
        // holds for the stock those events lead to.
        var replayed = Dictionary(uniqueKeysWithValues: shop.menu.fruits.map { ($0.id, $0.initial) })
        var soldOut = Set(shop.menu.juices.filter { shop.menu.initialStock.available($0.recipe) == 0 }.map(\.id))
        var announcements = 0
        for event in events {
            switch event {
            case .stockChanged(let fruit, _, let new):
                replayed[fruit] = new
            case .juiceSoldOut(let id, let shortages):
                let juice = try shop.juice(id)
                #expect(!shortages.isEmpty, "\(id)")
                #expect(shortages.allSatisfy { replayed[$0.fruit] == $0.have }, "\(id) sold out at \(replayed)")
                #expect(shortages.allSatisfy { juice.recipe.amount(of: $0.fruit) == $0.need }, "\(id)")
                #expect(soldOut.insert(id).inserted, "\(id) announced sold out twice")
                announcements += 1
            case .juiceAvailable(let id):
                let juice = try shop.juice(id)
                #expect(
                    juice.recipe.ingredients.allSatisfy { replayed[$0.fruit, default: 0] >= $0.amount },
                    "\(id) available at \(replayed)")
                #expect(soldOut.remove(id) != nil, "\(id) announced available twice")
                announcements += 1
            default:
                break
            }
        }
        #expect(announcements > 100)

        // The random mix must really exercise both outcomes.
        #expect(total.refused > 1_000)
        #expect(total.consumed.values.reduce(0, +) > 10_000)
    }

    private static func randomWork(_ shop: TestShop, seed: UInt64, operations: Int) -> Ledger {
        var random = SplitMix64(seed: seed)
        var ledger = Ledger()
        let fruits = shop.menu.fruits
        let juices = shop.menu.juices
        for _ in 0..<operations {
            let roll = Int.random(in: 0..<100, using: &random)
            let fruit = fruits[Int.random(in: 0..<fruits.count, using: &random)]
            do {
                switch roll {
                case 0..<60:
                    let juice = juices[Int.random(in: 0..<juices.count, using: &random)]
                    let count = Int.random(in: 1...3, using: &random)
                    try shop.maker.make(juice, count: count)
                    for ingredient in juice.recipe.ingredients {
                        ledger.consumed[ingredient.fruit, default: 0] += ingredient.amount * count
                    }
                case 60..<85:
                    let amount = Int.random(in: 1...40, using: &random)
                    try shop.fruitStore.add(amount, of: fruit)
                    ledger.added[fruit.id, default: 0] += amount
                case 85..<97:
                    let amount = Int.random(in: 1...20, using: &random)
                    try shop.fruitStore.remove(amount, of: fruit)
                    ledger.removed[fruit.id, default: 0] += amount
                default:
                    let commit = try shop.fruitStore.set(fruit, to: Int.random(in: 0...fruit.maximum, using: &random))
                    for delta in commit.deltas {
                        ledger.setBy[delta.fruit, default: 0] += delta.difference
                    }
                }
            } catch {
                ledger.refused += 1
            }
        }
        return ledger
    }
}
