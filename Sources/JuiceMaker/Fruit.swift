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
    /// Where the fruit sits in the menu's fruit list, so stock can live in a dense array.
    let position: Int

    init(id: String, name: String, initial: Int, maximum: Int, position: Int) {
        self.id = id
        self.name = name
        self.initial = initial
        self.maximum = maximum
        self.position = position
    }

    /// The stock levels the shelf allows.
    public var bounds: ClosedRange<Int> { 0...maximum }
}
