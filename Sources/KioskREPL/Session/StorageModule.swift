import KioskCore
import KioskStorage

/// The database as the session sees it: opened from the options, recording bank
/// sessions from the bus, and serving `sales` and `bank history`.
struct StorageModule: Sendable {
    let database: KioskDatabase
    let sessions: BankSessionLog
    let commands: [Command]
    private let subscription: Subscription

    /// - Throws: ``StorageError`` when the database cannot be opened.
    init(config: KioskConfig, bus: EventBus<KioskEvent>, options: SessionOptions) throws {
        let location: KioskDatabase.Location
        if options.inMemory {
            location = .memory
        } else {
            location = .directory(
                try DataDirectory.resolve(explicit: options.dataDirectory, environment: options.environment))
        }
        database = try KioskDatabase.open(location)
        let sessions = BankSessionLog(database: database)
        self.sessions = sessions
        subscription = bus.subscribe { event in
            switch event {
            case .customerArrived, .bankIdle, .bankReset: sessions.record(event)
            default: break
            }
        }
        commands = LedgerCommands.make(database: database, sessions: sessions, config: config)
    }

    /// Marks a bank session still open as ended by quitting.
    func close() {
        sessions.closeForQuit()
    }
}
