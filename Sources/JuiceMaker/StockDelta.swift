/// What one committed change did to one fruit.
public struct StockDelta: Sendable, Hashable {
    /// The fruit's id.
    public let fruit: String
    /// The stock before the change.
    public let old: Int
    /// The stock after the change.
    public let new: Int
    let position: Int

    /// How much the stock grew (negative when it shrank).
    public var difference: Int { new - old }
}
