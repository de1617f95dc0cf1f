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
    /// Each menu fruit's position by id, for a row that is not where the last one left off.
    private let positions: [String: Int]
    private let statements = ConnectionStatements<OrderStatements>()
    /// The fruits whose shelf max the database held differently from this kiosk's config
    /// when it opened; the config's max is stored now (the last kiosk to start sets them).
    public let shelfLimitChanges: [ShelfLimitChange]

    /// The statements every order runs, compiled once for the connection.
    private final class OrderStatements {
        let readStock: PreparedStatement
        let updateStock: PreparedStatement
        let insertSale: PreparedStatement
        let insertSaleFruit: PreparedStatement
        let insertAdjustment: PreparedStatement
        /// A statement that only begins a read: outside a transaction, stepping it makes the
        /// connection look at the file, so that its data version counts what others committed.
        let look: PreparedStatement
        /// The stock this connection read or committed last, and the data version it was
        /// the database's stock under (see ``SQLiteInventoryStore/stock()``). Used only
        /// inside the database's serialized access, as the statements are.
        var lastRead: (dataVersion: UInt32, stock: Inventory)?
        /// The ids orders bind, kept in place (see ``KeptText``) for as long as the
        /// statements: the menu's fruits and juices by position, any other id by id.
        private let fruitTexts: [KeptText]
        private let juiceTexts: [KeptText]
        private var otherTexts: [String: KeptText] = [:]

        /// Keeps `stock`, just committed, under the data version the commit left.
        func remember(_ stock: Inventory) {
            lastRead = look.dataVersion.map { ($0, stock) }
        }

        /// The kept text of fruit `id`, which the menu has at `position` (an ingredient's,
        /// a delta's).
        func kept(fruit id: String, at position: Int) -> KeptText {
            if fruitTexts.indices.contains(position), fruitTexts[position].text == id { return fruitTexts[position] }
            return kept(other: id)
        }

        /// The kept text of `juice`'s id.
        func kept(juice: Juice) -> KeptText {
            let position = juice.position
            if juiceTexts.indices.contains(position), juiceTexts[position].text == juice.id {
                return juiceTexts[position]
            }
            return kept(other: juice.id)
        }

        /// An id not where the menu has it (another menu's): kept by id, for as long as
        /// the statements, as those of the menu are.
        private func kept(other id: String) -> KeptText {
            if let kept = otherTexts[id] { return kept }
            let kept = KeptText(id)
            otherTexts[id] = kept
            return kept
        }

        /// Records a stock adjustment row.
        func recordAdjustment(at stamp: Int, reason: String, fruit: String, old: Int, new: Int) throws {
            try insertAdjustment.execute(stamp, fruit, reason, old, new)
        }

        static let insertAdjustmentSQL =
            "INSERT INTO stock_adjustment (at_ms, fruit, reason, old, new) VALUES (?, ?, ?, ?, ?)"

        init(_ db: Database, menu: Menu) throws {
            fruitTexts = menu.fruits.map { KeptText($0.id) }
            juiceTexts = menu.juices.map { KeptText($0.id) }
            readStock = try PreparedStatement("SELECT fruit, quantity, max FROM stock", in: db)
            updateStock = try PreparedStatement("UPDATE stock SET quantity = ? WHERE fruit = ?", in: db)
            insertSale = try PreparedStatement("INSERT INTO sale (at_ms, juice, count) VALUES (?, ?, ?)", in: db)
            insertSaleFruit = try PreparedStatement(
                "INSERT INTO sale_fruit (sale_id, fruit, amount) VALUES (?, ?, ?)", in: db)
            insertAdjustment = try PreparedStatement(Self.insertAdjustmentSQL, in: db)
            look = try PreparedStatement("PRAGMA data_version", in: db)
        }
    }

    /// Opens the stock, seeding it on first run: every fruit of the menu missing from the
    /// database gets its initial stock (recorded as a `seed` adjustment). Fruits the database
    /// holds but the menu no longer has are kept, and not offered. The menu's shelf limits
    /// are stored beside the stock (``shelfLimitChanges`` lists those that differed); a fruit
    /// holding more than its (lowered) max is set down to the max, recorded as a `set`
    /// adjustment.
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
        positions = Dictionary(menu.fruits.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        shelfLimitChanges = try Self.seed(database: database, menu: menu, at: KioskDatabase.milliseconds(now()))
    }

    /// The stock as the database holds it now.
    ///
    /// A stock read earlier is handed back while nothing can have changed it since: the
    /// main database's data version (SQLite's `SQLITE_FCNTL_DATA_VERSION`) changes with
    /// every commit to the file, this connection's or another's (once a read has begun and
    /// seen it). Beginning a read is one step of one statement; reading and checking every
    /// row costs more than that, for scripts that ask for the stock again and again.
    /// - Throws: ``StorageError`` when the stock cannot be read.
    public func stock() throws -> Inventory {
        try database.withStatements(statements, make: makeStatements) { statements in
            _ = try statements.look.firstInteger()
            return try current(with: statements)
        }
    }

    /// Compiles the order statements for `db`'s connection, with the menu's ids to bind.
    private func makeStatements(_ db: Database) throws -> OrderStatements {
        try OrderStatements(db, menu: menu)
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
        var statements: OrderStatements?
        // Stepped on this thread, without a hop onto GRDB's queue: every order comes here.
        return try database.immediateTransaction(
            with: self.statements, make: makeStatements,
            { orderStatements in
                statements = orderStatements
                // The stock is known inside the transaction on every change: read again unless
                // the last one this connection read or committed is provably still the
                // database's (see `current(with:)`); another connection or process may have
                // sold since.
                var inventory = try current(with: orderStatements)
                // The kept reading is let go while the change applies, so that the levels
                // change in place rather than in a copy made for every order; a refused
                // change leaves `inventory` as it was, and it is kept again.
                let version = orderStatements.lastRead?.dataVersion
                orderStatements.lastRead = nil
                let deltas: [StockDelta]
                do {
                    deltas = try inventory.apply(change)
                } catch {
                    if let version { orderStatements.lastRead = (version, inventory) }
                    throw error
                }
                for delta in deltas {
                    try orderStatements.updateStock.execute(
                        delta.new, orderStatements.kept(fruit: delta.fruit, at: delta.position))
                }
                switch change {
                case .order(let juice, let count):
                    try orderStatements.insertSale.execute(stamp, orderStatements.kept(juice: juice), count)
                    let sale = orderStatements.insertSale.lastInsertedRowID
                    for ingredient in juice.recipe.ingredients {
                        try orderStatements.insertSaleFruit.execute(
                            sale, orderStatements.kept(fruit: ingredient.fruit, at: ingredient.position),
                            ingredient.amount * count)
                    }
                case .orders(let lines, _):
                    // Several juices (and what was added for them): an `add` adjustment per
                    // fruit added, then a sale per juice, in this one transaction.
                    let commit = StockCommit(change: change, deltas: deltas, stock: inventory)
                    for added in commit.restocks {
                        try orderStatements.recordAdjustment(
                            at: stamp, reason: StockChange.Kind.add.rawValue, fruit: added.fruit, old: added.old,
                            new: added.new)
                    }
                    for line in lines {
                        try orderStatements.insertSale.execute(
                            stamp, orderStatements.kept(juice: line.juice), line.count)
                        let sale = orderStatements.insertSale.lastInsertedRowID
                        for ingredient in line.juice.recipe.ingredients {
                            try orderStatements.insertSaleFruit.execute(
                                sale, orderStatements.kept(fruit: ingredient.fruit, at: ingredient.position),
                                ingredient.amount * line.count)
                        }
                    }
                case .set, .add, .remove, .reset, .several:
                    for delta in deltas {
                        try orderStatements.recordAdjustment(
                            at: stamp, reason: change.kind.rawValue, fruit: delta.fruit, old: delta.old,
                            new: delta.new)
                    }
                }
                return StockCommit(change: change, deltas: deltas, stock: inventory)
            },
            afterCommit: { commit in
                // Only a committed change is the database's stock: a failed COMMIT leaves no
                // reading kept, so the next change reads.
                statements?.remember(commit.stock)
                announce(commit)
            })
    }

    /// The stock as of the connection's latest look at the file (its transaction's BEGIN,
    /// or the read ``stock()`` begins): the last one this connection read or committed when
    /// the data version is still the one it was kept under, or else read from the tables.
    private func current(with statements: OrderStatements) throws -> Inventory {
        let version = statements.look.dataVersion
        if let last = statements.lastRead, last.dataVersion == version {
            return last.stock
        }
        let stock = try read(with: statements)
        statements.lastRead = version.map { ($0, stock) }
        return stock
    }

    /// The stock and the shelf limits the database holds now, read row by row without making
    /// strings. A stock row of a fruit not on the menu is skipped. Every limit checked later
    /// is the one read here, not this kiosk's configuration: another kiosk may have set it.
    /// - Throws: ``StorageError/tamperedStock(path:fruit:column:value:maximum:)`` for a row
    ///   kiosk never writes (a level that is negative, not a whole number, NULL or above its
    ///   max; a max below 1; a menu fruit without a row), or the failure of the read.
    private func read(with statements: OrderStatements) throws -> Inventory {
        let fruits = menu.fruits
        var levels = [Int?](repeating: nil, count: fruits.count)
        var limits = [Int](repeating: 0, count: fruits.count)
        var tampered: StorageError?
        // Rows usually come back in the order they were seeded (rowid order), the menu's: each is looked
        // for first where the last one was found, so reading the stock is linear in the
        // number of fruits and makes no string; a row elsewhere is found by its id.
        var expected = 0
        try statements.readStock.forEachRow { row in
            guard tampered == nil else { return }
            guard row.isText(0) else {
                tampered = .tamperedStock(
                    path: database.path, fruit: row.describe(0), column: "fruit", value: row.describe(0), maximum: nil)
                return
            }
            let position: Int
            if expected < fruitIDs.count, row.text(0, equals: fruitIDs[expected]) {
                position = expected
            } else if let id = row.string(0), let found = positions[id] {
                position = found
            } else {
                return
            }
            expected = position + 1
            let fruit = fruits[position].id
            guard row.isInteger(2), row.integer(2) >= 1 else {
                tampered = .tamperedStock(
                    path: database.path, fruit: fruit, column: "max", value: row.describe(2), maximum: nil)
                return
            }
            let maximum = row.integer(2)
            guard row.isInteger(1), (0...maximum).contains(row.integer(1)) else {
                tampered = .tamperedStock(
                    path: database.path, fruit: fruit, column: "quantity", value: row.describe(1), maximum: maximum)
                return
            }
            levels[position] = row.integer(1)
            limits[position] = maximum
        }
        if let tampered { throw tampered }
        var counts: [Int] = []
        counts.reserveCapacity(fruits.count)
        for (position, level) in levels.enumerated() {
            guard let level else {
                throw StorageError.tamperedStock(
                    path: database.path, fruit: fruits[position].id, column: "quantity", value: "no row", maximum: nil)
            }
            counts.append(level)
        }
        // Most of the time the stored limits are this kiosk's own: no new fruits to build.
        let shelves =
            zip(fruits, limits).allSatisfy { $0.maximum == $1 }
            ? fruits : zip(fruits, limits).map { $0.holding($1) }
        return Inventory(fruits: shelves, levels: counts)
    }

    /// Seeds missing fruits and stores this kiosk's shelf limits: the last kiosk to start sets
    /// the shelves for every kiosk on the database. A level above a lowered max is set down
    /// to it, recorded as a `set` adjustment.
    /// - Returns: the fruits whose stored max differed from the configured one.
    private static func seed(database: KioskDatabase, menu: Menu, at stamp: Int) throws(StorageError)
        -> [ShelfLimitChange]
    {
        do {
            return try database.immediateTransaction { db in
                var changes: [ShelfLimitChange] = []
                for fruit in menu.fruits {
                    guard
                        let row = try Row.fetchOne(
                            db, sql: "SELECT quantity, max FROM stock WHERE fruit = ?", arguments: [fruit.id])
                    else {
                        try db.execute(
                            sql: "INSERT INTO stock (fruit, quantity, max) VALUES (?, ?, ?)",
                            arguments: [fruit.id, fruit.initial, fruit.maximum])
                        try Self.recordAdjustment(
                            db, at: stamp, reason: "seed", fruit: fruit.id, old: 0, new: fruit.initial)
                        continue
                    }
                    // A database from before shelf limits were stored has no max yet.
                    let storedMaximum: Int?
                    switch row[1] as DatabaseValue {
                    case let value where value.isNull: storedMaximum = nil
                    case let value:
                        guard case .int64(let stored) = value.storage, stored >= 1 else {
                            throw StorageError.tamperedStock(
                                path: database.path, fruit: fruit.id, column: "max", value: Self.describe(value),
                                maximum: nil)
                        }
                        storedMaximum = Int(stored)
                    }
                    let value: DatabaseValue = row[0]
                    guard case .int64(let level) = value.storage, level >= 0, level <= (storedMaximum ?? .max) else {
                        throw StorageError.tamperedStock(
                            path: database.path, fruit: fruit.id, column: "quantity", value: Self.describe(value),
                            maximum: storedMaximum)
                    }
                    let stored = Int(level)
                    if let storedMaximum, storedMaximum != fruit.maximum {
                        changes.append(
                            ShelfLimitChange(
                                fruit: fruit.id, stored: storedMaximum, configured: fruit.maximum,
                                loweredFrom: stored > fruit.maximum ? stored : nil))
                    }
                    if storedMaximum != fruit.maximum {
                        try db.execute(
                            sql: "UPDATE stock SET max = ? WHERE fruit = ?", arguments: [fruit.maximum, fruit.id])
                    }
                    // Bringing the level down to the new max with a ledger entry keeps
                    // stock = adjustments − sales.
                    if stored > fruit.maximum {
                        try db.execute(
                            sql: "UPDATE stock SET quantity = ? WHERE fruit = ?", arguments: [fruit.maximum, fruit.id])
                        try Self.recordAdjustment(
                            db, at: stamp, reason: "set", fruit: fruit.id, old: stored, new: fruit.maximum)
                    }
                }
                return changes
            }
        } catch {
            throw StorageError(error, path: database.path)
        }
    }

    /// A stored value as SQL shows it: `-5`, `2.5`, `'ten'`, `NULL`.
    private static func describe(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): "'" + text + "'"
        case .blob(let bytes): "a blob of \(bytes.count) bytes"
        }
    }

    private static func recordAdjustment(
        _ db: Database, at stamp: Int, reason: String, fruit: String, old: Int, new: Int
    ) throws {
        try db.cachedStatement(sql: OrderStatements.insertAdjustmentSQL).execute(arguments: [
            stamp, fruit, reason, old, new,
        ])
    }
}
