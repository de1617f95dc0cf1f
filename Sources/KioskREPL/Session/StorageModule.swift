import Bank
import Foundation
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage
import Synchronization

/// The database as the session sees it, opened from the options: the stores of the shop,
/// and the log the bank records its sessions in (from a thread of its own, so a slow disk
/// never holds up the bank).
///
/// With `--database` (or `$KIOSK_DATABASE`) the stores are on a PostgreSQL server that other
/// kiosks share, connected at once, and a listener announces their stock changes here.
/// A database on disk is opened (and migrated, and its stock seeded) at once, so a data
/// directory that cannot be used stops kiosk before the first line runs. `--in-memory`
/// has nothing that can fail that way, so its database is opened by the first line that
/// reads or writes it: `-c help` never builds one.
struct StorageModule: Sendable {
    /// The stock, on the database.
    let inventory: any InventoryStore
    /// The shop's sales, for `sales`.
    let ledger: any SalesLedger
    /// Where the bank stores its sessions, for `bank history`.
    let sessions: any BankSessionLog
    /// The stock when the session starts, when known without reading the database: a fresh
    /// database in memory holds the menu's initial stock, which seeding just wrote.
    let startingStock: Inventory?
    /// The shelves whose max the database held differently from this config at start.
    let shelfLimitChanges: [ShelfLimitChange]
    /// The shared database in use, without its password; nil for SQLite.
    let sharedDatabase: String?
    private let sharedStock: PostgresInventoryStore?
    private let database: PostgresDatabase?
    private let listener: StockListener?
    private let stores: DeferredStores

    /// - Throws: ``StorageError`` when the database on disk cannot be opened; ``UsageError``
    ///   when the PostgreSQL database given is neither a URL nor a conninfo.
    init(menu: Menu, options: SessionOptions) throws {
        let stores: DeferredStores
        if let shared = options.sharedDatabase {
            // A server that cannot be reached stops kiosk before the first line runs.
            var target = try Self.target(shared, options: options)
            target.reconnectWindow = options.postgresReconnectWindow
            let database = try PostgresDatabase.open(target)
            let inventory = try PostgresInventoryStore(database: database, menu: menu)
            let sessions = PostgresBankSessionLog(database: database)
            try sessions.closeInterruptedSessions()
            let open = OpenStores(
                inventory: inventory,
                ledger: PostgresSalesLedger(database: database, fruitOrder: menu.fruits.map(\.id)),
                sessions: sessions, shelfLimitChanges: inventory.shelfLimitChanges)
            stores = DeferredStores { () throws(StorageError) in open }
            shelfLimitChanges = try stores.get().shelfLimitChanges
            sharedDatabase = database.target.description
            sharedStock = inventory
            self.database = database
            listener = StockListener(database: database, store: inventory)
            // Read (or written) by the seeding just now: the fruit store need not read it again.
            startingStock = inventory.seenStock
        } else {
            let location: KioskDatabase.Location
            if options.inMemory {
                location = .memory
            } else {
                location = .directory(
                    try DataDirectory.resolve(explicit: options.dataDirectory, environment: options.environment))
            }
            let durability: KioskDatabase.Durability = options.fullDurability ? .full : .normal
            stores = DeferredStores { () throws(StorageError) in
                try OpenStores(location: location, menu: menu, durability: durability)
            }
            if location != .memory {
                shelfLimitChanges = try stores.get().shelfLimitChanges
            } else {
                // A new database in memory holds this config's limits and nothing else.
                shelfLimitChanges = []
            }
            sharedDatabase = nil
            sharedStock = nil
            database = nil
            listener = nil
            startingStock = location == .memory ? menu.initialStock : nil
        }
        self.stores = stores
        inventory = DeferredInventoryStore(stores: stores)
        ledger = DeferredSalesLedger(stores: stores)
        sessions = DeferredBankSessionLog(stores: stores)
    }

    /// Announces, through `fruitStore`, the stock changes other kiosks sharing the database
    /// make, once ``listenToOtherKiosks()`` started listening; does nothing on SQLite.
    func announceChangesElsewhere(through fruitStore: FruitStore) {
        sharedStock?.announceChangesElsewhere(with: fruitStore.announceElsewhere)
    }

    /// Starts listening to the other kiosks sharing the database, on a connection of its own
    /// (the prompt's notices); a script, which reads no notice, never makes that connection.
    func listenToOtherKiosks() {
        listener?.start()
    }

    /// Holds `stream` (standard output) back until the changes it reports are durable on the
    /// shared database: when it is not a terminal, each change commits without waiting for
    /// the disk, and one barrier before each write covers every change since the last (a
    /// script's batch of orders waits for the disk once). `failed` says why when they cannot
    /// be confirmed; their output is then dropped. Nothing on SQLite, nor on a terminal,
    /// where each change commits durably itself before its result is shown.
    func settleBeforeWriting(_ stream: StandardStream, failed: @escaping @Sendable (any Error) -> Void) {
        guard let database, !stream.isTerminal else { return }
        database.defersDurability = true
        stream.writeOnlyWhen {
            do {
                try database.settle()
                return true
            } catch {
                // Said already, with its line, by the command that gave the server up.
                if !database.outcomeReported { failed(error) }
                return false
            }
        }
    }

    /// The PostgreSQL database `shared` names.
    /// - Throws: ``UsageError`` when libpq cannot read it (mistyped, not unreachable: the
    ///   user's to correct, as any bad flag value); ``PostgresError`` when libpq cannot be loaded.
    private static func target(_ shared: String, options: SessionOptions) throws -> PostgresTarget {
        do {
            return try PostgresTarget(shared, clientLibrary: options.postgresClientLibrary)
        } catch {
            guard case .unparsable(let given, let reason) = error else { throw error }
            let source = options.database?.isEmpty == false ? "--database" : "KIOSK_DATABASE"
            throw UsageError(.unparsableDatabase(source: source, given: given, reason: reason))
        }
    }

    /// Sets what hears that a command lost the shared database and connects again; nothing
    /// on SQLite.
    func observeReconnects(_ handler: @escaping @Sendable (PostgresReconnect) -> Void) {
        database?.observeReconnects(with: handler)
    }

    /// Stops listening to the other kiosks. The bank has stored its sessions by then
    /// (``Bank/sessionsRecorded()``).
    func close() {
        listener?.stop()
        stores.closeDatabase()
    }
}

/// The adapters of the ports, on one open database: SQLite's, or PostgreSQL's.
///
/// A class, so that every use (each order takes the inventory) copies one reference out of
/// ``DeferredStores`` rather than the three stores.
private final class OpenStores: Sendable {
    let inventory: any InventoryStore
    let ledger: any SalesLedger
    let sessions: any BankSessionLog
    /// The shelves whose max the database held differently from this config at start.
    let shelfLimitChanges: [ShelfLimitChange]
    /// The SQLite database the stores use; nil for PostgreSQL's.
    let sqlite: KioskDatabase?

    init(
        inventory: any InventoryStore, ledger: any SalesLedger, sessions: any BankSessionLog,
        shelfLimitChanges: [ShelfLimitChange]
    ) {
        self.inventory = inventory
        self.ledger = ledger
        self.sessions = sessions
        self.shelfLimitChanges = shelfLimitChanges
        sqlite = nil
    }

    /// Opens, migrates and seeds the database at `location`.
    init(location: KioskDatabase.Location, menu: Menu, durability: KioskDatabase.Durability) throws(StorageError) {
        let database = try KioskDatabase.open(location, durability: durability)
        // The database is the source of truth, also with --in-memory (an in-memory SQLite
        // database), so every run takes the same code path.
        let inventory = try SQLiteInventoryStore(database: database, menu: menu)
        self.inventory = inventory
        shelfLimitChanges = inventory.shelfLimitChanges
        ledger = SQLiteSalesLedger(database: database, fruitOrder: menu.fruits.map(\.id))
        let sessions = SQLiteBankSessionLog(database: database)
        self.sessions = sessions
        sqlite = database
        try sessions.closeInterruptedSessions()
    }
}

/// The stores, opened by the first caller that needs them; every later caller gets the same
/// stores, or the same error.
private final class DeferredStores: Sendable {
    private let open: @Sendable () throws(StorageError) -> OpenStores
    // Held while opening, so two first uses at once open one database. The result it keeps
    // is never replaced: it keeps the stores alive for `opened`.
    private let state = Mutex<Result<OpenStores, StorageError>?>(nil)
    /// The address of the stores once opened (0 before), read without the lock or a copy of
    /// the result: every order takes the inventory from here. Not an `AtomicLazyReference`,
    /// whose `load()` runs unspecialised, looking up generic metadata on every order.
    private let opened = Atomic<UInt>(0)

    init(open: @escaping @Sendable () throws(StorageError) -> OpenStores) {
        self.open = open
    }

    /// The stores, opening them if no one has yet.
    /// - Throws: the ``StorageError`` opening them failed with.
    func get() throws(StorageError) -> OpenStores {
        if let address = UnsafeRawPointer(bitPattern: opened.load(ordering: .acquiring)) {
            return Unmanaged<OpenStores>.fromOpaque(address).takeUnretainedValue()
        }
        let stores = try state.withLock { state in
            if let state { return state }
            let result = Result { () throws(StorageError) in try open() }
            state = result
            return result
        }.get()
        opened.store(UInt(bitPattern: Unmanaged.passUnretained(stores).toOpaque()), ordering: .releasing)
        return stores
    }

    /// Closes the SQLite database if it was opened, at the end of the session. Should SQLite
    /// refuse, its write-ahead log stays beside the file, whole, and the next kiosk to open
    /// it reads it: nothing is lost, so nothing is said.
    func closeDatabase() {
        guard case .success(let stores) = state.withLock({ $0 }) else { return }
        try? stores.sqlite?.close()
    }

}

private struct DeferredInventoryStore: InventoryStore {
    let stores: DeferredStores

    func stock() throws -> Inventory {
        try stores.get().inventory.stock()
    }

    func commit(_ change: StockChange, announce: (StockCommit) -> Void) throws -> StockCommit {
        try stores.get().inventory.commit(change, announce: announce)
    }
}

private struct DeferredSalesLedger: SalesLedger {
    let stores: DeferredStores

    func salesReport(from start: Date?, to end: Date?) throws -> SalesReport {
        try stores.get().ledger.salesReport(from: start, to: end)
    }

    func salesRecords(from start: Date?, to end: Date?) throws -> [SalesRecord] {
        try stores.get().ledger.salesRecords(from: start, to: end)
    }
}

/// The session log of the stores, opened by its first write or read; a log that cannot be
/// opened answers with why, which the bank keeps with the history as a failed write.
private struct DeferredBankSessionLog: BankSessionLog {
    let stores: DeferredStores

    func open() throws(BankSessionLogFailure) -> Int {
        try log().open()
    }

    func update(_ session: Int, with tally: BankTally, idle: Bool) throws(BankSessionLogFailure) {
        try log().update(session, with: tally, idle: idle)
    }

    func close(_ session: Int, reason: BankSessionEnd) throws(BankSessionLogFailure) {
        try log().close(session, reason: reason)
    }

    func latest(_ count: Int) throws(BankSessionLogFailure) -> [BankSessionRecord] {
        try log().latest(count)
    }

    private func log() throws(BankSessionLogFailure) -> any BankSessionLog {
        do {
            return try stores.get().sessions
        } catch {
            throw BankSessionLogFailure(error)
        }
    }
}
