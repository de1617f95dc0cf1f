/// One missing ingredient: the recipe needs `need`, the stock has `have`.
public struct Shortage: Sendable, Equatable, Hashable {
    /// The fruit's id.
    public let fruit: String
    /// How many the order or recipe needs.
    public let need: Int
    /// How many the stock has.
    public let have: Int

    /// A shortage of `fruit`: `need` wanted, `have` on the shelf.
    public init(fruit: String, need: Int, have: Int) {
        self.fruit = fruit
        self.need = need
        self.have = have
    }

    /// How many more the stock needs.
    public var missing: Int { need - have }
}
