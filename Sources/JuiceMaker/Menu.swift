import KioskCore

/// The fruits and juices of the shop, built from the configuration; nothing of it is hard-coded.
///
/// ```swift
/// let menu = try Menu(config: KioskConfig.embeddedDefault())
/// let banana = menu.juice("banana")        // Banana Juice, recipe banana 2
/// let stock = menu.initialStock            // 10 of each fruit
/// ```
public struct Menu: Sendable {
    /// The fruits, in the order the configuration declares them.
    public let fruits: [Fruit]
    /// The juices, in the order the configuration declares them.
    public let juices: [Juice]
    private let fruitPositions: [String: Int]
    private let juicePositions: [String: Int]

    /// Builds the menu from `config`.
    /// - Throws: ``JuiceError/invalidMenu(_:)`` when an id repeats, a recipe names a fruit
    ///   that is not configured or takes less than one of it, or a stock limit is out of order.
    ///   (``ConfigParser`` already rejects all of these in a config file.)
    public init(config: KioskConfig) throws(JuiceError) {
        var fruits: [Fruit] = []
        var fruitPositions: [String: Int] = [:]
        for configured in config.fruits {
            guard fruitPositions[configured.id] == nil else {
                throw .invalidMenu("fruit '\(configured.id)' is declared twice")
            }
            guard configured.maximum >= 0, (0...configured.maximum).contains(configured.initial) else {
                throw .invalidMenu(
                    "fruit '\(configured.id)' starts at \(configured.initial), outside 0...\(configured.maximum)")
            }
            fruitPositions[configured.id] = fruits.count
            fruits.append(
                Fruit(
                    id: configured.id, name: configured.name, initial: configured.initial,
                    maximum: configured.maximum, position: fruits.count))
        }

        var juices: [Juice] = []
        var juicePositions: [String: Int] = [:]
        for configured in config.juices {
            guard juicePositions[configured.id] == nil else {
                throw .invalidMenu("juice '\(configured.id)' is declared twice")
            }
            var ingredients: [Recipe.Ingredient] = []
            for ingredient in configured.recipe {
                guard let position = fruitPositions[ingredient.fruit] else {
                    throw .invalidMenu(
                        "juice '\(configured.id)' needs fruit '\(ingredient.fruit)', which is not stocked")
                }
                guard ingredient.amount > 0 else {
                    throw .invalidMenu("juice '\(configured.id)' takes \(ingredient.amount) \(ingredient.fruit)")
                }
                guard !ingredients.contains(where: { $0.position == position }) else {
                    throw .invalidMenu("juice '\(configured.id)' names fruit '\(ingredient.fruit)' twice")
                }
                ingredients.append(
                    Recipe.Ingredient(fruit: ingredient.fruit, amount: ingredient.amount, position: position))
            }
            guard !ingredients.isEmpty else {
                throw .invalidMenu("juice '\(configured.id)' has an empty recipe")
            }
            juicePositions[configured.id] = juices.count
            juices.append(
                Juice(
                    id: configured.id, name: configured.name, aliases: configured.aliases,
                    recipe: Recipe(ingredients: ingredients), position: juices.count))
        }

        self.fruits = fruits
        self.juices = juices
        self.fruitPositions = fruitPositions
        self.juicePositions = juicePositions
    }

    /// The fruit with id `id`, if it is stocked.
    public func fruit(_ id: String) -> Fruit? {
        fruitPositions[id].map { fruits[$0] }
    }

    /// The juice with id `id`, if it is on the menu.
    public func juice(_ id: String) -> Juice? {
        juicePositions[id].map { juices[$0] }
    }

    /// Every fruit at its configured initial stock: the first-run stock and what `stock reset` restores.
    public var initialStock: Inventory {
        Inventory(fruits: fruits, counts: fruits.map(\.initial))
    }

    /// The stock `levels` describe, by fruit id: a fruit missing from `levels` starts at its
    /// initial stock, a level outside the shelf's `0...max` is clamped into it, and ids that
    /// are not on the menu are ignored. This is how a store loads stock it persisted under
    /// an older configuration.
    public func stock(levels: [String: Int]) -> Inventory {
        Inventory(
            fruits: fruits,
            counts: fruits.map { fruit in
                min(max(levels[fruit.id] ?? fruit.initial, 0), fruit.maximum)
            })
    }

    /// The fruits as an argument accepts them: ids and display names, case-insensitively.
    public var fruitChoices: ChoiceSet {
        ChoiceSet(
            noun: "fruit",
            choices: fruits.map { fruit in
                ChoiceSet.Choice(id: fruit.id, spellings: fruit.name.lowercased() == fruit.id ? [] : [fruit.name])
            })
    }

    /// The juices as an argument accepts them: ids, display names and aliases, case-insensitively.
    public var juiceChoices: ChoiceSet {
        ChoiceSet(
            noun: "juice",
            choices: juices.map { juice in
                ChoiceSet.Choice(id: juice.id, spellings: [juice.name] + juice.aliases)
            })
    }
}
