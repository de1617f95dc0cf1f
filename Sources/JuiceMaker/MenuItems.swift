/// A fruit the shop stocks, as the configuration declares it.
public struct Fruit: Sendable, Hashable, Identifiable {
    /// The id used in commands, JSON and the ledger: `"mango"`.
    public let id: String
    /// What a person reads: `"Mango"`.
    public let name: String
    /// Stock on first run and after `stock reset`.
    public let initial: Int
    /// The most the shelf holds; stock stays within `0...maximum`.
    public let maximum: Int
    /// The name in other languages, by language code.
    public let translations: [String: String]
    /// Where the fruit sits in the menu's fruit list, so stock can live in a dense array.
    let position: Int

    init(
        id: String, name: String, initial: Int, maximum: Int, translations: [String: String] = [:], position: Int
    ) {
        self.id = id
        self.name = name
        self.initial = initial
        self.maximum = maximum
        self.translations = translations
        self.position = position
    }

    /// The stock levels the shelf allows.
    public var bounds: ClosedRange<Int> { 0...maximum }

    /// The same fruit on a shelf holding `maximum`: the limit a store keeps beside the stock,
    /// which may differ from this kiosk's configuration.
    package func holding(_ maximum: Int) -> Fruit {
        Fruit(id: id, name: name, initial: initial, maximum: maximum, position: position)
    }
}

/// A juice on the menu.
///
/// Its fields live in one shared object: a juice is copied into every order's line, stock
/// change, commit and receipt, and copying one reference costs one retain where the fields
/// themselves (a recipe, aliases, translations and two strings) cost up to five.
public struct Juice: Sendable, Hashable, Identifiable {
    private final class Fields: Sendable {
        let id: String
        let name: String
        let aliases: [String]
        let translations: [String: String]
        let recipe: Recipe
        let position: Int

        init(
            id: String, name: String, aliases: [String], translations: [String: String], recipe: Recipe,
            position: Int
        ) {
            self.id = id
            self.name = name
            self.aliases = aliases
            self.translations = translations
            self.recipe = recipe
            self.position = position
        }
    }

    private let fields: Fields

    /// The id used in commands and JSON: `"mango-kiwi"`.
    public var id: String { fields.id }
    /// What a person reads: `"Mango-Kiwi Juice"`.
    public var name: String { fields.name }
    /// Other names `order` accepts.
    public var aliases: [String] { fields.aliases }
    /// The name in other languages, by language code; `order` accepts these too.
    public var translations: [String: String] { fields.translations }
    /// What one juice takes.
    public var recipe: Recipe { fields.recipe }
    /// Where the juice sits on the menu.
    package var position: Int { fields.position }

    init(id: String, name: String, aliases: [String], translations: [String: String], recipe: Recipe, position: Int) {
        fields = Fields(
            id: id, name: name, aliases: aliases, translations: translations, recipe: recipe, position: position)
    }

    /// Juices are equal when every field is, as if the fields were the struct's own.
    public static func == (left: Juice, right: Juice) -> Bool {
        if left.fields === right.fields { return true }
        return left.id == right.id && left.name == right.name && left.aliases == right.aliases
            && left.translations == right.translations && left.recipe == right.recipe
            && left.position == right.position
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(aliases)
        hasher.combine(translations)
        hasher.combine(recipe)
        hasher.combine(position)
    }
}

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
        package let position: Int
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
