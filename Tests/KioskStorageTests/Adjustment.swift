import GRDB

@testable import KioskStorage

/// One stock adjustment row.
struct Adjustment: Equatable, CustomStringConvertible {
    let fruit: String
    let reason: String
    let old: Int
    let new: Int

    var description: String { "\(reason) \(fruit) \(old)->\(new)" }

    /// Every adjustment, oldest first.
    static func all(in database: KioskDatabase) throws -> [Adjustment] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT fruit, reason, old, new FROM stock_adjustment ORDER BY id").map {
                Adjustment(fruit: $0["fruit"], reason: $0["reason"], old: $0["old"], new: $0["new"])
            }
        }
    }
}
