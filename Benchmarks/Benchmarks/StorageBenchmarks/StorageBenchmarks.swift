import Benchmark
import Foundation
import JuiceMaker
import KioskCore
import KioskStorage

/// Orders through `SQLiteInventoryStore`: each iteration is one order of one juice (cycling
/// through the built-in menu), committed with its sale rows in one IMMEDIATE transaction, on
/// a database file in WAL mode (what a kiosk writes by default) and, for comparison, on an
/// in-memory SQLite database (`--in-memory`); beside them the same orders through
/// `PostgresInventoryStore` (PostgresBenchmarks.swift). Shelves are deep enough that no order is refused.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(5))

    Benchmark("Durable orders, SQLite file (WAL)") { benchmark in
        let directory = try ScratchDirectory()
        let shop = try StorageShop(.directory(directory.path))
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try shop.order(index))
        }
        benchmark.stopMeasurement()
        withExtendedLifetime(directory) {}
    }

    // What `--durability full` costs: SQLite syncs the WAL to the disk at every commit.
    Benchmark("Fully durable orders, SQLite file (WAL, synchronous FULL)") { benchmark in
        let directory = try ScratchDirectory()
        let shop = try StorageShop(.directory(directory.path), durability: .full)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try shop.order(index))
        }
        benchmark.stopMeasurement()
        withExtendedLifetime(directory) {}
    }

    Benchmark("Orders, in-memory SQLite") { benchmark in
        let shop = try StorageShop(.memory)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try shop.order(index))
        }
    }

    Benchmark("Durable refused orders (empty shelves), SQLite file (WAL)") { benchmark in
        let directory = try ScratchDirectory()
        let shop = try StorageShop(.directory(directory.path), shelf: 0)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            do {
                blackHole(try shop.order(index))
            } catch {
                blackHole(error)
            }
        }
        benchmark.stopMeasurement()
        withExtendedLifetime(directory) {}
    }

    registerPostgresBenchmarks()
}

/// The built-in menu with every shelf holding `shelf` of its fruit, stored in SQLite.
struct StorageShop {
    let store: SQLiteInventoryStore
    let juices: [Juice]

    init(
        _ location: KioskDatabase.Location, shelf: Int = 1 << 40, durability: KioskDatabase.Durability = .normal
    ) throws {
        let standard = KioskConfig.builtIn
        let config = KioskConfig(
            fruits: standard.fruits.map {
                KioskConfig.Fruit(id: $0.id, name: $0.name, initial: shelf, maximum: max(shelf, 1))
            },
            juices: standard.juices,
            bank: standard.bank)
        let menu = Menu(config: config)
        store = try SQLiteInventoryStore(
            database: try KioskDatabase.open(location, durability: durability), menu: menu)
        juices = menu.juices
    }

    /// Orders one of the `index`-th juice on the menu (cycling), announcing nothing.
    func order(_ index: Int) throws -> StockCommit {
        try store.commit(.order(juice: juices[index % juices.count], count: 1), announce: { _ in })
    }
}

/// A fresh directory under the system's temporary directory, removed when released.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/kiosk-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
