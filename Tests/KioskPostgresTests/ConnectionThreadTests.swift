import Foundation
import KioskCore
import Synchronization
import Testing

@testable import KioskPostgres

/// The command connection's work runs where its caller's thread may block (the command
/// thread, the main thread) when the connection is free, on the connection's own thread
/// otherwise, one piece at a time and in order either way.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct ConnectionThreadTests {
    @Test("a marked thread runs its work itself; an unmarked one hands it to the connection's thread")
    func whereWorkRuns() throws {
        let target = try TestServer.freshDatabase()
        let connections = ConnectionThread(connection: try PostgresConnection(target))
        let marked = Mutex<(caller: String?, ran: String?)>((nil, nil))
        let unmarked = Mutex<(caller: String?, ran: String?)>((nil, nil))

        runOnThread(named: "marked", marking: true) {
            let ran = try? connections.run { connection -> String? in
                _ = try connection?.execute("SELECT 1")
                return Thread.current.name
            }
            marked.withLock { $0 = (Thread.current.name, ran ?? nil) }
        }
        runOnThread(named: "unmarked", marking: false) {
            let ran = try? connections.run { _ in Thread.current.name }
            unmarked.withLock { $0 = (Thread.current.name, ran ?? nil) }
        }

        #expect(marked.withLock { $0.ran } == "marked")
        #expect(unmarked.withLock { $0.caller } == "unmarked")
        #expect(unmarked.withLock { $0.ran } == "kiosk-postgres")
    }

    @Test("work handed over while a marked caller has the connection waits for it, and the connection comes back")
    func handedOverWorkWaitsForTheCaller() throws {
        let target = try TestServer.freshDatabase()
        let connections = ConnectionThread(connection: try PostgresConnection(target))
        let order = Mutex<[String]>([])
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let queued = DispatchSemaphore(value: 0)

        let inline = Thread {
            BlockingThread.markCurrent()
            _ = try? connections.run { connection -> Void in
                holding.signal()
                // Holds the connection until the other caller's work is queued behind it.
                release.wait()
                _ = try connection?.execute("SELECT 1")
                order.withLock { $0.append("marked") }
            }
            queued.signal()
        }
        inline.start()
        holding.wait()
        let handedOver = Thread {
            let answered = try? connections.run { connection -> String? in
                order.withLock { $0.append("handed over") }
                return try connection?.execute("SELECT 2").text(0, 0)
            }
            order.withLock { $0.append("answer \(answered ?? nil ?? "none")") }
            queued.signal()
        }
        handedOver.start()
        // Released once the other caller's work waits in the queue, behind the connection.
        let deadline = ContinuousClock.now + .seconds(10)
        while connections.waitingWork == 0, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(connections.waitingWork == 1)
        #expect(order.withLock { $0.isEmpty })
        release.signal()
        #expect(queued.wait(timeout: .now() + 10) == .success)
        #expect(queued.wait(timeout: .now() + 10) == .success)

        #expect(order.withLock { $0 } == ["marked", "handed over", "answer 2"])
        // The connection came back after both: later work runs on it.
        let again = try connections.run { connection in try connection?.execute("SELECT 3").text(0, 0) }
        #expect(again == "3")
    }

    /// Runs `body` on a new thread named `name` (marked as a blocking thread when `marking`)
    /// and waits for it to end.
    private func runOnThread(named name: String, marking: Bool, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            Thread.current.name = name
            if marking { BlockingThread.markCurrent() }
            body()
            done.signal()
        }
        thread.start()
        done.wait()
    }
}
