import Foundation
import JuiceMaker
import KioskCore
import Testing

/// Orders as people say them: the count before or after the juice, several juices in one
/// order made all or nothing, and the offer to add what a refused order lacks.
@Suite struct OrderWordsTests {
    let shop: TestShop
    let registry: CommandRegistry

    init() throws {
        shop = try TestShop()
        registry = shop.registry()
    }

    /// The receipt of an order line, or the error it throws.
    private func order(_ line: String) async throws -> OrderReceipt {
        let invocation = try #require(try registry.parse(line))
        guard case .perform(let perform) = invocation.command.action,
            case .order(let receipt) = try await perform(invocation) as? ShopOutcome
        else {
            throw NotAnOrder(line: line)
        }
        return receipt
    }

    private func lines(_ receipt: OrderReceipt) -> [String] {
        receipt.lines.map { "\($0.juice.id) \($0.count)" }
    }

    @Test(
        "the count goes before or after the juice, and several juices make one order",
        arguments: [
            ("order 2 banana", ["banana 2"]),
            ("order banana 2", ["banana 2"]),
            ("order banana", ["banana 1"]),
            ("order banana, kiwi 2", ["banana 1", "kiwi 2"]),
            ("order banana,kiwi 2", ["banana 1", "kiwi 2"]),
            ("order banana , 2 kiwi", ["banana 1", "kiwi 2"]),
            ("order banana kiwi", ["banana 1", "kiwi 1"]),
            ("order 2 banana 3 kiwi", ["banana 2", "kiwi 3"]),
            ("order banana 2 kiwi 3", ["banana 2", "kiwi 3"]),
            ("order 2 banana kiwi", ["banana 2", "kiwi 1"]),
            ("order mango kiwi 2", ["mango-kiwi 2"]),
            ("order 2 mango kiwi, banana", ["mango-kiwi 2", "banana 1"]),
            ("order banana, banana 2", ["banana 3"]),
        ])
    func forms(line: String, expected: [String]) async throws {
        let receipt = try await order(line)
        #expect(lines(receipt) == expected)
        #expect(receipt.juice.id == receipt.lines.first?.juice.id)
        #expect(receipt.count == receipt.lines.first?.count)
    }

    @Test("an order of several juices takes their fruit in one change and records a sale per juice")
    func severalInOneChange() async throws {
        shop.recorder.clear()
        let receipt = try await order("order banana, kiwi 2")
        #expect(receipt.deltas.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["banana 10 -> 8", "kiwi 10 -> 4"])
        #expect(try shop.levels() == ["strawberry": 10, "banana": 8, "pineapple": 10, "kiwi": 4, "mango": 10])
        let events = shop.recorder.take()
        #expect(events.contains(.juiceServed(juice: "banana", count: 1)))
        #expect(events.contains(.juiceServed(juice: "kiwi", count: 2)))
        let report = shop.ledger.salesReport(from: nil, to: nil)
        #expect(report.lines.map { "\($0.juice) \($0.count) \($0.orders)" } == ["kiwi 2 1", "banana 1 1"])
        #expect(report.fruitUsed.map { "\($0.fruit) \($0.amount)" } == ["banana 2", "kiwi 6"])
    }

    @Test("an order of several juices short of fruit for all of them takes nothing and names the whole need")
    func allOrNothing() async throws {
        // kiwi: 3 for one kiwi juice, 3 for three mango-kiwi, 10 on the shelf: 9 fit, 12 do not.
        let error = await #expect(throws: JuiceError.self) { try await order("order kiwi 3, mango kiwi 3") }
        guard case .outOfStock(let refusal) = error else {
            Issue.record("not a refusal: \(String(describing: error))")
            return
        }
        #expect(refusal.lines.map { "\($0.juice) \($0.count)" } == ["kiwi 3", "mango-kiwi 3"])
        #expect(refusal.shortages == [Shortage(fruit: "kiwi", need: 12, have: 10)])
        #expect(refusal.fitsShelves)
        #expect(try shop.levels() == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
        #expect(shop.ledger.salesReport(from: nil, to: nil).lines.isEmpty)
    }

    @Test(
        "bad order words are clear errors",
        arguments: [
            ("order banana 0", "out_of_range"),
            ("order 0 banana", "out_of_range"),
            ("order -2 banana", "out_of_range"),
            ("order banana 100", "out_of_range"),
            ("order durian", "unknown_juice"),
            ("order banana 2 3", "extra_argument"),
            ("order 2", "missing_argument"),
            ("order", "missing_argument"),
            ("order banana 1.5", "not_a_number"),
        ])
    func badWords(line: String, code: String) {
        let error = #expect(throws: ParseError.self) { try registry.parse(line) }
        #expect(error?.code == code)
    }

    @Test(
        "a word that is neither a count nor a juice suggests the nearest name, of several words when the words around it make one",
        arguments: [
            ("order mango ki", "mango ki", "mango kiwi"),
            ("order mango kiwwi 2", "mango kiwwi", "mango kiwi"),
            ("order banana ki", "ki", "kiwi"),
            ("order 2 bananna", "bananna", "banana"),
        ])
    func suggestion(line: String, given: String, suggestion: String) {
        let error = #expect(throws: ParseError.self) { try registry.parse(line) }
        guard case .unknownValue(let noun, let word, let suggested, _) = error else {
            Issue.record("not an unknown value: \(String(describing: error))")
            return
        }
        #expect(noun == "juice")
        #expect(word == given)
        #expect(suggested == suggestion)
    }

    @Test("a refused order offers the fruit it lacks, and taking the offer adds it and makes the order in one change")
    func offer() async throws {
        let error = await #expect(throws: JuiceError.self) { try await order("order strawberry") }
        guard case .outOfStock(let refusal) = error else {
            Issue.record("not a refusal")
            return
        }
        let offer = try #require(shop.maker.offer(for: refusal))
        #expect(offer.additions == [FruitEdit(fruit: try shop.fruit("strawberry"), amount: 6)])
        shop.recorder.clear()
        let receipt = try shop.maker.accept(offer)
        #expect(receipt.restocked.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["strawberry 10 -> 16"])
        #expect(receipt.deltas.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["strawberry 10 -> 0"])
        #expect(receipt.used.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["strawberry 16 -> 0"])
        #expect(shop.recorder.take().contains(.juiceServed(juice: "strawberry", count: 1)))
        #expect(try shop.levels()["strawberry"] == 0)
        #expect(shop.ledger.salesReport(from: nil, to: nil).total == 1)
    }

    @Test(
        "what the juices took after an addition names every fruit they used, also one whose level ends where it began")
    func usedAfterAddition() async throws {
        try shop.fruitStore.set(try shop.fruit("strawberry"), to: 0)
        let error = await #expect(throws: JuiceError.self) { try await order("order strawberry-banana 2") }
        guard case .outOfStock(let refusal) = error, let offer = shop.maker.offer(for: refusal) else {
            Issue.record("no offer")
            return
        }
        let receipt = try shop.maker.accept(offer)
        #expect(receipt.restocked.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["strawberry 0 -> 20"])
        // Strawberry ends at 0, where it began: no net change, but 20 were used.
        #expect(receipt.deltas.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["banana 10 -> 8"])
        #expect(receipt.used.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["strawberry 20 -> 0", "banana 10 -> 8"])
    }

    @Test("no offer when full shelves could not fill the order")
    func noOfferPastTheShelf() async throws {
        // 7 strawberry juices need 112 strawberries; the shelf holds 100.
        let error = await #expect(throws: JuiceError.self) { try await order("order strawberry 7") }
        guard case .outOfStock(let refusal) = error else {
            Issue.record("not a refusal")
            return
        }
        #expect(!refusal.fitsShelves)
        #expect(shop.maker.offer(for: refusal) == nil)
        // Several juices that together need more than a shelf: no offer either.
        let several = await #expect(throws: JuiceError.self) {
            try await order("order strawberry 6, strawberry banana")
        }
        guard case .outOfStock(let both) = several else {
            Issue.record("not a refusal")
            return
        }
        #expect(both.shortages == [Shortage(fruit: "strawberry", need: 106, have: 10)])
        #expect(shop.maker.offer(for: both) == nil)
    }

    @Test("an offer whose addition no longer fits a shelf that now holds the order: made without adding")
    func offerNoLongerNeeded() async throws {
        let error = await #expect(throws: JuiceError.self) { try await order("order strawberry") }
        guard case .outOfStock(let refusal) = error, let offer = shop.maker.offer(for: refusal) else {
            Issue.record("no offer")
            return
        }
        // Meanwhile someone filled the shelf: adding 6 more is past its max, and not needed.
        try shop.fruitStore.set(try shop.fruit("strawberry"), to: 100)
        let receipt = try shop.maker.accept(offer)
        #expect(receipt.restocked.isEmpty)
        #expect(receipt.deltas.map { "\($0.fruit) \($0.old) -> \($0.new)" } == ["strawberry 100 -> 84"])
        #expect(try shop.levels()["strawberry"] == 84)
        #expect(shop.ledger.salesReport(from: nil, to: nil).total == 1)
    }

    @Test("an offer still short after a sale meanwhile: refused with the shelf's level, nothing changed")
    func offerStillShort() async throws {
        let error = await #expect(throws: JuiceError.self) { try await order("order strawberry 2") }
        guard case .outOfStock(let refusal) = error, let offer = shop.maker.offer(for: refusal) else {
            Issue.record("no offer")
            return
        }
        #expect(offer.additions == [FruitEdit(fruit: try shop.fruit("strawberry"), amount: 22)])
        // Meanwhile someone sold: 10 -> 4; adding 22 gives 26 of the 32 needed.
        try shop.fruitStore.set(try shop.fruit("strawberry"), to: 4)
        #expect(throws: JuiceError.outOfStock(refusalOf(2, need: 32, have: 4))) { try shop.maker.accept(offer) }
        #expect(try shop.levels()["strawberry"] == 4)
        #expect(shop.ledger.salesReport(from: nil, to: nil).total == 0)
    }

    private func refusalOf(_ count: Int, need: Int, have: Int) -> OrderRefusal {
        OrderRefusal(
            lines: [OrderRefusal.Line(juice: "strawberry", juiceName: "Strawberry Juice", count: count)],
            shortages: [Shortage(fruit: "strawberry", need: need, have: have)], fitsShelves: true)
    }
}

private struct NotAnOrder: Error {
    let line: String
}

extension OrderWordsTests {
    @Test("an order of no juice is refused as a count of none, and changes nothing")
    func noLines() throws {
        #expect(throws: JuiceError.invalidCount(0)) { try shop.maker.make([]) }
        #expect(try shop.levels() == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
    }
}
