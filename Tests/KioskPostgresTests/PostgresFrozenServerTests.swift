import Foundation
import JuiceMaker
import KioskCore
import Synchronization
import Testing

@testable import KioskPostgres

/// A server that stops answering (its backend stopped with SIGSTOP, as a frozen host or a
/// network that drops everything looks from the client) ends a command within kiosk's own
/// bound, or at once when the user interrupts; the connection is given up and the next
/// command connects again. scripts/postgres runs the server as root's `postgres` user or as
/// the user running the tests, so the tests may signal its backends either way. An interrupt
/// is process-wide, as signals are: `make test` runs suites one at a time (`--no-parallel`).
@Suite(
    .serialized,
    .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresFrozenServerTests {
    /// A store on a new database whose backend for this kiosk's commands is known.
    private func frozenStore(
        bound: Duration
    ) throws -> (PostgresInventoryStore, Menu, backend: pid_t, target: PostgresTarget) {
        var target = try TestServer.freshDatabase()
        target.answerBound = bound
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        let backend = try database.withConnection { connection in
            try connection.execute("SELECT pg_backend_pid()").integer(0, 0)
        }
        return (store, menu, pid_t(try #require(backend)), target)
    }

    @Test("a frozen server ends the order within the bound, its outcome unknown: the server may still make it")
    func unansweredWithinBound() throws {
        let (store, menu, backend, target) = try frozenStore(bound: .seconds(1))
        let banana = try #require(menu.juice("banana"))
        kill(backend, SIGSTOP)
        defer { kill(backend, SIGCONT) }
        let started = ContinuousClock.now
        #expect {
            _ = try store.commit(.order(juice: banana, count: 1))
        } throws: { error in
            // Sent, never answered: the server may commit it when it runs again, so the
            // order must not be reported failed (nor given up as a mere timeout).
            guard case PostgresError.outcomeUnknown(_, let reason) = error else { return false }
            return reason == .unanswered(waited: .seconds(1))
        }
        // Bounded by kiosk, not by the server (which would never answer): well under the
        // server's own 5 s statement timeout.
        #expect(ContinuousClock.now - started < .seconds(4))
        kill(backend, SIGCONT)
        // The next command connects again, on a new backend. Whether the resumed backend
        // makes the order is the server's to decide (that is why kiosk must not say it
        // failed); either way it is made once or not at all, never half: one snapshot.
        #expect(try store.stock()["banana"] != nil)
        let whole = "SELECT quantity + (SELECT count(*) FROM sale) FROM stock WHERE fruit = 'banana'"
        #expect(TestServer.integer(whole, on: target) == 10)
    }

    @Test("a frozen server ends a read within the bound with unanswered")
    func unansweredRead() throws {
        let (store, _, backend, _) = try frozenStore(bound: .seconds(1))
        kill(backend, SIGSTOP)
        defer { kill(backend, SIGCONT) }
        #expect {
            _ = try store.stock()
        } throws: { error in
            guard case PostgresError.unanswered(_, let waited) = error else { return false }
            return waited == .seconds(1)
        }
        kill(backend, SIGCONT)
        #expect(try store.stock()["banana"] == 10)
    }

    @Test("an interrupt ends a wait on a frozen server at once")
    func interruptEndsTheWait() throws {
        let (store, menu, backend, _) = try frozenStore(bound: .seconds(120))
        let banana = try #require(menu.juice("banana"))
        kill(backend, SIGSTOP)
        defer { kill(backend, SIGCONT) }
        let outcome = Mutex<(any Error)?>(nil)
        let finished = Atomic<Bool>(false)
        let worker = Thread {
            do {
                _ = try store.commit(.order(juice: banana, count: 1))
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.store(true, ordering: .releasing)
        }
        worker.start()
        // The interrupt counts only for waits under way: repeat it until the order ends,
        // for at most 30 s (the wait itself would last 120 s).
        let deadline = ContinuousClock.now + .seconds(30)
        while !finished.load(ordering: .acquiring), ContinuousClock.now < deadline {
            PostgresDatabase.interruptWaits()
            usleep(20_000)
        }
        let ended = finished.load(ordering: .acquiring)
        #expect(ended)
        let error = outcome.withLock { $0 }
        guard case PostgresError.interrupted? = error as? PostgresError else {
            Issue.record("expected interrupted, got \(String(describing: error))")
            return
        }
    }
}
