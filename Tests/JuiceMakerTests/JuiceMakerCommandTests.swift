import JuiceMaker
import KioskCore
import Testing

@Suite struct JuiceMakerCommandTests {
    let shop: TestShop
    let registry: CommandRegistry

    init() throws {
        shop = try TestShop()
        registry = shop.registry()
    }

    private func run(_ line: String) async throws -> CommandResult {
        try #require(try await registry.execute(line))
    }

    private func json(_ line: String) async throws -> String {
        try await run(line).json.serialized()
    }

    /// The JSON error a failing line prints.
    private func errorJSON(_ line: String) async -> String? {
        do {
            _ = try await registry.execute(line)
            return nil
        } catch let error as any KioskError {
            return error.json.serialized()
        } catch {
            return nil
        }
    }

    @Test("menu lists each juice with its recipe and how many the stock makes")
    func menu() async throws {
        #expect(
            try await json("menu")
                == #"{"type":"result","command":"menu","juices":["#
                + #"{"id":"strawberry","name":"Strawberry Juice","recipe":{"strawberry":16},"available":0},"#
                + #"{"id":"banana","name":"Banana Juice","recipe":{"banana":2},"available":5},"#
                + #"{"id":"kiwi","name":"Kiwi Juice","recipe":{"kiwi":3},"available":3},"#
                + #"{"id":"pineapple","name":"Pineapple Juice","recipe":{"pineapple":2},"available":5},"#
                + #"{"id":"strawberry-banana","name":"Strawberry-Banana Juice","recipe":{"strawberry":10,"banana":1},"available":1},"#
                + #"{"id":"mango","name":"Mango Juice","recipe":{"mango":3},"available":3},"#
                + #"{"id":"mango-kiwi","name":"Mango-Kiwi Juice","recipe":{"kiwi":1,"mango":2},"available":5}]}"#)

        let text = try await run("menu").text
        guard case .table(let table) = text.first else {
            Issue.record("menu text is not a table: \(text)")
            return
        }
        #expect(table.columns.map(\.title) == ["juice", "name", "recipe", "can make"])
        #expect(table.rows[4] == ["strawberry-banana", "Strawberry-Banana Juice", "strawberry 10, banana 1", "1"])
    }

    @Test("order makes juice, defaults to one, and reports the stock after")
    func order() async throws {
        #expect(
            try await json("order banana 2")
                == #"{"type":"result","command":"order","juice":"banana","count":2,"#
                + #""stock":{"strawberry":10,"banana":6,"pineapple":10,"kiwi":10,"mango":10}}"#)
        let result = try await run("order mango-kiwi")
        #expect(
            result.text == [
                .message("Made 1 Mango-Kiwi Juice.", .success), .message("Stock: kiwi 10 -> 9, mango 10 -> 8", .muted),
            ])
    }

    @Test(
        "order accepts ids, names and aliases in any case",
        arguments: [
            ("order BANANA", "banana"), (#"order "banana juice""#, "banana"), ("order Ddalba", "strawberry-banana"),
            (#"order "Strawberry Banana""#, "strawberry-banana"), ("order mangki 1", "mango-kiwi"),
        ])
    func orderSpellings(line: String, juice: String) async throws {
        let result = try await run(line)
        #expect(result.fields.first == JSONField("juice", .string(juice)))
    }

    @Test("a refused order is the out_of_stock error of the JSON contract")
    func refusal() async {
        #expect(
            await errorJSON("order strawberry")
                == #"{"type":"error","code":"out_of_stock","juice":"strawberry","#
                + #""shortages":[{"fruit":"strawberry","need":16,"have":10}],"#
                + #""message":"Cannot make 1 Strawberry Juice: strawberry needs 16, has 10. Fix: stock add strawberry 6"}"#
        )
    }

    @Test("the fix a refusal names lets the order through")
    func fixWorks() async throws {
        let error = await #expect(throws: JuiceError.self) { try await registry.execute("order strawberry-banana 3") }
        let message = try #require(error?.description)
        let fix = try #require(message.ranges(of: "Fix: ").last.map { String(message[$0.upperBound...]) })
        #expect(fix == "stock add strawberry 20")
        _ = try await run(fix)
        #expect(try await json("order strawberry-banana 3").contains(#""count":3"#))
    }

    @Test("order counts are 1 to 99", arguments: ["order banana 0", "order banana 100"])
    func orderCount(line: String) async {
        await #expect(throws: ParseError.self) { try await registry.execute(line) }
    }

    @Test("stock shows every fruit in config order")
    func stock() async throws {
        #expect(
            try await json("stock")
                == #"{"type":"result","command":"stock","stock":{"strawberry":10,"banana":10,"pineapple":10,"kiwi":10,"mango":10}}"#
        )
        let text = try await run("stock").text
        #expect(
            text == [
                .table(
                    Table(
                        columns: [
                            Table.Column("fruit"), Table.Column("name"), Table.Column("stock", alignment: .right),
                            Table.Column("max", alignment: .right),
                        ],
                        rows: [
                            ["strawberry", "Strawberry", "10", "100"], ["banana", "Banana", "10", "100"],
                            ["pineapple", "Pineapple", "10", "100"], ["kiwi", "Kiwi", "10", "100"],
                            ["mango", "Mango", "10", "100"],
                        ]))
            ])
    }

    @Test(
        "stock set, add and remove report the fruit's old and new level",
        arguments: [
            ("stock set mango 20", #"{"type":"result","command":"stock set","fruit":"mango","old":10,"new":20}"#),
            ("stock add Mango 5", #"{"type":"result","command":"stock add","fruit":"mango","old":10,"new":15}"#),
            ("stock remove kiwi 10", #"{"type":"result","command":"stock remove","fruit":"kiwi","old":10,"new":0}"#),
            ("stock set kiwi 10", #"{"type":"result","command":"stock set","fruit":"kiwi","old":10,"new":10}"#),
        ])
    func adjustments(line: String, expected: String) async throws {
        #expect(try await json(line) == expected)
    }

    @Test("stock edits explain the bound they hit")
    func adjustmentErrors() async {
        #expect(
            await errorJSON("stock add mango 95")
                == #"{"type":"error","code":"above_maximum","fruit":"mango","amount":95,"have":10,"max":100,"#
                + #""message":"Cannot add 95 mango: the shelf holds at most 100 and has 10. Add at most 90."}"#)
        #expect(
            await errorJSON("stock remove banana 11")
                == #"{"type":"error","code":"below_zero","fruit":"banana","amount":11,"have":10,"#
                + #""message":"Cannot remove 11 banana: the shelf has 10. Remove at most 10."}"#)
        #expect(await errorJSON("stock set mango 101")?.contains(#""code":"out_of_range""#) == true)
        #expect(await errorJSON("stock add mangoo 1")?.contains(#""suggestion":"mango""#) == true)
    }

    @Test("stock reset restores the configured stock")
    func reset() async throws {
        _ = try await run("order kiwi 3")
        _ = try await run("stock add banana 7")
        let result = try await run("stock reset")
        #expect(
            result.json.serialized()
                == #"{"type":"result","command":"stock reset","stock":{"strawberry":10,"banana":10,"pineapple":10,"kiwi":10,"mango":10}}"#
        )
        #expect(result.text.first == .message("Stock reset to the configured amounts.", .success))
        #expect(try shop.fruitStore.stock() == shop.menu.initialStock)
    }

    @Test("every command explains itself: summary, examples, and help that parses")
    func helpText() async throws {
        for command in shop.maker.commands {
            #expect(!command.spec.summary.isEmpty, "\(command.spec.name)")
            #expect(!command.spec.examples.isEmpty, "\(command.spec.name)")
            for example in command.spec.examples {
                let invocation = try registry.parse(example)
                #expect(invocation?.spec.path.first == command.spec.path.first, "\(example)")
            }
        }
        #expect(registry.command(named: ["order"])?.spec.discussion != nil)
        #expect(try await run("help order").text.contains(.message("Usage: order <juice> [count]", .heading)))
    }

    @Test("completion offers juice and fruit spellings")
    func completion() {
        #expect(registry.completions(forLine: "order mang") == ["mango", "mango-kiwi", "mango-juice", "mangki"])
        #expect(registry.completions(forLine: "stock add k") == ["kiwi"])
        #expect(registry.completions(forLine: "stock r") == ["remove", "reset"])
    }
}
