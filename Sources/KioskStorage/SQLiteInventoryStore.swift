import Foundation
import GRDB
import JuiceMaker
import KioskCore
import Synchronization

/// The stock in SQLite: the database is the source of truth, so every change reads the
/// stock, runs the ``Inventory`` check and writes the new levels with their sale or
/// adjustment row inside one IMMEDIATE transaction. Two kiosk processes on one data
/// directory therefore never oversell and never lose an update.
///
/// ```swift
/// let store = try SQLiteInventoryStore(database: database, menu: menu)
/// let commit = try store.commit(.order(juice: banana, count: 2)) { commit in
///     // runs after COMMIT, in commit order
/// }
/// ```
public final class SQLiteInventoryStore: InventoryStore {
    private let database: KioskDatabase
    private let menu: Menu
    private let now: @Sendable () -> Date
    /// The stock as this store last read or committed it, while nothing else has written.
    private let cache = Mutex<CachedStock?>(nil)

    /// The stock, with what tells whether the database still holds it: `PRAGMA data_version`
    /// changes when another connection commits, and the connection's total change count when
    /// anything else on this connection writes (or a transaction that wrote rolls back).
    private struct CachedStock {
        let dataVersion: Int
        let changes: Int
        let inventory: Inventory
    }

    /// Opens the stock, seeding it on first run: every fruit of the menu missing from the
    /// database gets its initial stock (recorded as a `seed` adjustment). Fruits the database
    /// holds but the menu no longer has are kept, and not offered. A fruit holding more than
    /// its (lowered) max is set down to the max, recorded as a `set` adjustment.
    /// - Parameters:
    ///   - database: the database that holds the stock and its ledger.
    ///   - menu: the fruits to offer, with their initial stock and max.
    ///   - now: the wall clock for ledger time stamps.
    /// - Throws: ``StorageError`` when the stock cannot be read or seeded.
    public init(database: KioskDatabase, menu: Menu, now: @escaping @Sendable () -> Date = Date.init)
        throws(StorageError)
    {
        self.database = database
        self.menu = menu
        self.now = now
        try seed()
    }

    /// The stock as the database holds it now; read again only when another connection, or
    /// anything else on this one, has written since this store last looked.
    /// - Throws: ``StorageError`` when the stock cannot be read.
    public func stock() throws -> Inventory {
        try database.onConnection { db in try self.current(db).inventory }
    }

    /// Applies `change` in one IMMEDIATE transaction: reads the stock, runs
    /// ``Inventory/apply(_:)``, writes the new levels with the sale or adjustment rows, commits,
    /// and then calls `announce` with the commit.
    ///
    /// `announce` runs right after COMMIT while this database's writer is still held, so
    /// commits through one ``KioskDatabase`` (by any number of stores and threads) announce in
    /// commit order, and a change is announced only once it is durable: a COMMIT that fails
    /// announces nothing. Commits by other connections or processes are not announced here;
    /// the next ``stock()`` or commit sees them. `announce` must not use the database.
    /// - Parameters:
    ///   - change: the change to apply.
    ///   - announce: told of the commit, in commit order.
    /// - Returns: what changed, and the stock right after the change.
    /// - Throws: the ``JuiceError`` the inventory refuses the change with (nothing is written
    ///   or announced), or a ``StorageError`` when reading or writing fails (nothing is
    ///   written or announced either).
    public func commit(_ change: StockChange, announce: (StockCommit) -> Void) throws -> StockCommit {
        let stamp = KioskDatabase.milliseconds(now())
        let (commit, _) = try database.immediateTransaction(
            { db in
                let current = try current(db)
                var inventory = current.inventory
                let deltas = try inventory.apply(change)
                for delta in deltas {
                    try db.cachedStatement(sql: "UPDATE stock SET quantity = ? WHERE fruit = ?")
                        .execute(arguments: [delta.new, delta.fruit])
                }
                switch change {
                case .order(let juice, let count):
                    try db.cachedStatement(sql: "INSERT INTO sale (at_ms, juice, count) VALUES (?, ?, ?)")
                        .execute(arguments: [stamp, juice.id, count])
                    let sale = db.lastInsertedRowID
                    for ingredient in juice.recipe.ingredients {
                        try db.cachedStatement(sql: "INSERT INTO sale_fruit (sale_id, fruit, amount) VALUES (?, ?, ?)")
                            .execute(arguments: [sale, ingredient.fruit, ingredient.amount * count])
                    }
                case .set, .add, .remove, .reset:
                    for delta in deltas {
                        try Self.recordAdjustment(
                            db, at: stamp, reason: change.kind.rawValue, fruit: delta.fruit, old: delta.old,
                            new: delta.new)
                    }
                }
                let commit = StockCommit(change: change, deltas: deltas, stock: inventory)
                return (
                    commit,
                    CachedStock(dataVersion: current.dataVersion, changes: db.totalChangesCount, inventory: inventory)
                )
            },
            afterCommit: { committed in
                // Only a committed stock may be cached; the writer is still held, so no other
                // commit on this connection can slip in before it.
                cache.withLock { $0 = committed.1 }
                announce(committed.0)
            })
        return commit
    }

    /// The stock the database holds, read only when someone else may have changed it.
    /// The version is taken before the rows, so a commit in between can only make the cache
    /// look older than it is, never newer.
    private func current(_ db: Database) throws -> CachedStock {
        let dataVersion = try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? -1
        let changes = db.totalChangesCount
        if let cached = cache.withLock({ $0 }), cached.dataVersion == dataVersion, cached.changes == changes {
            return cached
        }
        let fresh = CachedStock(dataVersion: dataVersion, changes: changes, inventory: try read(db))
        cache.withLock { $0 = fresh }
        return fresh
    }

    private func read(_ db: Database) throws -> Inventory {
        var levels: [String: Int] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT fruit, quantity FROM stock"))
        while let row = try rows.next() {
            // `decode` throws on a NULL or mistyped value where a subscript would trap.
            let fruit: String = try row.decode(atIndex: 0)
            // A NULL level counts as missing: the fruit starts at its initial stock.
            let level: Int? = try row.decode(atIndex: 1)
            levels[fruit] = level
        }
        return menu.stock(levels: levels)
    }

    private func seed() throws(StorageError) {
        let stamp = KioskDatabase.milliseconds(now())
        do {
            try database.immediateTransaction { db in
                for fruit in menu.fruits {
                    let stored = try Int.fetchOne(
                        db, sql: "SELECT quantity FROM stock WHERE fruit = ?", arguments: [fruit.id])
                    if let stored {
                        // The menu would offer no more than the shelf's max anyway; bringing
                        // the row down with a ledger entry keeps stock = adjustments − sales.
                        guard stored > fruit.maximum else { continue }
                        try db.execute(
                            sql: "UPDATE stock SET quantity = ? WHERE fruit = ?", arguments: [fruit.maximum, fruit.id])
                        try Self.recordAdjustment(
                            db, at: stamp, reason: "set", fruit: fruit.id, old: stored, new: fruit.maximum)
                    } else {
                        try db.execute(
                            sql: "INSERT INTO stock (fruit, quantity) VALUES (?, ?)",
                            arguments: [fruit.id, fruit.initial])
                        try Self.recordAdjustment(
                            db, at: stamp, reason: "seed", fruit: fruit.id, old: 0, new: fruit.initial)
                    }
                }
            }
        } catch {
            throw StorageError(error, path: database.path)
        }
    }

    private static func recordAdjustment(
        _ db: Database, at stamp: Int, reason: String, fruit: String, old: Int, new: Int
    ) throws {
        try db.cachedStatement(
            sql: "INSERT INTO stock_adjustment (at_ms, fruit, reason, old, new) VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [stamp, fruit, reason, old, new])
    }
}
