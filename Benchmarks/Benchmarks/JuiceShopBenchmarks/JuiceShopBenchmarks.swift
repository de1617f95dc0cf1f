import Benchmark
import JuiceMaker
import KioskCore

/// Orders through `FruitStore` with the in-memory store. Each benchmark iteration is one
/// order of one juice, cycling through the built-in menu; the shelves are made deep enough
/// that no order in a run is refused (except in the benchmark about refusals).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        scalingFactor: .mega,
        maxDuration: .seconds(5))

    Benchmark("Orders, bus without subscribers") { benchmark in
        let shop = try BenchmarkShop(shelf: 1 << 40)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try shop.order(index))
        }
    }

    Benchmark("Orders, one mailbox drained after each order") { benchmark in
        let shop = try BenchmarkShop(shelf: 1 << 40)
        let mailbox = shop.bus.subscribe()
        var events = 0
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try shop.order(index))
            events += mailbox.drain().count
        }
        benchmark.stopMeasurement()
        mailbox.cancel()
        blackHole(events)
    }

    Benchmark("Refused orders (empty shelves), bus without subscribers") { benchmark in
        let shop = try BenchmarkShop(shelf: 0)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            do {
                blackHole(try shop.order(index))
            } catch {
                blackHole(error)
            }
        }
    }
}

/// The built-in menu with every shelf holding `shelf` of its fruit, in memory. No sales
/// ledger: endless orders would only grow it.
struct BenchmarkShop {
    let bus = EventBus<KioskEvent>()
    let maker: JuiceMaker
    let juices: [Juice]

    init(shelf: Int) throws {
        let standard = KioskConfig.builtIn
        let config = KioskConfig(
            fruits: standard.fruits.map {
                KioskConfig.Fruit(id: $0.id, name: $0.name, initial: shelf, maximum: max(shelf, 1))
            },
            juices: standard.juices,
            bank: standard.bank)
        let menu = Menu(config: config)
        let fruitStore = try FruitStore(menu: menu, store: InMemoryInventoryStore(menu.initialStock), bus: bus)
        maker = JuiceMaker(fruitStore: fruitStore, ledger: InMemorySalesLedger())
        juices = menu.juices
    }

    /// Orders one of the `index`-th juice on the menu (cycling).
    func order(_ index: Int) throws -> StockCommit {
        try maker.make(juices[index % juices.count])
    }
}
