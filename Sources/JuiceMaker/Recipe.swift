/// What one juice takes: an amount of each of a few fruits, in the menu's fruit order.
public struct Recipe: Sendable, Hashable {
    /// One fruit and how many of it one juice takes.
    public struct Ingredient: Sendable, Hashable {
        /// The position of a fruit the menu does not stock: no inventory holds it.
        static let unstocked = -1

        /// The fruit's id.
        public let fruit: String
        /// How many of the fruit one juice takes; at least 1 in a validated configuration.
        public let amount: Int
        /// The fruit's position in the menu, for the dense stock array.
        let position: Int
    }

    /// The ingredients, each fruit once, in the menu's fruit order.
    public let ingredients: [Ingredient]

    init(ingredients: [Ingredient]) {
        self.ingredients = ingredients.sorted { $0.position < $1.position }
    }

    /// How many of `fruit` one juice takes (0 if the recipe does not use it).
    public func amount(of fruit: String) -> Int {
        for ingredient in ingredients where ingredient.fruit == fruit {
            return ingredient.amount
        }
        return 0
    }
}
