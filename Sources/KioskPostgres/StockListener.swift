import Foundation
import Synchronization

/// A second connection, on a thread of its own, that LISTENs for the stock notifications
/// every kiosk's change sends and hands other kiosks' to the store, which announces them on
/// the local bus: "Mango Juice is sold out" appears at every counter.
///
/// Notifications are not stored by the server: after the connection breaks, the listener
/// connects again (every ``retryDelay``), LISTENs, and reads the whole stock, announcing
/// what changed meanwhile.
///
/// ```swift
/// let listener = StockListener(database: database, store: store)
/// listener.start()
/// …
/// listener.stop()
/// ```
public final class StockListener: Sendable {
    /// How long the listener waits before connecting again after a failure.
    public static let retryDelay: Duration = .milliseconds(500)

    private let database: PostgresDatabase
    private let store: PostgresInventoryStore
    // A pipe whose read end the thread polls beside the socket: a byte written asks it to stop.
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    /// A listener for `store`'s stock on `database`; nothing runs until ``start()``.
    public init(database: PostgresDatabase, store: PostgresInventoryStore) {
        self.database = database
        self.store = store
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
        }
        wake = (descriptors[0], descriptors[1])
    }

    deinit {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
    }

    /// Starts the thread; a second call does nothing.
    public func start() {
        guard wake.read >= 0, !started.exchange(true, ordering: .relaxed) else { return }
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "kiosk-stock-listener"
        thread.start()
    }

    /// Stops the thread and closes its connection; waits for it up to a second.
    public func stop() {
        guard started.load(ordering: .relaxed) else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        _ = finished.wait(timeout: .now() + 1)
    }

    private func run() {
        var first = true
        while !stopRequested(waiting: first ? .zero : Self.retryDelay) {
            first = false
            guard let connection = try? database.connect() else { continue }
            do {
                try connection.execute("LISTEN \(PostgresInventoryStore.channel)")
                try store.catchUp(on: connection)
                try listen(on: connection)
                return
            } catch {
                // The connection broke: connect again, and read the stock again.
                continue
            }
        }
    }

    /// Waits for notifications until asked to stop (returns) or the connection breaks (throws).
    private func listen(on connection: PostgresConnection) throws(PostgresError) {
        while true {
            var descriptors = [
                pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .connectionLost(server: database.target.description, reason: String(cString: strerror(errno)))
            }
            if descriptors[1].revents != 0 { return }
            try connection.consumeInput()
            while let notification = connection.nextNotification() {
                store.receive(notification.payload)
            }
        }
    }

    /// Whether a stop was asked for within `delay`.
    private func stopRequested(waiting delay: Duration) -> Bool {
        var descriptor = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            delay.components.seconds * 1_000 + delay.components.attoseconds / 1_000_000_000_000_000)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }
}
