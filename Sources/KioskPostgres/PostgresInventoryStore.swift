import Foundation
import JuiceMaker
import KioskCore
import Synchronization

/// The stock on PostgreSQL, shared by every kiosk that uses the database.
///
/// A change is one call of the server's `kiosk_change` (one message, one statement, its own
/// transaction): it locks the rows of the fruits it touches in fruit id order (so two kiosks
/// never wait on each other in a circle), checks the ``Inventory`` rule's bounds on the levels
/// and shelf limits it read there, and writes the new levels, the sale or adjustment rows and
/// a `NOTIFY`; a refusal comes back with the rows, on which the rule itself words it.
/// `CHECK (quantity >= 0)` backs the rule up. Kiosks on other machines therefore never
/// oversell and never lose an update, and a row lock lives for one statement.
///
/// Changes other kiosks make reach this one through ``StockListener``, which calls
/// ``receive(_:)``; they are announced with the handler ``announceChangesElsewhere(with:)`` sets.
///
/// ```swift
/// let store = try PostgresInventoryStore(database: database, menu: menu)
/// try store.commit(.order(juice: banana, count: 2)) { commit in /* after COMMIT */ }
/// ```
public final class PostgresInventoryStore: InventoryStore {
    /// The channel every kiosk's order transaction notifies and every listener listens on.
    public static let channel = "kiosk_stock"

    let database: PostgresDatabase
    let menu: Menu
    let positions: [String: Int]
    /// The menu's fruit ids in menu order, as every change's parameters name them.
    private let fruitIDs: [String]
    /// The stock as this kiosk last saw it, with each row's revision; locked while a commit
    /// is announced, so this kiosk's changes and other kiosks' leave in the order seen.
    let observed: Mutex<Observed>
    let storedLimitChanges = Mutex<[ShelfLimitChange]>([])

    /// The shelves whose max the database held differently from this kiosk's menu when it
    /// opened the stock; the menu's max is stored from then on.
    public var shelfLimitChanges: [ShelfLimitChange] { storedLimitChanges.withLock { $0 } }

    struct Observed {
        var stock: Inventory
        var revisions: [Int64]
        var elsewhere: (@Sendable (StockCommit) -> Void)?
    }

    /// One stock row as read inside a transaction.
    struct Row {
        let position: Int
        let quantity: Int
        let maximum: Int
        let revision: Int64
    }

    /// Opens the stock, seeding it on first use: a fruit of the menu without a row gets its
    /// initial stock (a `seed` adjustment). A fruit whose stored shelf limit differs from the
    /// menu's takes the menu's (the last kiosk to start sets the shelves; a `shelf_change`
    /// row records it), and stock above a lowered limit is set down to it (a `set` adjustment).
    /// - Throws: ``PostgresError`` when the stock cannot be read or seeded.
    public init(database: PostgresDatabase, menu: Menu) throws(PostgresError) {
        self.database = database
        self.menu = menu
        positions = Dictionary(
            menu.fruits.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        fruitIDs = menu.fruits.map(\.id)
        observed = Mutex(
            Observed(stock: menu.initialStock, revisions: Array(repeating: -1, count: menu.fruits.count)))
        do {
            try seed()
        } catch {
            throw Self.storageError(error, server: database.target.description)
        }
    }

    /// The stock as this kiosk last saw it (read or written at start, then by its commits).
    public var seenStock: Inventory { observed.withLock { $0.stock } }

    /// Sets what announces the changes other kiosks make; ``StockListener`` delivers them.
    public func announceChangesElsewhere(with handler: @escaping @Sendable (StockCommit) -> Void) {
        observed.withLock { $0.elsewhere = handler }
    }

    /// The stock as the database holds it now.
    /// - Throws: ``PostgresError`` when it cannot be read.
    public func stock() throws -> Inventory {
        try database.withConnection(retrying: true) { connection in
            try inventory(rows(read(connection, locking: []), complete: true))
        }
    }

    /// Applies `change` with one call of `kiosk_change` (see
    /// ``PostgresSchema/durabilityFunction``), under an id made here, then calls `announce`
    /// once it committed: one round trip and one commit. At the prompt
    /// (``PostgresDatabase/defersDurability`` false) that commit is as durable as the
    /// session's `synchronous_commit` makes it; a script's commits skip the wait for the disk
    /// and are kept for the one barrier of ``PostgresDatabase/settle()``. When the connection
    /// is lost before the answer comes, the same call goes again, with the same id, once a
    /// connection stands again within the reconnect window: a change the server had made is
    /// found by its id and reported, not made twice. An order of one juice goes first as
    /// ``PostgresSchema/orderCall(deferred:)``, the same change in one plain statement.
    /// - Throws: the ``JuiceError`` the inventory refuses the change with (nothing is
    ///   written), or a ``PostgresError`` (nothing written; unknown for `outcomeUnknown`).
    public func commit(_ change: StockChange, announce: (StockCommit) -> Void) throws -> StockCommit {
        guard let plan = PostgresChangePlan(change, menu: menu, positions: positions) else {
            return try commitInTransaction(change, announce: announce)
        }
        // Decided once per change, from the durability the caller set, never by asking the server.
        let deferred = database.defersDurability
        let id = UUID()
        // An order of one juice goes first as one plain statement, which costs the server less
        // than the plpgsql function; sent again, it is `kiosk_change`, which looks for its id.
        // Its parameters are built only then, or to be kept for the barrier of a script.
        var order = plan.orderParameters(id: id, kiosk: database.kioskID, menu: fruitIDs)
        var built: [String?]?
        func parameters() -> [String?] {
            if let built { return built }
            let made = plan.parameters(
                id: id, kiosk: database.kioskID, kind: change.kind, menu: fruitIDs, deferred: deferred)
            built = made
            return made
        }
        let made = try database.withConnection(retrying: true) { connection -> StockCommit? in
            let result: PostgresResult
            do {
                if let first = order {
                    order = nil
                    let call = PostgresSchema.orderCall(deferred: deferred)
                    result = try connection.execute(prepared: call.name, call.sql, first)
                } else {
                    result = try connection.execute(prepared: "change", PostgresSchema.changeCall, parameters())
                }
                let outcome = result.text(0, 4)
                if deferred, outcome != "refused" {
                    // Its commit did not wait for the disk: the barrier comes once, before the
                    // output that reports this change (``PostgresDatabase/settle()``).
                    database.keepUnsettled(parameters(), answer: result)
                } else if outcome == "replayed" {
                    // Sent again after a lost connection and found: the first attempt may have
                    // been cut off while its commit waited for the synchronous standby, so a
                    // barrier behind it waits for that before the change is reported made.
                    try connection.execute(prepared: "barrier", PostgresSchema.commitBarrier, [database.kioskID])
                }
            } catch PostgresError.unanswered(_, let waited) {
                // Sent, unanswered: the server may commit it yet. Not sent again: a backend that
                // resumes would run it alongside, and a level could move twice.
                throw database.outcomeUnknown(unanswered: waited)
            }
            let rows = try rows(result, complete: true)
            guard let outcome = result.text(0, 4), outcome != "refused" else {
                // The rule words the refusal from the rows the server read under its locks.
                var inventory = inventory(rows)
                _ = try inventory.apply(change)
                // The server refused what the rule allows: a transaction of kiosk's decides.
                return nil
            }
            let commit = StockCommit(change: change, deltas: deltas(in: result, of: change), stock: inventory(rows))
            observed.withLock { observed in
                observed.stock = commit.stock
                for delta in commit.deltas {
                    guard let row = rows.first(where: { menu.fruits[$0.position].id == delta.fruit }) else { continue }
                    observed.revisions[row.position] = max(observed.revisions[row.position], row.revision)
                }
                announce(commit)
            }
            return commit
        }
        if let made { return made }
        return try commitInTransaction(change, announce: announce)
    }

    /// Applies `change` in one transaction of several statements (see the type's
    /// description): for a change ``PostgresChangePlan`` cannot express, which the rule
    /// refuses, and for one the server refused but the rule allows.
    private func commitInTransaction(
        _ change: StockChange, announce: (StockCommit) -> Void
    ) throws -> StockCommit {
        let locking = fruitsToLock(for: change)
        let result = try database.transaction(
            { connection in
                let rows = try rows(read(connection, locking: locking), complete: true)
                var inventory = inventory(rows)
                let deltas = try inventory.apply(change)
                var revisions: [(position: Int, revision: Int64)] = []
                if !deltas.isEmpty {
                    for delta in deltas {
                        let position = positions[delta.fruit] ?? -1
                        let stored = rows.first { $0.position == position }?.revision ?? 0
                        revisions.append((position, stored + 1))
                    }
                    try write(change, deltas: deltas, revisions: revisions.map(\.revision), on: connection)
                }
                if case .orders(let lines, _) = change {
                    try writeSales(
                        lines, restocks: StockCommit(change: change, deltas: deltas, stock: inventory).restocks,
                        on: connection)
                }
                return (StockCommit(change: change, deltas: deltas, stock: inventory), revisions)
            },
            afterCommit: { (commit: StockCommit, revisions: [(position: Int, revision: Int64)]) in
                observed.withLock { observed in
                    observed.stock = commit.stock
                    for (position, revision) in revisions where observed.revisions.indices.contains(position) {
                        observed.revisions[position] = max(observed.revisions[position], revision)
                    }
                    announce(commit)
                }
            })
        return result.0
    }

    /// Announces what a notification of another kiosk's commit says: each fruit whose
    /// revision is newer than the one this kiosk saw, from the level it saw to the new one.
    /// Notifications this kiosk sent are skipped.
    func receive(_ payload: String) {
        var lines = payload.split(separator: "\n")
        guard let sender = lines.first, sender != database.kioskID else { return }
        lines.removeFirst()
        var updates: [(position: Int, level: Int, revision: Int64)] = []
        for line in lines {
            let fields = line.split(separator: " ")
            guard fields.count == 4, let position = positions[String(fields[0])], let level = Int(fields[2]),
                let revision = Int64(fields[3])
            else { continue }
            updates.append((position, level, revision))
        }
        announceElsewhere(updates)
    }

    /// Reads the whole stock on `connection` (a listener's, after it connected again:
    /// notifications sent meanwhile were lost) and announces what changed since last seen.
    func catchUp(on connection: PostgresConnection) throws(PostgresError) {
        let rows = try rows(read(connection, locking: []), complete: true)
        announceElsewhere(rows.map { ($0.position, $0.quantity, $0.revision) })
    }

    private func announceElsewhere(_ updates: [(position: Int, level: Int, revision: Int64)]) {
        observed.withLock { observed in
            var levels = menu.fruits.map { observed.stock[$0] }
            var deltas: [StockDelta] = []
            for update in updates.sorted(by: { $0.position < $1.position })
            where observed.revisions.indices.contains(update.position)
                && update.revision > observed.revisions[update.position]
            {
                observed.revisions[update.position] = update.revision
                let old = levels[update.position]
                guard old != update.level else { continue }
                levels[update.position] = update.level
                deltas.append(
                    StockDelta(
                        fruit: menu.fruits[update.position].id, old: old, new: update.level, position: update.position))
            }
            guard !deltas.isEmpty else { return }
            let stock = Inventory(fruits: observed.stock.fruits, clamping: levels)
            observed.stock = stock
            observed.elsewhere?(StockCommit(change: .reset(to: stock), deltas: deltas, stock: stock))
        }
    }

    // MARK: - Reading and writing

    /// The fruits whose rows `change` locks, in fixed (id) order.
    private func fruitsToLock(for change: StockChange) -> [String] {
        let fruits: [String] =
            switch change {
            case .order(let juice, _): juice.recipe.ingredients.map(\.fruit)
            case .set(let fruit, _), .add(let fruit, _), .remove(let fruit, _): [fruit.id]
            case .reset: menu.fruits.map(\.id)
            case .several(_, let edits): Array(Set(edits.map(\.fruit.id)))
            case .orders(let lines, let restock):
                Array(Set(lines.flatMap { $0.juice.recipe.ingredients.map(\.fruit) } + restock.map(\.fruit.id)))
            }
        return fruits.sorted()
    }

    /// Every stock row: those of `locking` locked FOR UPDATE, in id order, and read at their
    /// latest committed value; the others as the statement found them.
    func read(_ connection: PostgresConnection, locking: [String]) throws(PostgresError) -> PostgresResult {
        try connection.execute(
            prepared: "read_stock",
            """
            WITH locked AS (
                SELECT fruit, quantity, maximum, revision FROM stock
                WHERE fruit = ANY($1::text[]) ORDER BY fruit FOR UPDATE
            )
            SELECT fruit, quantity, maximum, revision FROM locked
            UNION ALL
            SELECT fruit, quantity, maximum, revision FROM stock WHERE NOT (fruit = ANY($1::text[]))
            """,
            [PostgresArray.text(locking)])
    }

    /// The menu's rows among `result`'s; rows of fruits not on the menu are skipped.
    /// - Parameter complete: whether every fruit of the menu must have a row (true once the
    ///   stock is seeded).
    /// - Throws: ``PostgresError/tamperedStock(server:fruit:column:value:maximum:)`` for a row
    ///   kiosk never writes, as the SQLite store refuses it: a max that is NULL or below 1, a
    ///   level that is NULL or outside 0 through its max, a NULL revision, or (when
    ///   `complete`) a menu fruit without a row.
    func rows(_ result: PostgresResult, complete: Bool) throws(PostgresError) -> [Row] {
        let server = database.target.description
        var rows: [Row] = []
        var seen = [Bool](repeating: false, count: menu.fruits.count)
        for index in 0..<result.rowCount {
            guard let fruit = result.text(index, 0), let position = positions[fruit] else { continue }
            guard let maximum = result.integer(index, 2), maximum >= 1 else {
                throw .tamperedStock(
                    server: server, fruit: fruit, column: "maximum", value: Self.shown(result, index, 2), maximum: nil)
            }
            guard let quantity = result.integer(index, 1), (0...maximum).contains(quantity) else {
                throw .tamperedStock(
                    server: server, fruit: fruit, column: "quantity", value: Self.shown(result, index, 1),
                    maximum: maximum)
            }
            guard let revision = result.integer(index, 3) else {
                throw .tamperedStock(
                    server: server, fruit: fruit, column: "revision", value: Self.shown(result, index, 3), maximum: nil)
            }
            seen[position] = true
            rows.append(Row(position: position, quantity: quantity, maximum: maximum, revision: Int64(revision)))
        }
        if complete, let missing = seen.firstIndex(of: false) {
            throw .tamperedStock(
                server: server, fruit: menu.fruits[missing].id, column: "quantity", value: "no row", maximum: nil)
        }
        return rows
    }

    /// A stored cell as SQL shows it: `-5`, `NULL`.
    private static func shown(_ result: PostgresResult, _ row: Int, _ column: Int) -> String {
        result.text(row, column) ?? "NULL"
    }

    /// The inventory `rows` hold, checked against the shelf limits stored beside the stock;
    /// a fruit without a row starts at its initial stock and configured limit.
    func inventory(_ rows: [Row]) -> Inventory {
        var fruits = menu.fruits
        var levels = menu.fruits.map(\.initial)
        for row in rows {
            fruits[row.position] = fruits[row.position].holding(row.maximum)
            levels[row.position] = row.quantity
        }
        return Inventory(fruits: fruits, clamping: levels)
    }

    private func write(
        _ change: StockChange, deltas: [StockDelta], revisions: [Int64], on connection: PostgresConnection
    ) throws(PostgresError) {
        let fruits = PostgresArray.text(deltas.map(\.fruit))
        let levels = PostgresArray.integers(deltas.map(\.new))
        var notice = database.kioskID
        for (delta, revision) in zip(deltas, revisions) {
            notice += "\n\(delta.fruit) \(delta.old) \(delta.new) \(revision)"
        }
        switch change {
        case .order(let juice, let count):
            try connection.execute(
                prepared: "write_order",
                """
                WITH levels AS (
                    UPDATE stock SET quantity = v.quantity, revision = stock.revision + 1
                    FROM unnest($1::text[], $2::bigint[]) AS v(fruit, quantity) WHERE stock.fruit = v.fruit
                ), sold AS (
                    INSERT INTO sale (kiosk, juice, count) VALUES ($3, $4, $5) RETURNING id
                ), used AS (
                    INSERT INTO sale_fruit (sale_id, fruit, amount)
                    SELECT sold.id, u.fruit, u.amount FROM sold, unnest($1::text[], $6::bigint[]) AS u(fruit, amount)
                )
                SELECT pg_notify('\(Self.channel)', $7)
                """,
                [
                    fruits, levels, database.kioskID, juice.id, String(count),
                    PostgresArray.integers(deltas.map { $0.old - $0.new }), notice,
                ])
        case .orders:
            // The levels and the notice here; the sales and additions in `writeSales`, in
            // the same transaction.
            try connection.execute(
                prepared: "write_levels",
                """
                WITH levels AS (
                    UPDATE stock SET quantity = v.quantity, revision = stock.revision + 1
                    FROM unnest($1::text[], $2::bigint[]) AS v(fruit, quantity) WHERE stock.fruit = v.fruit
                )
                SELECT pg_notify('\(Self.channel)', $3)
                """,
                [fruits, levels, notice])
        case .set, .add, .remove, .reset, .several:
            try connection.execute(
                prepared: "write_adjustment",
                """
                WITH levels AS (
                    UPDATE stock SET quantity = v.quantity, revision = stock.revision + 1
                    FROM unnest($1::text[], $2::bigint[]) AS v(fruit, quantity) WHERE stock.fruit = v.fruit
                ), adjusted AS (
                    INSERT INTO stock_adjustment (kiosk, fruit, reason, old, new)
                    SELECT $3, a.fruit, $4, a.old, a.new FROM unnest($1::text[], $5::bigint[], $2::bigint[]) AS a(fruit, old, new)
                )
                SELECT pg_notify('\(Self.channel)', $6)
                """,
                [
                    fruits, levels, database.kioskID, change.kind.rawValue,
                    PostgresArray.integers(deltas.map(\.old)), notice,
                ])
        }
    }

    /// An order of several juices: an `add` adjustment per fruit added for it, then a sale
    /// (with the fruit it used) per juice, one statement each, inside the order's transaction.
    private func writeSales(
        _ lines: [OrderLine], restocks: [StockDelta], on connection: PostgresConnection
    ) throws(PostgresError) {
        if !restocks.isEmpty {
            try connection.execute(
                prepared: "write_restock",
                """
                INSERT INTO stock_adjustment (kiosk, fruit, reason, old, new)
                SELECT $1, a.fruit, 'add', a.old, a.new FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS a(fruit, old, new)
                """,
                [
                    database.kioskID, PostgresArray.text(restocks.map(\.fruit)),
                    PostgresArray.integers(restocks.map(\.old)), PostgresArray.integers(restocks.map(\.new)),
                ])
        }
        for line in lines {
            let ingredients = line.juice.recipe.ingredients
            try connection.execute(
                prepared: "write_sale",
                """
                WITH sold AS (
                    INSERT INTO sale (kiosk, juice, count) VALUES ($1, $2, $3) RETURNING id
                )
                INSERT INTO sale_fruit (sale_id, fruit, amount)
                SELECT sold.id, u.fruit, u.amount FROM sold, unnest($4::text[], $5::bigint[]) AS u(fruit, amount)
                """,
                [
                    database.kioskID, line.juice.id, String(line.count), PostgresArray.text(ingredients.map(\.fruit)),
                    PostgresArray.integers(ingredients.map { $0.amount * line.count }),
                ])
        }
    }

    /// `error` as a ``PostgresError``.
    static func storageError(_ error: any Error, server: String) -> PostgresError {
        if let error = error as? PostgresError { return error }
        return .server(server: server, state: "", message: String(describing: error))
    }
}
