import Foundation
import KioskCore
import Testing

@testable import KioskREPL

/// The JSON Lines contract, line for line: what README promises, from the real modules
/// through the presenter.
@Suite("JSON contract")
struct JSONContractTests {
    func json(_ lines: String...) async throws -> [String] {
        let shop = try await ShopSession(format: .json)
        for line in lines { await shop.run(line) }
        return shop.lines() + shop.errors.text.split(separator: "\n").map(String.init)
    }

    /// The result line of `line`, after `setup`.
    func result(_ line: String, after setup: [String] = []) async throws -> String? {
        let shop = try await ShopSession(format: .json)
        for line in setup { await shop.run(line) }
        _ = shop.output.text
        let before = shop.lines().count
        await shop.run(line)
        return shop.lines().dropFirst(before).last { $0.hasPrefix(#"{"type":"result""#) }
    }

    func error(_ line: String) async throws -> String? {
        let shop = try await ShopSession(format: .json)
        await shop.run(line)
        return shop.errors.text.split(separator: "\n").map(String.init).last
    }

    @Test("menu lists each juice with its recipe and how many the stock makes")
    func menu() async throws {
        #expect(
            try await result("menu")
                == #"{"type":"result","command":"menu","juices":["#
                + #"{"id":"strawberry","name":"Strawberry Juice","recipe":{"strawberry":16},"available":0},"#
                + #"{"id":"banana","name":"Banana Juice","recipe":{"banana":2},"available":5},"#
                + #"{"id":"kiwi","name":"Kiwi Juice","recipe":{"kiwi":3},"available":3},"#
                + #"{"id":"pineapple","name":"Pineapple Juice","recipe":{"pineapple":2},"available":5},"#
                + #"{"id":"strawberry-banana","name":"Strawberry-Banana Juice","recipe":{"strawberry":10,"banana":1},"available":1},"#
                + #"{"id":"mango","name":"Mango Juice","recipe":{"mango":3},"available":3},"#
                + #"{"id":"mango-kiwi","name":"Mango-Kiwi Juice","recipe":{"kiwi":1,"mango":2},"available":5}]}"#)
    }

    @Test("an order's own events come before its result, in publish order")
    func order() async throws {
        #expect(
            try await json("order banana 2") == [
                #"{"type":"event","event":"stock_changed","fruit":"banana","old":10,"new":6}"#,
                #"{"type":"event","event":"juice_served","juice":"banana","count":2}"#,
                #"{"type":"result","command":"order","juice":"banana","count":2,"#
                    + #""stock":{"strawberry":10,"banana":6,"pineapple":10,"kiwi":10,"mango":10}}"#,
            ])
    }

    @Test("a refused order is the out_of_stock error of the JSON contract")
    func refused() async throws {
        #expect(
            try await error("order strawberry")
                == #"{"type":"error","code":"out_of_stock","juice":"strawberry","#
                + #""shortages":[{"fruit":"strawberry","need":16,"have":10}],"#
                + #""message":"Cannot make 1 Strawberry Juice: strawberry needs 16, has 10. Fix: 'stock add strawberry 6' adds just what this order takes (the shelf is empty after it), or 'stock fill strawberry' fills the shelf."}"#
        )
    }

    @Test("stock shows every fruit in config order")
    func stock() async throws {
        #expect(
            try await result("stock")
                == #"{"type":"result","command":"stock","stock":{"strawberry":10,"banana":10,"pineapple":10,"kiwi":10,"mango":10}}"#
        )
    }

    @Test(
        "stock edits report the fruit's level before and after",
        arguments: [
            ("stock set mango 20", #"{"type":"result","command":"stock set","fruit":"mango","old":10,"new":20}"#),
            ("stock add Mango 5", #"{"type":"result","command":"stock add","fruit":"mango","old":10,"new":15}"#),
            ("stock remove kiwi 10", #"{"type":"result","command":"stock remove","fruit":"kiwi","old":10,"new":0}"#),
            ("stock set kiwi 10", #"{"type":"result","command":"stock set","fruit":"kiwi","old":10,"new":10}"#),
        ])
    func edits(line: String, expected: String) async throws {
        #expect(try await result(line) == expected)
    }

    @Test("stock edits explain the bound they hit")
    func bounds() async throws {
        #expect(
            try await error("stock add mango 95")
                == #"{"type":"error","code":"above_maximum","fruit":"mango","amount":95,"have":10,"max":100,"#
                + #""message":"Cannot add 95 mango: the shelf holds at most 100 and has 10. Add at most 90."}"#)
        #expect(
            try await error("stock remove banana 11")
                == #"{"type":"error","code":"below_zero","fruit":"banana","amount":11,"have":10,"#
                + #""message":"Cannot remove 11 banana: the shelf has 10. Remove at most 10."}"#)
        // The shelf's max is checked by the store (it may have changed since start), so a
        // level above it is the bound the shelf sets, with its numbers.
        #expect(
            try await error("stock set mango 101")?.hasPrefix(
                #"{"type":"error","code":"above_maximum","fruit":"mango","amount":101,"have":10,"max":100,"#) == true)
        #expect(try await error("stock set mango 1000001")?.contains(#""code":"out_of_range""#) == true)
        #expect(try await error("stock add mangoo 1")?.contains(#""suggestion":"mango""#) == true)
    }

    @Test("stock reset restores the configured stock")
    func reset() async throws {
        #expect(
            try await result("stock reset", after: ["order banana"])
                == #"{"type":"result","command":"stock reset","stock":{"strawberry":10,"banana":10,"pineapple":10,"kiwi":10,"mango":10}}"#
        )
    }

    @Test("parse errors carry their values and the sentence")
    func parseErrors() async throws {
        #expect(
            try await error("ordr banana")
                == #"{"type":"error","code":"unknown_command","command":"ordr","suggestion":"order","#
                + #""message":"Unknown command 'ordr'. Did you mean 'order'?"}"#)
    }

    @Test("bank results keep their fields")
    func bank() async throws {
        let added = try #require(try await result("bank add 3 loan"))
        #expect(
            added == #"{"type":"result","command":"bank add","customers":3,"tickets":{"first":1,"last":3},"#
                + #""by_task":{"deposit":0,"loan":3},"opened":true}"#)
        let reset = try #require(try await result("bank reset", after: ["bank add 2 deposit"]))
        #expect(
            reset == #"{"type":"result","command":"bank reset","cancelled":{"waiting":0,"in_service":2,"to_arrive":0}}"#
        )
        let status = try #require(try await result("bank status"))
        #expect(status.hasPrefix(#"{"type":"result","command":"bank status","open":false,"business_ms":0,"#))
        #expect(status.contains(#""clerks":[{"clerk":1,"ticket":null},{"clerk":2,"ticket":null}]"#))
    }

    @Test("every line is valid JSON whose first two fields are type and its kind")
    func parses() async throws {
        for line in try await json("menu", "order banana", "sales", "bank history", "help", "help order", "history") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["type"] != nil)
            #expect(line.hasPrefix(#"{"type":""#))
        }
    }

    @Test("bank plan names every thousandths field *_permille, and writes its old name beside it for one release")
    func planPermille() async throws {
        let line = try #require(
            try await result(
                "bank plan --rate deposit=30/h --rate loan=10/h --hours 1 --replications 2 --clerks deposit=1..2"
                    + " --clerks loan=1..2"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let candidates = try #require(object["candidates"] as? [[String: Any]])
        #expect(!candidates.isEmpty)
        for candidate in candidates {
            let utilisation = try #require(candidate["utilisation_permille"] as? [String: Int])
            #expect(candidate["utilisation"] as? [String: Int] == utilisation)
            let tasks = try #require(candidate["tasks"] as? [[String: Any]])
            for task in tasks {
                let within = try #require(task["within_target_permille"] as? [String: Int])
                #expect(task["within_target"] as? [String: Int] == within)
                if let theory = task["theory"] as? [String: Any] {
                    #expect(theory["within_target"] as? Int == theory["within_target_permille"] as? Int)
                    #expect(theory["within_target_permille"] is Int)
                }
            }
        }
        #expect(line.contains(#""within_target":{"#) && line.contains(#"},"within_target_permille":{"#))
    }
}
