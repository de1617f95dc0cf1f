import JuiceMaker
import KioskCore

extension PostgresInventoryStore {
    /// What `kiosk_change` (or ``PostgresSchema/orderCall(deferred:)``) answered it moved: for
    /// an order in the recipe's order, else in the menu's, as the inventory's rule lists them.
    func deltas(in result: PostgresResult, of change: StockChange) -> [StockDelta] {
        var deltas: [StockDelta] = []
        for index in 0..<result.rowCount {
            guard let fruit = result.text(index, 0), let position = positions[fruit],
                let old = result.integer(index, 5), let new = result.integer(index, 6), old != new
            else { continue }
            deltas.append(StockDelta(fruit: fruit, old: old, new: new, position: position))
        }
        if case .order(let juice, _) = change {
            // A recipe names a few fruits: looked up in place, not hashed into a table per order.
            let ingredients = juice.recipe.ingredients
            func rank(_ fruit: String) -> Int { ingredients.firstIndex { $0.fruit == fruit } ?? .max }
            deltas.sort { rank($0.fruit) < rank($1.fruit) }
        } else {
            deltas.sort { positions[$0.fruit, default: .max] < positions[$1.fruit, default: .max] }
        }
        return deltas
    }
}
