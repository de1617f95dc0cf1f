/// A juice on the menu.
public struct Juice: Sendable, Hashable, Identifiable {
    /// The id used in commands and JSON: `"mango-kiwi"`.
    public let id: String
    /// What a person reads: `"Mango-Kiwi Juice"`.
    public let name: String
    /// Other names `order` accepts.
    public let aliases: [String]
    /// What one juice takes.
    public let recipe: Recipe
    /// Where the juice sits on the menu.
    let position: Int
}
