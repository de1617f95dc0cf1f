import Benchmark
import Dispatch
import Foundation
import JuiceMaker
import KioskCore
import KioskPostgres
import Synchronization

/// The shared PostgreSQL store, on the server scripts/postgres starts (`make bench` starts
/// it and names it in KIOSK_BENCH_POSTGRES, its unix socket, and KIOSK_BENCH_POSTGRES_TCP,
/// 127.0.0.1); not registered without them.
///
/// - Durable orders through `PostgresInventoryStore`, one round trip and one commit each, as
///   at the prompt (`PostgresSchema.orderCall(deferred:)`: one statement that locks the rows,
///   writes the levels, sale rows and NOTIFY, and commits with the session's
///   `synchronous_commit`), over the socket and over TCP, beside the SQLite file benchmark above.
/// - A start on a database kiosk already set up: connect, schema check and the start's reads,
///   per start, over the socket and over TCP.
/// - The time from one kiosk sending an order to another kiosk's listener announcing the
///   change (the order's round trip and commit, then NOTIFY → LISTEN connection → store →
///   handler), per order, as a custom metric in microseconds, 500 orders a run; beside it the
///   seller's own time for the order, so the difference is what the other kiosk adds. (Timed
///   from the seller's call returning instead, the notice often came first.)
func registerPostgresBenchmarks() {
    let environment = ProcessInfo.processInfo.environment
    var servers: [(name: String, conninfo: String)] = []
    if let socket = environment["KIOSK_BENCH_POSTGRES"], !socket.isEmpty { servers.append(("unix socket", socket)) }
    if let tcp = environment["KIOSK_BENCH_POSTGRES_TCP"], !tcp.isEmpty { servers.append(("TCP", tcp)) }

    // Where a durable order's time goes: the same orders with the server not waiting for its
    // WAL flush at COMMIT (`synchronous_commit = off`, which a crash of the server, not of
    // kiosk, may undo), over the socket.
    // The orders are made on a thread marked as kiosk's command thread is (see
    // `CommandThread`); the last variant makes them from the cooperative pool, to show what
    // the hand-over to the connection's thread costs a caller there.
    var variants = servers.map {
        (name: "Durable orders, PostgreSQL over the \($0.name)", conninfo: $0.conninfo, fromPool: false)
    }
    if let socket = servers.first {
        let relaxed = "\(socket.conninfo) options='-c synchronous_commit=off'"
        variants.append(("Orders, PostgreSQL over the unix socket, synchronous_commit off", relaxed, false))
        variants.append(
            (
                "Orders, PostgreSQL over the unix socket, synchronous_commit off, from the cooperative pool",
                relaxed, true
            ))
    }
    for (name, conninfo, fromPool) in variants {
        Benchmark(
            name,
            configuration: .init(
                metrics: [.throughput, .wallClock], scalingFactor: .kilo, maxDuration: .seconds(30),
                maxIterations: 8)
        ) { benchmark in
            let target = try PostgresShop.freshDatabase(conninfo)
            let shop = try PostgresShop(target)
            let orders = benchmark.scaledIterations
            let sell = { @Sendable (indices: Range<Int>) throws in
                for index in indices { blackHole(try shop.order(index)) }
            }
            // CREATE DATABASE ends in a checkpoint, after which the first write of each page
            // logs the whole page: warm the pages up first, as a kiosk that has been selling.
            if fromPool { try sell(0..<200) } else { try CommandThread.run { try sell(0..<200) } }
            benchmark.startMeasurement()
            if fromPool { try sell(orders) } else { try CommandThread.run { try sell(orders) } }
        }
    }

    // What a start costs on a database kiosk already set up, as StorageModule opens it: the
    // connection with kiosk's session settings, then the schema check, stock and open bank
    // sessions in one pipelined round trip (`PostgresDatabase.open`), and the stores taking
    // those reads (no round trip of their own on a set-up database). One start per iteration,
    // closed after it, outside the measurement; libpq is loaded (and the conninfo read) once
    // before, as its `dlopen` is a cost of the process, not of a connection.
    for (name, conninfo) in servers {
        // One database for every iteration, made and set up (tables, functions, the menu's
        // stock) by the first, so that each start meets a database the server has seen.
        let setUp = SetUpDatabase()
        let menu = Menu(config: KioskConfig.builtIn)
        Benchmark(
            "PostgreSQL connect and schema check over \(name == "TCP" ? name : "the \(name)")",
            configuration: .init(
                metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 300)
        ) { benchmark in
            let target = try setUp.target(made: {
                let target = try PostgresShop.freshDatabase(conninfo)
                try PostgresShop.start(target, menu: menu)
                return target
            })
            benchmark.startMeasurement()
            let started = try PostgresShop.start(target, menu: menu)
            benchmark.stopMeasurement()
            // Closed here, after the measurement: the connection's thread ends and PQfinish runs.
            withExtendedLifetime(started) {}
        }
    }

    let latency = BenchmarkMetric.custom("sent to noticed (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    let sold = BenchmarkMetric.custom("sent to answered (µs)", polarity: .prefersSmaller, useScalingFactor: false)
    for (name, conninfo) in servers {
        Benchmark(
            "NOTIFY to notice at the other kiosk, PostgreSQL over the \(name)",
            configuration: .init(
                metrics: [latency, sold], scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 4)
        ) { benchmark in
            let target = try PostgresShop.freshDatabase(conninfo)
            let seller = try PostgresShop(target)
            let counter = try PostgresShop(target)
            let heard = DispatchSemaphore(value: 0)
            let heardAt = Mutex<ContinuousClock.Instant?>(nil)
            counter.store.announceChangesElsewhere { _ in
                heardAt.withLock { $0 = ContinuousClock.now }
                heard.signal()
            }
            let listener = StockListener(database: counter.database, store: counter.store)
            listener.start()
            defer { listener.stop() }
            // The listener is up once it hears a first change.
            _ = try seller.order(0)
            guard heard.wait(timeout: .now() + 5) == .success else { return benchmark.error("no notice in 5 s") }
            for index in 0..<500 {
                let sent = ContinuousClock.now
                _ = try seller.order(index)
                let answered = ContinuousClock.now
                guard heard.wait(timeout: .now() + 5) == .success else { return benchmark.error("no notice in 5 s") }
                let noticed = heardAt.withLock { $0 } ?? answered
                benchmark.measurement(latency, (noticed - sent).microseconds)
                benchmark.measurement(sold, (answered - sent).microseconds)
            }
        }
    }
}

/// The built-in menu on deep shelves, on a PostgreSQL database of its own.
struct PostgresShop: Sendable {
    let database: PostgresDatabase
    let store: PostgresInventoryStore
    let juices: [Juice]

    init(_ target: PostgresTarget) throws {
        let standard = KioskConfig.builtIn
        let config = KioskConfig(
            fruits: standard.fruits.map {
                KioskConfig.Fruit(id: $0.id, name: $0.name, initial: 1 << 40, maximum: 1 << 40)
            },
            juices: standard.juices, bank: standard.bank)
        let menu = Menu(config: config)
        database = try PostgresDatabase.open(target)
        store = try PostgresInventoryStore(database: database, menu: menu)
        juices = menu.juices
    }

    /// Orders one of the `index`-th juice on the menu (cycling), announcing nothing.
    func order(_ index: Int) throws -> StockCommit {
        try store.commit(.order(juice: juices[index % juices.count], count: 1), announce: { _ in })
    }

    /// Opens the database `target` names as kiosk's start does (StorageModule, without the
    /// listener a script does not start); the connection closes when the store returned is
    /// dropped.
    @discardableResult
    static func start(_ target: PostgresTarget, menu: Menu) throws -> PostgresInventoryStore {
        let database = try PostgresDatabase.open(target)
        let inventory = try PostgresInventoryStore(database: database, menu: menu)
        try PostgresBankSessionLog(database: database).closeInterruptedSessions()
        return inventory
    }

    /// A new database on the server `conninfo` names, created with psql.
    static func freshDatabase(_ conninfo: String) throws -> PostgresTarget {
        let name = "kiosk_bench_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = ["\(conninfo) dbname=postgres", "-Xqc", "CREATE DATABASE \(name)"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PsqlFailed(conninfo: conninfo) }
        return try PostgresTarget("\(conninfo) dbname=\(name)")
    }

    struct PsqlFailed: Error {
        let conninfo: String
    }
}

/// A database made once, on first use, and kept for the benchmark's later iterations.
final class SetUpDatabase: Sendable {
    private let made = Mutex<PostgresTarget?>(nil)

    /// The database `make` made on the first call.
    func target(made make: () throws -> PostgresTarget) throws -> PostgresTarget {
        try made.withLock { made in
            if let made { return made }
            let target = try make()
            made = target
            return target
        }
    }
}

extension Duration {
    fileprivate var microseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    }
}
