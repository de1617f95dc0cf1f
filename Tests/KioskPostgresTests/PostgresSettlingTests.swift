import Foundation
import JuiceMaker
import KioskCore
import Synchronization
import Testing

@testable import KioskPostgres

/// A script's changes commit without waiting for the disk, and one barrier before its output
/// makes them all durable (``PostgresDatabase/settle()``); changes the server lost with the
/// connection are sent again under their ids, and one that then moves other levels leaves
/// the outcome unknown rather than reported.
@Suite(.serialized, .enabled(if: TestServer.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct PostgresSettlingTests {
    @Test("deferred changes wait for one barrier, which covers them all")
    func oneBarrierForMany() throws {
        let (target, database, store, banana) = try setUp()
        let before = try barrierCommits(on: target)
        for _ in 0..<3 { _ = try store.commit(.order(juice: banana, count: 1)) }
        #expect(database.unsettled.withLock { $0.count } == 3)
        #expect(try barrierCommits(on: target) == before, "a deferred change sent a barrier of its own")

        try database.settle()
        #expect(database.unsettled.withLock { $0.isEmpty })
        #expect(try barrierCommits(on: target) == before + 1)
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 3)
        // Nothing to settle: no round trip.
        try database.settle()
        #expect(try barrierCommits(on: target) == before + 1)
    }

    @Test("a change the server lost is sent again under its id at the next connection, and settles")
    func lostChangeSentAgain() throws {
        let (target, database, store, banana) = try setUp()
        _ = try store.commit(.order(juice: banana, count: 1))
        // As a crash before the commit reached the disk would leave it: no sale, the old level.
        try TestServer.admin(
            "DELETE FROM sale; UPDATE stock SET quantity = 10, revision = revision - 1 WHERE fruit = 'banana'",
            on: target)
        try terminateOthers(on: target)

        try database.settle()
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 1)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'banana'", on: target) == 8)
    }

    @Test("a change found after a reconnect is not made twice")
    func foundChangeNotMadeTwice() throws {
        let (target, database, store, banana) = try setUp()
        _ = try store.commit(.order(juice: banana, count: 1))
        try terminateOthers(on: target)

        try database.settle()
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 1)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'banana'", on: target) == 8)
    }

    @Test("a lost change that comes out differently when sent again leaves the outcome unknown")
    func lostChangeDiffers() throws {
        let (target, database, store, banana) = try setUp()
        _ = try store.commit(.order(juice: banana, count: 1))
        // Lost, and meanwhile another kiosk took a banana: sent again, it moves 9 -> 7, not 10 -> 8.
        try TestServer.admin("DELETE FROM sale; UPDATE stock SET quantity = 9 WHERE fruit = 'banana'", on: target)
        try terminateOthers(on: target)

        #expect {
            try database.settle()
        } throws: { error in
            guard case PostgresError.outcomeUnknown = error else { return false }
            return (error as? PostgresError)?.endsScript == true
        }
        // Reported once; what follows settles as usual.
        try database.settle()
    }

    @Test("a barrier a frozen server leaves unanswered makes the outcome unknown; the change is found by its id later")
    func frozenBarrier() throws {
        var target = try TestServer.freshDatabase()
        target.answerBound = .seconds(1)
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        database.defersDurability = true
        let banana = try #require(menu.juice("banana"))
        _ = try store.commit(.order(juice: banana, count: 1))
        let backend = try database.withConnection { connection in
            try connection.execute("SELECT pg_backend_pid()").integer(0, 0)
        }
        let frozen = pid_t(try #require(backend))
        kill(frozen, SIGSTOP)
        defer { kill(frozen, SIGCONT) }

        #expect {
            try database.settle()
        } throws: { error in
            guard case PostgresError.outcomeUnknown = error else { return false }
            return true
        }
        kill(frozen, SIGCONT)
        // The next change connects again and first sends the first one again: found, not made twice.
        _ = try store.commit(.order(juice: banana, count: 1))
        try database.settle()
        #expect(TestServer.integer("SELECT count(*) FROM sale", on: target) == 2)
        #expect(TestServer.integer("SELECT quantity FROM stock WHERE fruit = 'banana'", on: target) == 6)
    }

    @Test("a command that gives the lost server up while changes wait says their outcome is unknown, once")
    func givenUpWithUnsettled() throws {
        let (target, database, store, banana) = try setUp(window: .zero)
        _ = try store.commit(.order(juice: banana, count: 1))
        try terminateOthers(on: target)

        // One error, the command's, for the changes before it too: not a lost connection
        // that "changed nothing" while the earlier orders' results are dropped.
        #expect {
            try store.commit(.order(juice: banana, count: 1))
        } throws: { error in
            guard case PostgresError.outcomeUnknown = error else { return false }
            return (error as? PostgresError)?.endsScript == true
        }
        #expect(database.outcomeReported)
        // The output after it is held back without connecting (and waiting) again.
        #expect(throws: PostgresError.self) { try database.settle() }
        #expect(try barrierCommits(on: target) == 0)
    }

    @Test("a command that gives the lost server up with nothing waiting is a lost connection, as before")
    func givenUpWithNothingUnsettled() throws {
        let (target, database, store, banana) = try setUp(window: .zero)
        try terminateOthers(on: target)
        #expect {
            try store.commit(.order(juice: banana, count: 1))
        } throws: { error in
            guard case PostgresError.connectionLost = error else { return false }
            return true
        }
        #expect(!database.outcomeReported)
        try database.settle()
    }

    private func setUp(
        window: Duration? = nil
    ) throws -> (PostgresTarget, PostgresDatabase, PostgresInventoryStore, Juice) {
        var target = try TestServer.freshDatabase()
        if let window { target.reconnectWindow = window }
        let menu = try TestServer.menu()
        let database = try PostgresDatabase.open(target)
        let store = try PostgresInventoryStore(database: database, menu: menu)
        database.defersDurability = true
        return (target, database, store, try #require(menu.juice("banana")))
    }

    /// How many barriers all kiosks sent to `target`.
    private func barrierCommits(on target: PostgresTarget) throws -> Int {
        TestServer.integer("SELECT coalesce(sum(commits), 0) FROM kiosk_commit_barrier", on: target) ?? -1
    }

    private func terminateOthers(on target: PostgresTarget) throws {
        try TestServer.admin(
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """, on: target)
    }
}
