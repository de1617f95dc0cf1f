import JuiceMaker
import KioskCore
import Testing

@testable import KioskREPL

@Suite("JSON lines written field by field")
struct JSONFieldWriterTests {
    /// Text that needs escaping in every way ``JSONValue/writeString(_:to:)`` knows.
    /// The last two are longer than the room lines are written in (``OutputRoom``), one
    /// of them with a quote to escape far along.
    static let awkward = [
        "banana", "say \"hi\"", "back\\slash", "tab\there", "line\u{2028}break", "바나나", "",
        String(repeating: "바나나", count: 60), String(repeating: "a", count: 700) + "\"",
    ]

    @Test("stock_changed reads as the Codable body encodes it", arguments: awkward)
    func stockChanged(fruit: String) {
        for (old, new) in [(10, 8), (0, 0), (-1, Int.max), (Int.min, 3)] {
            let expected = JSONLine(
                JSONContract.Event(
                    event: "stock_changed", body: JSONContract.StockChangedBody(fruit: fruit, old: old, new: new)),
                orElse: .null)
            #expect(Presenter.stockChangedLine(fruit: fruit, old: old, new: new) == expected)
        }
    }

    @Test("juice_served reads as the Codable body encodes it", arguments: awkward)
    func juiceServed(juice: String) {
        let expected = JSONLine(
            JSONContract.Event(event: "juice_served", body: JSONContract.JuiceServedBody(juice: juice, count: 12)),
            orElse: .null)
        #expect(Presenter.juiceServedLine(juice: juice, count: 12) == expected)
    }

    @Test("an order's result reads as the Codable body encodes it")
    func orderResult() throws {
        let menu = Menu(config: KioskConfig.builtIn)
        let juice = try #require(menu.juices.first)
        let stock = menu.initialStock
        let receipt = OrderReceipt(juice: juice, count: 2, deltas: [], stock: stock)
        let expected = JSONLine(
            JSONContract.Result(
                command: "order",
                body: JSONContract.OrderBody(juice: juice.id, count: 2, stock: JSONContract.Counts(stock))),
            orElse: .null)
        #expect(Presenter.orderLine(command: "order", receipt: receipt) == expected)
        #expect(expected.text.hasPrefix(#"{"type":"result","command":"order","juice":"#))
    }
}

@Suite("JSON lines written in place")
struct JSONInPlaceTests {
    @Test(
        "an order's events appended in place read as their lines, each ending in a newline",
        arguments: JSONFieldWriterTests.awkward)
    func orderEvents(name: String) {
        var bytes = Array("before\n".utf8)
        var expected = "before\n"
        for (old, new) in [(10, 8), (0, 0), (-1, Int.max), (Int.min, 3)] {
            #expect(Presenter.appendOrderEventLine(.stockChanged(fruit: name, old: old, new: new), to: &bytes))
            expected += Presenter.stockChangedLine(fruit: name, old: old, new: new).text + "\n"
            #expect(Presenter.appendOrderEventLine(.juiceServed(juice: name, count: new), to: &bytes))
            expected += Presenter.juiceServedLine(juice: name, count: new).text + "\n"
        }
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(!Presenter.appendOrderEventLine(.juiceAvailable(juice: name), to: &bytes))
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test("an order's result appended in place reads as its line, ending in a newline", arguments: [1, 2, 99])
    func orderResult(count: Int) throws {
        let menu = Menu(config: KioskConfig.builtIn)
        for juice in menu.juices {
            let receipt = OrderReceipt(juice: juice, count: count, deltas: [], stock: menu.initialStock)
            var bytes = Array("{}\n".utf8)
            Presenter.appendOrderLine(command: "order", receipt: receipt, to: &bytes)
            #expect(
                String(decoding: bytes, as: UTF8.self)
                    == "{}\n" + Presenter.orderLine(command: "order", receipt: receipt).text + "\n")
        }
    }
}
