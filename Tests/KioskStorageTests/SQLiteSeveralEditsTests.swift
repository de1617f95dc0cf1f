import Foundation
import JuiceMaker
import KioskCore
import Testing

@testable import KioskStorage

/// `stock add kiwi 5 mango 5` and `stock fill` reach SQLite as one change: one IMMEDIATE
/// transaction writing every fruit and its adjustment row, or nothing.
@Suite struct SQLiteSeveralEditsTests {
    @Test("several edits commit together, one adjustment row per fruit that moved, with the edits' reason")
    func severalCommitTogether() throws {
        let temporary = try TemporaryDirectory()
        let (database, store, menu) = try SQLiteInventoryStoreTests.open(temporary.path, config: .standard())
        let kiwi = try #require(menu.fruit("kiwi"))
        let mango = try #require(menu.fruit("mango"))
        let seeded = try Adjustment.all(in: database).count
        let commit = try store.commit(
            .several(.add, [FruitEdit(fruit: kiwi, amount: 5), FruitEdit(fruit: mango, amount: 7)]))
        #expect(commit.deltas.map { "\($0.fruit) \($0.old)->\($0.new)" } == ["kiwi 10->15", "mango 10->17"])
        let added = try Adjustment.all(in: database).dropFirst(seeded)
        #expect(
            Array(added) == [
                Adjustment(fruit: "kiwi", reason: "add", old: 10, new: 15),
                Adjustment(fruit: "mango", reason: "add", old: 10, new: 17),
            ])
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }

    @Test("a refused edit among several writes nothing, not even the edits before it")
    func refusedWritesNothing() throws {
        let temporary = try TemporaryDirectory()
        let (database, store, menu) = try SQLiteInventoryStoreTests.open(temporary.path, config: .standard())
        let kiwi = try #require(menu.fruit("kiwi"))
        let mango = try #require(menu.fruit("mango"))
        let before = try LedgerTotals(database)
        #expect(throws: JuiceError.aboveMaximum(fruit: "mango", kind: .add, amount: 95, have: 10, maximum: 100)) {
            try store.commit(.several(.add, [FruitEdit(fruit: kiwi, amount: 5), FruitEdit(fruit: mango, amount: 95)]))
        }
        #expect(try LedgerTotals(database) == before)
        #expect(try store.stock() == menu.initialStock)
    }

    @Test("filling every shelf is one set per fruit that moved")
    func fillIsSet() throws {
        let temporary = try TemporaryDirectory()
        let (database, store, menu) = try SQLiteInventoryStoreTests.open(temporary.path, config: .standard())
        let seeded = try Adjustment.all(in: database).count
        _ = try store.commit(.several(.set, menu.fruits.map { FruitEdit(fruit: $0, amount: $0.maximum) }))
        let rows = try Adjustment.all(in: database).dropFirst(seeded)
        #expect(rows.count == menu.fruits.count)
        #expect(rows.allSatisfy { $0.reason == "set" && $0.new == 100 })
        #expect(try LedgerTotals(database).imbalances.isEmpty)
    }
}
