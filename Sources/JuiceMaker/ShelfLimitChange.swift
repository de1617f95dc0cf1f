/// A shelf whose max the shared store held differently from this kiosk's configuration when
/// it started. The configured max is stored from then on: the last kiosk to start sets the
/// shelves for every kiosk on the store.
public struct ShelfLimitChange: Sendable, Equatable {
    /// The fruit's id.
    public let fruit: String
    /// The max the store held.
    public let stored: Int
    /// The max this kiosk's configuration gives, stored from now on.
    public let configured: Int
    /// The level the shelf held above the new max, brought down to it (and recorded in the
    /// ledger as a `set`); nil when the level fit.
    public let loweredFrom: Int?

    /// `fruit`'s shelf max, `stored` in the store, replaced by the `configured` one; its
    /// level brought down from `loweredFrom` to it when it held more.
    public init(fruit: String, stored: Int, configured: Int, loweredFrom: Int? = nil) {
        self.fruit = fruit
        self.stored = stored
        self.configured = configured
        self.loweredFrom = loweredFrom
    }
}
