import KioskCore

extension KioskConfig {
    /// The built-in configuration with `adding` appended to its fruits and the fruits named in
    /// `removing` dropped, together with every juice that needs one of them.
    static func standard(adding: [Fruit] = [], removing: Set<String> = []) throws -> KioskConfig {
        let standard = KioskConfig.builtIn
        return KioskConfig(
            fruits: standard.fruits.filter { !removing.contains($0.id) } + adding,
            juices: standard.juices.filter { juice in !juice.recipe.contains { removing.contains($0.fruit) } },
            bank: standard.bank)
    }

    /// Deep shelves for racing orders: banana and kiwi start at `initial` and hold a million;
    /// `banana` takes 2 banana, `mix` takes a banana and a kiwi.
    static func deepShelves(initial: Int) throws -> KioskConfig {
        KioskConfig(
            fruits: [
                Fruit(id: "banana", name: "Banana", initial: initial, maximum: 1_000_000),
                Fruit(id: "kiwi", name: "Kiwi", initial: initial, maximum: 1_000_000),
            ],
            juices: [
                Juice(
                    id: "banana", name: "Banana Juice", aliases: [], recipe: [Ingredient(fruit: "banana", amount: 2)]),
                Juice(
                    id: "mix", name: "Banana-Kiwi Juice", aliases: [],
                    recipe: [Ingredient(fruit: "banana", amount: 1), Ingredient(fruit: "kiwi", amount: 1)]),
            ],
            bank: KioskConfig.builtIn.bank)
    }
}
