import Foundation

/// Where the shop's orders are recorded: the port a storage adapter implements (in memory
/// here; SQLite in KioskStorage). The ``InventoryStore`` writes the records as it commits
/// orders; the ledger reads them back for `sales` and `sales export`.
///
/// ```swift
/// let today = Calendar.current.startOfDay(for: Date())
/// let report = try ledger.salesReport(from: today, to: nil)
/// report.total   // juices made since midnight
/// ```
public protocol SalesLedger: Sendable {
    /// The orders taken from `start` (inclusive) until `end` (exclusive), per juice.
    /// - Parameters:
    ///   - start: the earliest order to count; nil counts from the first one ever recorded.
    ///   - end: the first moment not counted; nil counts up to the latest order.
    /// - Returns: one line per juice ordered in the period, most made first (ties by juice id),
    ///   and the fruit all of them used, in menu order.
    /// - Throws: a storage error when the records cannot be read.
    func salesReport(from start: Date?, to end: Date?) throws -> SalesReport

    /// Every order line taken from `start` (inclusive) until `end` (exclusive), one record
    /// each, oldest first (in the order recorded when two share an instant).
    /// - Parameters:
    ///   - start: the earliest order to list; nil lists from the first one ever recorded.
    ///   - end: the first moment not listed; nil lists up to the latest order.
    /// - Throws: a storage error when the records cannot be read.
    func salesRecords(from start: Date?, to end: Date?) throws -> [SalesRecord]
}
