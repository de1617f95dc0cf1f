import Bank
import Foundation
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage
import Synchronization

/// The database as the session sees it: opened from the options, and recording bank
/// sessions from the bus on a task of its own, so a slow disk never holds up the bank.
///
/// With `--database` (or `$KIOSK_DATABASE`) the stores are on a PostgreSQL server that other
/// kiosks share, connected at once, and a listener announces their stock changes here.
/// A database on disk is opened (and migrated, and its stock seeded) at once, so a data
/// directory that cannot be used stops kiosk before the first line runs. `--in-memory`
/// has nothing that can fail that way, so its database is opened by the first line that
/// reads or writes it: `-c help` never builds one.
struct StorageModule: Sendable {
    /// How many bank events wait for the session log; arrivals past it are skipped, which the
    /// log does not need (a session also opens at its first idle).
    static let logCapacity = 1_024

    /// The stock, on the database.
    let inventory: any InventoryStore
    /// The shop's sales, for `sales`.
    let ledger: any SalesLedger
    /// The bank's sessions, for `bank history`.
    let sessions: any BankSessionLog
    /// The stock when the session starts, when known without reading the database: a fresh
    /// database in memory holds the menu's initial stock, which seeding just wrote.
    let startingStock: Inventory?
    /// The shelves whose max the database held differently from this config at start.
    let shelfLimitChanges: [ShelfLimitChange]
    /// The shared database in use, without its password; nil for SQLite.
    let sharedDatabase: String?
    private let sharedStock: PostgresInventoryStore?
    private let listener: StockListener?
    private let stores: DeferredStores
    private let mailbox: EventMailbox<KioskEvent>
    private let recorder: Task<Void, Never>

    /// - Throws: ``StorageError`` when the database on disk cannot be opened.
    init(menu: Menu, bus: EventBus<KioskEvent>, options: SessionOptions) throws {
        let stores: DeferredStores
        if let shared = options.sharedDatabase {
            // A server that cannot be reached stops kiosk before the first line runs.
            let database = try PostgresDatabase.open(
                try PostgresTarget(shared, clientLibrary: options.postgresClientLibrary))
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
            listener = StockListener(database: database, store: inventory)
            startingStock = nil
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
            listener = nil
            startingStock = location == .memory ? menu.initialStock : nil
        }
        self.stores = stores
        inventory = DeferredInventoryStore(stores: stores)
        ledger = DeferredSalesLedger(stores: stores)
        let sessions = DeferredBankSessionLog(stores: stores)
        self.sessions = sessions
        let mailbox = bus.subscribe(
            capacity: Self.logCapacity,
            accepts: { event in
                switch event {
                case .customerArrived, .bankIdle, .bankReset, .bankStopped: true
                default: false
                }
            },
            droppable: { event in
                if case .customerArrived = event { return true }
                return false
            })
        self.mailbox = mailbox
        recorder = Task {
            while await mailbox.wait() {
                for event in mailbox.drainEvents() { sessions.record(event) }
            }
        }
    }

    /// Starts announcing, through `fruitStore`, the stock changes other kiosks sharing the
    /// database make; does nothing on SQLite.
    func announceChangesElsewhere(through fruitStore: FruitStore) {
        guard let sharedStock, let listener else { return }
        sharedStock.announceChangesElsewhere(with: fruitStore.announceElsewhere)
        listener.start()
    }

    /// Records what is still queued, then marks a bank session still open as ended by quitting.
    func close() async {
        listener?.stop()
        // The recorder stops first, so what is left is recorded here, after what it recorded.
        recorder.cancel()
        await recorder.value
        for event in mailbox.drainEvents() { sessions.record(event) }
        mailbox.cancel()
        // A database never opened holds no session to close.
        stores.ifOpened { $0.sessions.close(reason: .quit) }
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

    init(
        inventory: any InventoryStore, ledger: any SalesLedger, sessions: any BankSessionLog,
        shelfLimitChanges: [ShelfLimitChange]
    ) {
        self.inventory = inventory
        self.ledger = ledger
        self.sessions = sessions
        self.shelfLimitChanges = shelfLimitChanges
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
        try sessions.closeInterruptedSessions()
    }
}

/// The stores, opened by the first caller that needs them; every later caller gets the same
/// stores, or the same error.
private final class DeferredStores: Sendable {
    private let open: @Sendable () throws(StorageError) -> OpenStores
    // Held while opening, so two first uses at once open one database.
    private let state = Mutex<Result<OpenStores, StorageError>?>(nil)

    init(open: @escaping @Sendable () throws(StorageError) -> OpenStores) {
        self.open = open
    }

    /// The stores, opening them if no one has yet.
    /// - Throws: the ``StorageError`` opening them failed with.
    func get() throws(StorageError) -> OpenStores {
        try state.withLock { state in
            if let state { return state }
            let result = Result { () throws(StorageError) in try open() }
            state = result
            return result
        }.get()
    }

    /// The stores, or why they could not be opened; nil while no one has needed them.
    var opened: Result<OpenStores, StorageError>? {
        state.withLock { $0 }
    }

    /// Runs `work` on the stores if they were opened successfully.
    func ifOpened(_ work: (OpenStores) -> Void) {
        if case .success(let stores) = opened { work(stores) }
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
}

private struct DeferredBankSessionLog: BankSessionLog {
    let stores: DeferredStores

    func record(_ event: KioskEvent) {
        // A log that cannot be opened answers its error with the history, as a failed write does.
        (try? stores.get())?.sessions.record(event)
    }

    func close(reason: BankSessionEnd) {
        stores.ifOpened { $0.sessions.close(reason: reason) }
    }

    func latest(_ count: Int) throws -> [BankSessionRecord] {
        try stores.get().sessions.latest(count)
    }

    var lastError: (any KioskError)? {
        switch stores.opened {
        case .success(let stores): stores.sessions.lastError
        case .failure(let error): error
        case nil: nil
        }
    }
}
