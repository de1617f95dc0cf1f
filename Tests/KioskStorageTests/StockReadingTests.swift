import JuiceMaker
import KioskCore
import Testing

@testable import KioskStorage

/// The stock an order takes from is the one the connection read or committed last, changed in
/// place: what was handed out before stays as it was, and a refusal keeps counting right.
@Suite struct StockReadingTests {
    @Test("orders around refused changes count from the stock as it is, and earlier commits keep their stock")
    func refusalsKeepCounting() throws {
        let database = try KioskDatabase.open(.memory)
        let menu = try Menu(config: .standard())
        let store = try SQLiteInventoryStore(database: database, menu: menu)
        let banana = try #require(menu.juice("banana"))
        let fruit = try #require(menu.fruit("banana"))
        let first = try store.commit(.order(juice: banana, count: 1))
        #expect(first.deltas.map(\.old) == [10])
        #expect(throws: JuiceError.self) { try store.commit(.add(fruit: fruit, amount: 1_000_000)) }
        let second = try store.commit(.order(juice: banana, count: 1))
        #expect(second.deltas.map(\.old) == [8])
        #expect(throws: JuiceError.self) { try store.commit(.order(juice: banana, count: 5)) }
        let third = try store.commit(.order(juice: banana, count: 3))
        #expect(third.deltas.map(\.old) == [6])
        #expect(third.stock["banana"] == 0)
        // Each commit's stock is a value of its own, whatever came after it.
        #expect(first.stock["banana"] == 8)
        #expect(second.stock["banana"] == 6)
        #expect(try store.stock() == third.stock)
    }
}
