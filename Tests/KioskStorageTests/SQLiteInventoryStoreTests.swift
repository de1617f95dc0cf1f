import Foundation
import GRDB
import JuiceMaker
import KioskCore
import Testing

@testable import KioskStorage

@Suite struct SQLiteInventoryStoreTests {
    /// A store on a fresh database file in `directory`, as a kiosk process opens it.
    static func open(
        _ directory: String, config: KioskConfig, now: @escaping @Sendable () -> Date = Date.init
    ) throws -> (database: KioskDatabase, store: SQLiteInventoryStore, menu: Menu) {
        let database = try KioskDatabase.open(.directory(directory))
        let menu = Menu(config: config)
        return (database, try SQLiteInventoryStore(database: database, menu: menu, now: now), menu)
    }

    static func levels(_ inventory: Inventory) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: inventory.levels.map { ($0.fruit.id, $0.count) })
    }

    // MARK: - Seeding and restarts

    @Test("the first run seeds every configured fruit and records a seed adjustment for each")
    func firstRunSeeds() throws {
        let temporary = try TemporaryDirectory()
        let (database, store, menu) = try Self.open(temporary.path, config: .standard())
        #expect(try store.stock() == menu.initialStock)
        #expect(
            try Adjustment.all(in: database)
                == menu.fruits.map { Adjustment(fruit: $0.id, reason: "seed", old: 0, new: $0.initial) })
        let totals = try LedgerTotals(database)
        #expect(totals.sales == 0)
        #expect(totals.stock == Self.levels(menu.initialStock))
    }

    @Test("closing and reopening keeps the stock and the ledger, and seeds nothing twice")
    func restartKeepsEverything() throws {
        let temporary = try TemporaryDirectory()
        do {
            let (_, store, menu) = try Self.open(temporary.path, config: .standard())
            let banana = try #require(menu.juice("banana"))
            let kiwi = try #require(menu.fruit("kiwi"))
            _ = try store.commit(.order(juice: banana, count: 2))
            _ = try store.commit(.add(fruit: kiwi, amount: 4))
        }
        let (database, store, menu) = try Self.open(temporary.path, config: .standard())
        let stock = try store.stock()
        #expect(stock["banana"] == 6)
        #expect(stock["kiwi"] == 14)
        #expect(stock["mango"] == 10)
        let adjustments = try Adjustment.all(in: database)
        #expect(adjustments.filter { $0.reason == "seed" }.count == menu.fruits.count)
        #expect(adjustments.last == Adjustment(fruit: "kiwi", reason: "add", old: 10, new: 14))
        let totals = try LedgerTotals(database)
        #expect(totals.sales == 1)
        #expect(totals.sold == ["banana": 4])
        #expect(totals.imbalances.isEmpty, "\(totals.imbalances)")

        // The reopened store carries on from the persisted level.
        let commit = try store.commit(.order(juice: try #require(menu.juice("banana")), count: 3))
        #expect(commit.deltas.map(\.old) == [6])
        #expect(commit.stock["banana"] == 0)
    }

    @Test("a fruit new in the config joins with its initial stock on the next open")
    func newFruitIsSeeded() throws {
        let temporary = try TemporaryDirectory()
        do {
            let (_, store, menu) = try Self.open(temporary.path, config: .standard())
            _ = try store.commit(.order(juice: try #require(menu.juice("banana")), count: 2))
        }
        let lychee = KioskConfig.Fruit(id: "lychee", name: "Lychee", initial: 7, maximum: 50)
        let (database, store, _) = try Self.open(temporary.path, config: .standard(adding: [lychee]))
        let stock = try store.stock()
        #expect(stock["lychee"] == 7)
        #expect(stock["banana"] == 6)
        let adjustments = try Adjustment.all(in: database)
        #expect(adjustments.last == Adjustment(fruit: "lychee", reason: "seed", old: 0, new: 7))
        #expect(adjustments.filter { $0.reason == "seed" }.count == 6)
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }

    @Test("a fruit dropped from the config keeps its row but is not offered; it returns with its level")
    func droppedFruitIsKept() throws {
        let temporary = try TemporaryDirectory()
        do {
            let (_, store, menu) = try Self.open(temporary.path, config: .standard())
            _ = try store.commit(.add(fruit: try #require(menu.fruit("mango")), amount: 5))
        }
        do {
            let (database, store, menu) = try Self.open(temporary.path, config: .standard(removing: ["mango"]))
            let stock = try store.stock()
            #expect(!stock.fruits.contains { $0.id == "mango" })
            #expect(stock["mango"] == nil)
            #expect(menu.juice("mango-kiwi") == nil)
            // Changes to the other fruits leave mango's row alone.
            _ = try store.commit(.reset(to: menu.initialStock))
            _ = try store.commit(.order(juice: try #require(menu.juice("kiwi")), count: 1))
            let totals = try LedgerTotals(database)
            #expect(totals.stock["mango"] == 15)
            #expect(totals.imbalances.isEmpty, "\(totals.imbalances)")
        }
        let (database, store, _) = try Self.open(temporary.path, config: .standard())
        #expect(try store.stock()["mango"] == 15)
        #expect(try Adjustment.all(in: database).filter { $0.fruit == "mango" && $0.reason == "seed" }.count == 1)
    }

    @Test("a shelf whose max was lowered below its stock is brought down to it, and the ledger says so")
    func loweredMaximum() throws {
        let temporary = try TemporaryDirectory()
        do {
            let (_, store, menu) = try Self.open(temporary.path, config: .standard())
            _ = try store.commit(.set(fruit: try #require(menu.fruit("banana")), amount: 80))
        }
        let standard = try KioskConfig.standard()
        let smaller = KioskConfig(
            fruits: standard.fruits.map {
                $0.id == "banana" ? KioskConfig.Fruit(id: "banana", name: "Banana", initial: 10, maximum: 50) : $0
            },
            juices: standard.juices, bank: standard.bank)
        let (database, store, menu) = try Self.open(temporary.path, config: smaller)
        #expect(try store.stock()["banana"] == 50)
        #expect(try Adjustment.all(in: database).last == Adjustment(fruit: "banana", reason: "set", old: 80, new: 50))
        _ = try store.commit(.order(juice: try #require(menu.juice("banana")), count: 1))
        let totals = try LedgerTotals(database)
        #expect(totals.stock["banana"] == 48)
        #expect(totals.imbalances.isEmpty, "\(totals.imbalances)")
    }

    @Test("two connections opening a new data directory at once both get one migrated, seeded database")
    func simultaneousFirstOpen() async throws {
        for _ in 0..<40 {
            let temporary = try TemporaryDirectory()
            let path = temporary.path + "/kiosk"
            let config = try KioskConfig.standard()
            async let first = onThread { Result { try Self.open(path, config: config).database } }
            async let second = onThread { Result { try Self.open(path, config: config).database } }
            let databases = try [await first.get(), await second.get()]
            let adjustments = try Adjustment.all(in: databases[0])
            #expect(adjustments.count == config.fruits.count)
            #expect(adjustments.allSatisfy { $0.reason == "seed" })
        }
    }

    // MARK: - Changes and what they record

    @Test("stock reset restores the initial stock and records a reset adjustment per changed fruit")
    func resetRecordsAdjustments() throws {
        let temporary = try TemporaryDirectory()
        let (database, store, menu) = try Self.open(temporary.path, config: .standard())
        _ = try store.commit(.order(juice: try #require(menu.juice("banana")), count: 2))
        _ = try store.commit(.add(fruit: try #require(menu.fruit("mango")), amount: 5))
        _ = try store.commit(.remove(fruit: try #require(menu.fruit("kiwi")), amount: 3))

        let commit = try store.commit(.reset(to: menu.initialStock))
        #expect(commit.stock == menu.initialStock)
        #expect(try store.stock() == menu.initialStock)
        #expect(
            try Adjustment.all(in: database).filter { $0.reason == "reset" } == [
                Adjustment(fruit: "banana", reason: "reset", old: 6, new: 10),
                Adjustment(fruit: "kiwi", reason: "reset", old: 7, new: 10),
                Adjustment(fruit: "mango", reason: "reset", old: 15, new: 10),
            ])

        // A reset that changes nothing records nothing.
        let count = try Adjustment.all(in: database).count
        #expect(try store.commit(.reset(to: menu.initialStock)).deltas.isEmpty)
        #expect(try Adjustment.all(in: database).count == count)
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }

    /// A stock edit and the adjustment it must record on the built-in menu (mango starts at 10).
    struct Edit: Sendable, CustomTestStringConvertible {
        let kind: StockChange.Kind
        let amount: Int
        let new: Int

        var testDescription: String { "stock \(kind.rawValue) mango \(amount)" }

        func change(_ mango: Fruit) -> StockChange {
            switch kind {
            case .set: .set(fruit: mango, amount: amount)
            case .add: .add(fruit: mango, amount: amount)
            default: .remove(fruit: mango, amount: amount)
            }
        }
    }

    @Test(
        "set, add and remove record their reason with the old and new level",
        arguments: [
            Edit(kind: .set, amount: 4, new: 4), Edit(kind: .set, amount: 100, new: 100),
            Edit(kind: .add, amount: 5, new: 15), Edit(kind: .remove, amount: 3, new: 7),
            Edit(kind: .remove, amount: 10, new: 0),
        ])
    func editsRecordAdjustments(_ edit: Edit) throws {
        let temporary = try TemporaryDirectory()
        let (database, store, menu) = try Self.open(temporary.path, config: .standard())
        let commit = try store.commit(edit.change(try #require(menu.fruit("mango"))))
        #expect(commit.stock["mango"] == edit.new)
        #expect(try store.stock()["mango"] == edit.new)
        #expect(
            try Adjustment.all(in: database).last
                == Adjustment(fruit: "mango", reason: edit.kind.rawValue, old: 10, new: edit.new))
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }

    /// A change the built-in menu's initial stock refuses.
    enum Refused: String, Sendable, CaseIterable {
        case strawberryJuice, strawberryBananaAfterBananaRunsOut, addAboveMax, setAboveMax, removeBelowZero
    }

    @Test("a refused change writes nothing: no sale, no adjustment, stock unchanged", arguments: Refused.allCases)
    func refusedChangeWritesNothing(_ refused: Refused) throws {
        let temporary = try TemporaryDirectory()
        let (database, store, menu) = try Self.open(temporary.path, config: .standard())
        let mango = try #require(menu.fruit("mango"))
        var expected = menu.initialStock
        let change: StockChange
        switch refused {
        case .strawberryJuice:
            change = .order(juice: try #require(menu.juice("strawberry")), count: 1)
        case .strawberryBananaAfterBananaRunsOut:
            // Strawberry is there, banana is not: the order must not take the strawberry.
            _ = try store.commit(.set(fruit: try #require(menu.fruit("banana")), amount: 0))
            expected = try store.stock()
            change = .order(juice: try #require(menu.juice("strawberry-banana")), count: 1)
        case .addAboveMax:
            change = .add(fruit: mango, amount: 91)
        case .setAboveMax:
            change = .set(fruit: mango, amount: 101)
        case .removeBelowZero:
            change = .remove(fruit: mango, amount: 11)
        }
        let before = try LedgerTotals(database)

        #expect(throws: JuiceError.self) { try store.commit(change) }

        #expect(try store.stock() == expected)
        #expect(try LedgerTotals(database) == before)
    }

    // MARK: - Announcements

    @Test("a commit is announced once, after it is written; a refused change is not announced")
    func announcesCommittedChanges() throws {
        let temporary = try TemporaryDirectory()
        let (database, store, menu) = try Self.open(temporary.path, config: .standard())
        let banana = try #require(menu.juice("banana"))
        let announced = Collected<StockCommit>()

        let commit = try store.commit(.order(juice: banana, count: 2)) { announced.append($0) }
        #expect(announced.all == [commit])
        #expect(commit.deltas.map { "\($0.fruit) \($0.old)->\($0.new)" } == ["banana 10->6"])

        #expect(throws: JuiceError.self) {
            try store.commit(.order(juice: banana, count: 9)) { announced.append($0) }
        }
        #expect(announced.all == [commit])
        #expect(try LedgerTotals(database).sales == 1)
    }

    /// How the racing threads reach the database file.
    enum Sharing: String, Sendable, CaseIterable {
        /// Both threads commit through one store.
        case oneStore
        /// Each thread has a store of its own on the same database.
        case storePerThread
    }

    @Test(
        "commits from two threads are announced in commit order: each fruit's old -> new chain is unbroken",
        arguments: Sharing.allCases)
    func announcesInCommitOrder(_ sharing: Sharing) async throws {
        let temporary = try TemporaryDirectory()
        let config = try KioskConfig.deepShelves(initial: 2_000)
        let database = try KioskDatabase.open(.directory(temporary.path))
        let menu = Menu(config: config)
        let first = try SQLiteInventoryStore(database: database, menu: menu)
        let second = sharing == .oneStore ? first : try SQLiteInventoryStore(database: database, menu: menu)
        let ordersPerThread = 400
        /// Every announcement, tagged with the thread whose commit it was.
        let announced = Collected<(thread: Int, commit: StockCommit)>()

        @Sendable func orders(_ store: SQLiteInventoryStore, thread: Int) -> Result<[StockCommit], any Error> {
            Result {
                try (0..<ordersPerThread).map { index in
                    // Both juices take banana, so the threads contend for it on every order.
                    let juice = menu.juices[(index + thread) % menu.juices.count]
                    return try store.commit(.order(juice: juice, count: 1)) { commit in
                        announced.append((thread, commit))
                    }
                }
            }
        }
        async let one = onThread { orders(first, thread: 1) }
        async let two = onThread { orders(second, thread: 2) }
        let returned = [1: try await one.get(), 2: try await two.get()]

        let announcements = announced.all
        #expect(announcements.count == 2 * ordersPerThread)
        // Each thread's commits are announced once each, in the order that thread made them.
        for thread in [1, 2] {
            #expect(announcements.filter { $0.thread == thread }.map(\.commit) == returned[thread])
        }
        // Across threads, every delta starts where the one announced before it ended.
        var level = Dictionary(uniqueKeysWithValues: menu.fruits.map { ($0.id, $0.initial) })
        var breaks: [String] = []
        for (position, announcement) in announcements.enumerated() {
            for delta in announcement.commit.deltas {
                if level[delta.fruit] != delta.old {
                    breaks.append(
                        "#\(position) \(delta.fruit): \(level[delta.fruit] ?? -1) then \(delta.old)->\(delta.new)")
                }
                level[delta.fruit] = delta.new
                #expect(announcement.commit.stock[delta.fruit] == delta.new)
            }
        }
        #expect(breaks.count == 0, "\(breaks.prefix(3))")
        let stock = try first.stock()
        for fruit in menu.fruits {
            #expect(stock[fruit.id] == level[fruit.id], "\(fruit.id)")
        }
        // Banana: 2,000 − 2 per banana juice − 1 per mix, 400 of each; kiwi: 1 per mix.
        #expect(level["banana"] == 2_000 - 400 * 2 - 400)
        #expect(level["kiwi"] == 2_000 - 400)
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }

    // MARK: - Two connections

    /// What one racing connection did, as it saw its own commits.
    struct Tally: Sendable {
        var orders = 0
        var juices = 0
        var refusedOrders = 0
        var refusedEdits = 0
        var consumed: [String: Int] = [:]
        var added: [String: Int] = [:]
        var removed: [String: Int] = [:]
        var failures: [String] = []

        static func + (lhs: Tally, rhs: Tally) -> Tally {
            Tally(
                orders: lhs.orders + rhs.orders, juices: lhs.juices + rhs.juices,
                refusedOrders: lhs.refusedOrders + rhs.refusedOrders, refusedEdits: lhs.refusedEdits + rhs.refusedEdits,
                consumed: lhs.consumed.merging(rhs.consumed, uniquingKeysWith: +),
                added: lhs.added.merging(rhs.added, uniquingKeysWith: +),
                removed: lhs.removed.merging(rhs.removed, uniquingKeysWith: +),
                failures: lhs.failures + rhs.failures)
        }
    }

    /// 5,000 random orders and stock edits through `store`: three in four are orders of one to
    /// three juices, the rest add (or now and then remove) a little fruit, so the shelves run
    /// low and a good share of orders is refused.
    static func race(_ store: SQLiteInventoryStore, menu: Menu, seed: UInt64) -> Tally {
        var random = SplitMix64(seed: seed)
        var tally = Tally()
        for _ in 0..<5_000 {
            let fruit = menu.fruits[Int.random(in: 0..<menu.fruits.count, using: &random)]
            let change: StockChange
            switch Int.random(in: 0..<16, using: &random) {
            case 0..<12:
                let juice = menu.juices[Int.random(in: 0..<menu.juices.count, using: &random)]
                change = .order(juice: juice, count: Int.random(in: 1...3, using: &random))
            case 12..<15:
                change = .add(fruit: fruit, amount: Int.random(in: 1...12, using: &random))
            default:
                change = .remove(fruit: fruit, amount: Int.random(in: 1...3, using: &random))
            }
            do {
                let commit = try store.commit(change)
                switch change {
                case .order(let juice, let count):
                    tally.orders += 1
                    tally.juices += count
                    for ingredient in juice.recipe.ingredients {
                        tally.consumed[ingredient.fruit, default: 0] += ingredient.amount * count
                    }
                case .add(let fruit, let amount): tally.added[fruit.id, default: 0] += amount
                case .remove(let fruit, let amount): tally.removed[fruit.id, default: 0] += amount
                default: break
                }
                if commit.deltas.contains(where: { $0.new < 0 }) { tally.failures.append("negative: \(commit)") }
            } catch let error as JuiceError {
                if case .order = change { tally.refusedOrders += 1 } else { tally.refusedEdits += 1 }
                if case .outOfStock = error {
                } else if case .belowZero = error {
                } else {
                    tally.failures.append("\(error)")
                }
            } catch {
                tally.failures.append("\(error)")
            }
        }
        return tally
    }

    @Test("two connections racing 5,000 orders and edits each never oversell, and the ledger matches exactly")
    func twoConnectionsRace() async throws {
        let temporary = try TemporaryDirectory()
        let config = try KioskConfig.deepShelves(initial: 200)
        let first = try Self.open(temporary.path, config: config)
        let second = try Self.open(temporary.path, config: config)

        async let one = onThread { Self.race(first.store, menu: first.menu, seed: 0xD1CE_0001) }
        async let two = onThread { Self.race(second.store, menu: second.menu, seed: 0xD1CE_0002) }
        let tally = await one + two

        #expect(tally.failures.isEmpty, "\(tally.failures.prefix(3))")
        // Both outcomes must really happen, or the test proves little.
        #expect(tally.orders > 2_000)
        #expect(tally.refusedOrders > 500)

        let totals = try LedgerTotals(first.database)
        #expect(totals.sales == tally.orders)
        #expect(totals.juices == tally.juices)
        #expect(totals.sold == tally.consumed)
        for fruit in first.menu.fruits {
            let expected =
                fruit.initial + tally.added[fruit.id, default: 0] - tally.removed[fruit.id, default: 0]
                - tally.consumed[fruit.id, default: 0]
            #expect(totals.stock[fruit.id] == expected, "\(fruit.id)")
            #expect(try second.store.stock()[fruit.id] == expected, "\(fruit.id) seen by the other connection")
            #expect(
                totals.adjusted[fruit.id]
                    == fruit.initial + tally.added[fruit.id, default: 0] - tally.removed[fruit.id, default: 0])
        }
        #expect(totals.imbalances.isEmpty, "\(totals.imbalances)")
    }

    @Test("two stores on one connection see each other's commits")
    func twoStoresOneConnection() throws {
        let temporary = try TemporaryDirectory()
        let database = try KioskDatabase.open(.directory(temporary.path))
        let menu = try Menu(config: .standard())
        let first = try SQLiteInventoryStore(database: database, menu: menu)
        let second = try SQLiteInventoryStore(database: database, menu: menu)
        let banana = try #require(menu.juice("banana"))
        #expect(try second.stock()["banana"] == 10)
        _ = try first.commit(.order(juice: banana, count: 2))
        #expect(try second.stock()["banana"] == 6)
        let commit = try second.commit(.order(juice: banana, count: 3))
        #expect(commit.deltas.map(\.old) == [6])
        #expect(try first.stock()["banana"] == 0)
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }

    @Test("every order reads the stock inside its transaction: a level another connection wrote counts at once")
    func orderReadsTheStockEveryTime() throws {
        let temporary = try TemporaryDirectory()
        let (_, store, menu) = try Self.open(temporary.path, config: .standard())
        let banana = try #require(menu.juice("banana"))
        _ = try store.commit(.order(juice: banana, count: 1))
        let other = try DatabaseQueue(path: temporary.path + "/kiosk.sqlite")
        try other.write { db in try db.execute(sql: "UPDATE stock SET quantity = 3 WHERE fruit = 'banana'") }
        let commit = try store.commit(.order(juice: banana, count: 1))
        #expect(commit.deltas.map(\.old) == [3])
        #expect(throws: JuiceError.self) { try store.commit(.order(juice: banana, count: 1)) }
    }

    @Test("the stock asked for again is read again once another connection or this one wrote")
    func stockIsReadAgainAfterAnyWrite() throws {
        let temporary = try TemporaryDirectory()
        let (_, store, menu) = try Self.open(temporary.path, config: .standard())
        let banana = try #require(menu.juice("banana"))
        #expect(try store.stock()["banana"] == 10)
        #expect(try store.stock()["banana"] == 10)
        let other = try DatabaseQueue(path: temporary.path + "/kiosk.sqlite")
        try other.write { db in try db.execute(sql: "UPDATE stock SET quantity = 7 WHERE fruit = 'banana'") }
        #expect(try store.stock()["banana"] == 7)
        let commit = try store.commit(.order(juice: banana, count: 1))
        #expect(commit.deltas.map(\.old) == [7])
        #expect(try store.stock() == commit.stock)
        #expect(try store.stock()["banana"] == commit.stock["banana"])
    }

    @Test("the sale rows name the juice and fruits ordered, for the menu's juices and another menu's")
    func saleRowsNameWhatWasOrdered() throws {
        let database = try KioskDatabase.open(.memory)
        let menu = Menu(config: try .deepShelves(initial: 100))
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        // Another menu whose first juice and fruits sit where this menu's do, under other
        // ids for the juice: its order is written under its own ids.
        let other = Menu(
            config: KioskConfig(
                fruits: try KioskConfig.deepShelves(initial: 100).fruits,
                juices: [
                    KioskConfig.Juice(
                        id: "kiwi-banana", name: "Kiwi-Banana Juice", aliases: [],
                        recipe: [
                            KioskConfig.Ingredient(fruit: "banana", amount: 3),
                            KioskConfig.Ingredient(fruit: "kiwi", amount: 1),
                        ])
                ], bank: KioskConfig.builtIn.bank))
        for juice in menu.juices + other.juices {
            _ = try store.commit(.order(juice: juice, count: 2))
        }
        let sales = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT sale.juice, sale_fruit.fruit, sale_fruit.amount FROM sale
                    JOIN sale_fruit ON sale_fruit.sale_id = sale.id ORDER BY sale.id, sale_fruit.fruit
                    """
            ).map { "\($0[0] as String) \($0[1] as String) \($0[2] as Int)" }
        }
        #expect(
            sales == [
                "banana banana 4", "mix banana 2", "mix kiwi 2", "kiwi-banana banana 6", "kiwi-banana kiwi 2",
            ])
    }

    @Test("an order after a write on the same connection, by no store, reads the stock again")
    func orderAfterAWriteOnTheSameConnection() throws {
        let database = try KioskDatabase.open(.memory)
        let menu = try Menu(config: .standard())
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        let banana = try #require(menu.juice("banana"))
        // Orders back to back take their stock from the one committed before.
        #expect(try store.commit(.order(juice: banana, count: 1)).deltas.map(\.old) == [10])
        #expect(try store.commit(.order(juice: banana, count: 1)).deltas.map(\.old) == [8])
        try database.immediateTransaction { db in
            try db.execute(sql: "UPDATE stock SET quantity = 5 WHERE fruit = 'banana'")
        }
        #expect(try store.commit(.order(juice: banana, count: 1)).deltas.map(\.old) == [5])
        // A refused order leaves the reading as it was, and the next write still counts.
        #expect(throws: JuiceError.self) { try store.commit(.order(juice: banana, count: 2)) }
        try database.immediateTransaction { db in
            try db.execute(sql: "UPDATE stock SET quantity = 9 WHERE fruit = 'banana'")
        }
        #expect(try store.commit(.order(juice: banana, count: 2)).deltas.map(\.old) == [9])
        #expect(try store.stock()["banana"] == 5)
    }

    @Test(
        "a stored level kiosk never writes is an error naming fruit and value; strangers are ignored",
        arguments: [
            ("banana", "NULL", "NULL"), ("mango", "5000", "5000"), ("kiwi", "-4", "-4"), ("kiwi", "'four'", "'four'"),
            ("kiwi", "2.5", "2.5"),
        ])
    func tamperedLevelsAreErrors(_ fruit: String, _ stored: String, _ shown: String) throws {
        let database = try KioskDatabase.open(.memory)
        let menu = try Menu(config: .standard())
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        // Read once while sound: the stock read before is not handed back after the edit.
        #expect(try store.stock() == menu.initialStock)
        try HandEditedDatabaseTests.loosen(
            "stock", columns: "fruit TEXT, quantity INTEGER, max INTEGER",
            rows: """
                INSERT INTO stock SELECT id, 10, 100 FROM (SELECT 'strawberry' AS id UNION SELECT 'banana'
                    UNION SELECT 'pineapple' UNION SELECT 'kiwi' UNION SELECT 'mango');
                INSERT INTO stock VALUES ('durian', 7, 10);
                UPDATE stock SET quantity = \(stored) WHERE fruit = '\(fruit)';
                """,
            in: database)
        let expected = StorageError.tamperedStock(
            path: ":memory:", fruit: fruit, column: "quantity", value: shown, maximum: 100)
        #expect(throws: expected) { try store.stock() }
        // The same reading backs an order, which writes nothing.
        #expect(throws: expected) { try store.commit(.order(juice: try #require(menu.juice("mango")), count: 1)) }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sale") } == 0)
    }

    @Test("the shelf limits every check uses are the stored ones, and a stranger's row is ignored")
    func storedLimitsRule() throws {
        let database = try KioskDatabase.open(.memory)
        let menu = try Menu(config: .standard())
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        try database.immediateTransaction { db in
            try db.execute(
                sql: """
                    UPDATE stock SET max = 200, quantity = 150 WHERE fruit = 'mango';
                    INSERT INTO stock (fruit, quantity, max) VALUES ('durian', 7, 10);
                    """)
        }
        let stock = try store.stock()
        let mango = try #require(menu.fruit("mango"))
        #expect(stock[mango] == 150)
        #expect(stock.maximum(of: mango) == 200)
        #expect(Self.levels(stock)["durian"] == nil)
        let commit = try store.commit(.add(fruit: mango, amount: 50))
        #expect(commit.deltas.map(\.new) == [200])
        #expect(throws: JuiceError.aboveMaximum(fruit: "mango", kind: .add, amount: 1, have: 200, maximum: 200)) {
            try store.commit(.add(fruit: mango, amount: 1))
        }
    }

    @Test("opening with a different max stores the config's, reports the change, and sets a level above it down")
    func openingStoresTheConfiguredLimits() throws {
        let database = try KioskDatabase.open(.memory)
        let menu = try Menu(config: .standard())
        let first = try SQLiteInventoryStore(database: database, menu: menu)
        #expect(first.shelfLimitChanges.isEmpty)
        let mango = try #require(menu.fruit("mango"))
        _ = try first.commit(.set(fruit: mango, amount: 90))
        try database.immediateTransaction { db in
            try db.execute(sql: "UPDATE stock SET max = 95 WHERE fruit = 'mango'")
        }
        let second = try SQLiteInventoryStore(database: database, menu: menu)
        #expect(second.shelfLimitChanges == [ShelfLimitChange(fruit: "mango", stored: 95, configured: 100)])
        #expect(try second.stock().maximum(of: mango) == 100)
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }

    @Test("the in-memory database runs the same store and ledger")
    func inMemory() throws {
        let database = try KioskDatabase.open(.memory)
        let menu = try Menu(config: .standard())
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        _ = try store.commit(.order(juice: try #require(menu.juice("mango-kiwi")), count: 2))
        #expect(try store.stock()["mango"] == 6)
        let totals = try LedgerTotals(database)
        #expect(totals.sold == ["mango": 4, "kiwi": 2])
        #expect(totals.imbalances.isEmpty)
    }
}

/// Runs `body` on a thread of its own, so blocking SQLite calls that wait for each other
/// never share (or starve) the cooperative pool.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
    }
}
