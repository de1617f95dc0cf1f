import JuiceMaker
import KioskCore
import Synchronization

extension PostgresInventoryStore {
    /// Seeds missing fruits and stores the menu's shelf limits, in one transaction under the
    /// migration lock, so kiosks starting at once take turns; a stock that already holds
    /// every fruit of the menu at its limit is only read.
    func seed() throws {
        let stored: [Row]
        if let read = database.takeStartingStock() {
            stored = try rows(read, complete: false)
        } else {
            stored = try database.withConnection(retrying: true) { connection in
                try rows(connection.execute(PostgresDatabase.stockQuery, []), complete: false)
            }
        }
        if stored.count == menu.fruits.count,
            stored.allSatisfy({ menu.fruits[$0.position].maximum == $0.maximum })
        {
            observed.withLock { observed in
                observed.stock = inventory(stored)
                for row in stored { observed.revisions[row.position] = row.revision }
            }
            return
        }
        try database.transaction(
            { connection in
                try connection.execute("SELECT pg_advisory_xact_lock($1)", [String(PostgresSchema.migrationLock)])
                let stored = try rows(
                    connection.execute(
                        "SELECT fruit, quantity, maximum, revision FROM stock ORDER BY fruit FOR UPDATE"),
                    complete: false)
                var notice = database.kioskID
                var rows: [Row] = []
                var changes: [ShelfLimitChange] = []
                for (position, fruit) in menu.fruits.enumerated() {
                    guard let row = stored.first(where: { $0.position == position }) else {
                        try connection.execute(
                            "INSERT INTO stock (fruit, quantity, maximum) VALUES ($1, $2, $3)",
                            [fruit.id, String(fruit.initial), String(fruit.maximum)])
                        try adjust(connection, "seed", fruit: fruit.id, old: 0, new: fruit.initial)
                        rows.append(
                            Row(position: position, quantity: fruit.initial, maximum: fruit.maximum, revision: 0))
                        continue
                    }
                    guard row.maximum != fruit.maximum else {
                        rows.append(row)
                        continue
                    }
                    try connection.execute(
                        """
                        INSERT INTO shelf_change (kiosk, fruit, old_maximum, new_maximum) VALUES ($1, $2, $3, $4)
                        """,
                        [database.kioskID, fruit.id, String(row.maximum), String(fruit.maximum)])
                    let level = min(row.quantity, fruit.maximum)
                    changes.append(
                        ShelfLimitChange(
                            fruit: fruit.id, stored: row.maximum, configured: fruit.maximum,
                            loweredFrom: level == row.quantity ? nil : row.quantity))
                    let revision = level == row.quantity ? row.revision : row.revision + 1
                    try connection.execute(
                        "UPDATE stock SET maximum = $2, quantity = $3, revision = $4 WHERE fruit = $1",
                        [fruit.id, String(fruit.maximum), String(level), String(revision)])
                    if level != row.quantity {
                        try adjust(connection, "set", fruit: fruit.id, old: row.quantity, new: level)
                        notice += "\n\(fruit.id) \(row.quantity) \(level) \(revision)"
                    }
                    rows.append(Row(position: position, quantity: level, maximum: fruit.maximum, revision: revision))
                }
                if notice != database.kioskID {
                    try connection.execute("SELECT pg_notify($1, $2)", [Self.channel, notice])
                }
                return (rows, changes)
            },
            afterCommit: { (rows: [Row], changes: [ShelfLimitChange]) in
                storedLimitChanges.withLock { $0 = changes }
                observed.withLock { observed in
                    observed.stock = inventory(rows)
                    for row in rows { observed.revisions[row.position] = row.revision }
                }
            })
    }

    func adjust(
        _ connection: PostgresConnection, _ reason: String, fruit: String, old: Int, new: Int
    ) throws(PostgresError) {
        try connection.execute(
            "INSERT INTO stock_adjustment (kiosk, fruit, reason, old, new) VALUES ($1, $2, $3, $4, $5)",
            [database.kioskID, fruit, reason, String(old), String(new)])
    }
}
