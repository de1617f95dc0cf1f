import KioskCore

/// The fruits and juices of the shop, built from the configuration; nothing of it is hard-coded.
///
/// ```swift
/// let menu = Menu(config: KioskConfig.builtIn)
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
    ///
    /// The configuration's menu is validated once, where it is read: ``ConfigParser`` refuses
    /// repeated ids, recipes that name an unstocked fruit or take less than one of it, and
    /// stock outside its shelf, so the menu takes it as it is. A configuration built in code
    /// must keep the same rules; should a recipe name a fruit that is not stocked anyway, that
    /// juice can never be made (orders of it are refused with ``JuiceError/unknownFruit(_:)``).
    public init(config: KioskConfig) {
        var fruits: [Fruit] = []
        var fruitPositions: [String: Int] = [:]
        for configured in config.fruits {
            fruitPositions[configured.id] = fruits.count
            fruits.append(
                Fruit(
                    id: configured.id, name: configured.name, initial: configured.initial,
                    maximum: configured.maximum, translations: configured.translations, position: fruits.count))
        }

        var juices: [Juice] = []
        var juicePositions: [String: Int] = [:]
        for configured in config.juices {
            let ingredients = configured.recipe.map { ingredient in
                Recipe.Ingredient(
                    fruit: ingredient.fruit, amount: ingredient.amount,
                    position: fruitPositions[ingredient.fruit] ?? Recipe.Ingredient.unstocked)
            }
            juicePositions[configured.id] = juices.count
            juices.append(
                Juice(
                    id: configured.id, name: configured.name, aliases: configured.aliases,
                    translations: configured.translations, recipe: Recipe(ingredients: ingredients),
                    position: juices.count))
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

    /// The fruits as an argument accepts them: ids and display names, case-insensitively;
    /// each choice carries its ``Fruit``.
    public var fruitChoices: Choices<Fruit> {
        Choices(noun: "fruit", values: fruits, id: \.id) { fruit in
            ([fruit.name] + fruit.translations.values.sorted()).filter { $0.lowercased() != fruit.id }
        }
    }

    /// The juices as an argument accepts them: ids, display names and aliases, and (hidden
    /// from completion) each name's short form where only one juice has it (`바나나` for
    /// 바나나쥬스, as `banana` names Banana Juice), case-insensitively; each choice carries
    /// its ``Juice``.
    public var juiceChoices: Choices<Juice> {
        let spellings = juices.map { [$0.name] + $0.translations.values.sorted() + $0.aliases }
        let shortNames = JuiceSpelling.uniqueShortNames(ids: juices.map(\.id), spellings: spellings)
        let byID = Dictionary(
            zip(juices, zip(spellings, shortNames)).map { ($0.id, $1) }, uniquingKeysWith: { first, _ in first })
        // The short forms are accepted but not offered: completing `망고키` reaches 망고키위쥬스.
        return Choices(
            noun: "juice", values: juices, id: \.id, spellings: { byID[$0.id]?.0 ?? [] },
            hiddenSpellings: { byID[$0.id]?.1 ?? [] })
    }
}
