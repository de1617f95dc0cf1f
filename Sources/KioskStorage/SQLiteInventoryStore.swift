import Foundation
import GRDB
import JuiceMaker
import KioskCore

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
    /// Each menu fruit's id in UTF-8, in menu order, to find a stock row's fruit without
    /// making a string of it.
    private let fruitIDs: [[UInt8]]
    private let statements = ConnectionStatements<OrderStatements>()

    /// The statements every order runs, compiled once for the connection.
    private final class OrderStatements {
        let readStock: PreparedStatement
        let updateStock: PreparedStatement
        let insertSale: PreparedStatement
        let insertSaleFruit: PreparedStatement

        init(_ db: Database) throws {
            readStock = try PreparedStatement("SELECT fruit, quantity FROM stock", in: db)
            updateStock = try PreparedStatement("UPDATE stock SET quantity = ? WHERE fruit = ?", in: db)
            insertSale = try PreparedStatement("INSERT INTO sale (at_ms, juice, count) VALUES (?, ?, ?)", in: db)
            insertSaleFruit = try PreparedStatement(
                "INSERT INTO sale_fruit (sale_id, fruit, amount) VALUES (?, ?, ?)", in: db)
        }
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
        fruitIDs = menu.fruits.map { Array($0.id.utf8) }
        try seed()
    }

    /// The stock as the database holds it now.
    /// - Throws: ``StorageError`` when the stock cannot be read.
    public func stock() throws -> Inventory {
        try database.onConnection { db in try self.read(db) }
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
        return try database.immediateTransaction(
            { db in
                let statements = try statements.get(db, make: OrderStatements.init)
                // The stock is read inside the transaction on every change, never kept
                // between them: another connection or process may have sold since.
                var inventory = try read(db, with: statements)
                let deltas = try inventory.apply(change)
                for delta in deltas {
                    try statements.updateStock.execute(delta.new, delta.fruit)
                }
                switch change {
                case .order(let juice, let count):
                    try statements.insertSale.execute(stamp, juice.id, count)
                    let sale = statements.insertSale.lastInsertedRowID
                    for ingredient in juice.recipe.ingredients {
                        try statements.insertSaleFruit.execute(sale, ingredient.fruit, ingredient.amount * count)
                    }
                case .set, .add, .remove, .reset, .several:
                    for delta in deltas {
                        try Self.recordAdjustment(
                            db, at: stamp, reason: change.kind.rawValue, fruit: delta.fruit, old: delta.old,
                            new: delta.new)
                    }
                }
                return StockCommit(change: change, deltas: deltas, stock: inventory)
            },
            afterCommit: announce)
    }

    /// The stock the database holds now.
    private func read(_ db: Database) throws -> Inventory {
        try read(db, with: statements.get(db, make: OrderStatements.init))
    }

    /// The stock the database holds now, read row by row without making strings: a stock
    /// row of a fruit not on the menu is skipped, a fruit without a row (or with a NULL
    /// level) starts at its initial stock, as ``Menu/stock(levels:)`` says.
    /// - Throws: ``StorageError`` for a row a hand-edited database broke, or the failure of the read.
    private func read(_ db: Database, with statements: OrderStatements) throws -> Inventory {
        let fruits = menu.fruits
        var levels = fruits.map(\.initial)
        var unusual = false
        try statements.readStock.forEachRow { row in
            guard row.isText(0), row.isInteger(1) || row.isNull(1) else {
                unusual = true
                return
            }
            guard let position = fruitIDs.firstIndex(where: { row.text(0, equals: $0) }) else { return }
            levels[position] = row.isNull(1) ? fruits[position].initial : row.integer(1)
        }
        // A NULL fruit or a level that is not an integer: GRDB's decoding says what is wrong.
        if unusual { return try decodedStock(db) }
        return Inventory(fruits: fruits, clamping: levels)
    }

    /// The stock read through GRDB's row decoding, which throws on a NULL or mistyped value.
    private func decodedStock(_ db: Database) throws -> Inventory {
        var levels: [String: Int] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT fruit, quantity FROM stock")
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
