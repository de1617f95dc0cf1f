import Foundation

/// One line of one order, as a ``SalesLedger`` recorded it: what `sales export` writes a
/// row for.
public struct SalesRecord: Sendable, Equatable {
    /// When the order was taken (the database server's clock on PostgreSQL).
    public let at: Date
    /// The juice's id.
    public let juice: String
    /// Juices made.
    public let count: Int
    /// Fruit the line took, in menu order.
    public let fruitUsed: [SalesReport.FruitAmount]
    /// Which kiosk took the order, where several share the ledger (PostgreSQL); nil where
    /// one kiosk takes every order (SQLite, memory).
    public let kiosk: String?

    /// `count` of `juice` made at `at` by `kiosk`, which took `fruitUsed`.
    public init(at: Date, juice: String, count: Int, fruitUsed: [SalesReport.FruitAmount], kiosk: String?) {
        self.at = at
        self.juice = juice
        self.count = count
        self.fruitUsed = fruitUsed
        self.kiosk = kiosk
    }
}
