import Bank
import KioskCore
import KioskStorage

/// The database as the session sees it: opened from the options, and recording bank
/// sessions from the bus on a task of its own, so a slow disk never holds up the bank.
struct StorageModule: Sendable {
    /// How many bank events wait for the session log; arrivals past it are skipped, which the
    /// log does not need (a session also opens at its first idle).
    static let logCapacity = 1_024

    let database: KioskDatabase
    let sessions: SQLiteBankSessionLog
    private let mailbox: EventMailbox<KioskEvent>
    private let recorder: Task<Void, Never>

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
        let sessions = SQLiteBankSessionLog(database: database)
        self.sessions = sessions
        let mailbox = bus.subscribe(
            capacity: Self.logCapacity,
            accepts: { event in
                switch event {
                case .customerArrived, .bankIdle, .bankReset: true
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

    /// Records what is still queued, then marks a bank session still open as ended by quitting.
    func close() async {
        // The recorder stops first, so what is left is recorded here, after what it recorded.
        recorder.cancel()
        await recorder.value
        for event in mailbox.drainEvents() { sessions.record(event) }
        mailbox.cancel()
        sessions.close(reason: .quit)
    }
}
