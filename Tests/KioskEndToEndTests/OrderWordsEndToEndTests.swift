import Foundation
import Testing

/// Orders as people say them, through the real binary: the count before or after the juice,
/// several juices in one order (text and JSON), all or nothing on SQLite, and the nearest
/// name of several words for a word that is neither a count nor a juice.
@Suite("Orders as people say them", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct OrderWordsEndToEndTests {
    @Test("the count goes before or after the juice")
    func countEitherSide() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "order 2 banana", "-c", "order banana 2"])
        #expect(
            run.stdoutLines == [
                "Made 2 Banana Juice.", "Stock: banana 10 -> 6", "Made 2 Banana Juice.", "Stock: banana 6 -> 2",
            ])
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
    }

    @Test("several juices make one order with one result listing each")
    func severalJuices() async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", "order banana, kiwi 2", "-c", "order banana kiwi"])
        #expect(
            run.stdoutLines == [
                "Made 1 Banana Juice and 2 Kiwi Juice.", "Stock: banana 10 -> 8, kiwi 10 -> 4",
                "Made 1 Banana Juice and 1 Kiwi Juice.", "Stock: banana 8 -> 6, kiwi 4 -> 1",
                "Kiwi Juice is sold out: Kiwi 1 left, needs 3.",
            ])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("JSON keeps the single-juice fields and adds every juice of an order of several")
    func json() async throws {
        let run = try await KioskBinary.run(
            ["--in-memory", "--json", "-c", "order 2 banana", "-c", "order banana, kiwi 2"])
        #expect(
            run.stdoutLines.filter { $0.hasPrefix(#"{"type":"result""#) } == [
                #"{"type":"result","command":"order","juice":"banana","count":2,"stock":{"strawberry":10,"banana":6,"pineapple":10,"kiwi":10,"mango":10}}"#,
                #"{"type":"result","command":"order","juice":"banana","count":1,"juices":[{"juice":"banana","count":1},{"juice":"kiwi","count":2}],"stock":{"strawberry":10,"banana":4,"pineapple":10,"kiwi":4,"mango":10}}"#,
            ])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("an order of several juices short of fruit takes nothing, in the database too")
    func allOrNothingStored() async throws {
        let sandbox = try Sandbox()
        let refused = try await KioskBinary.run(
            ["-c", "order kiwi 3, mango kiwi 3"], home: sandbox)
        #expect(
            refused.stderrLines == [
                "kiosk: -c: Cannot make 3 Kiwi Juice and 3 Mango-Kiwi Juice: kiwi needs 12, has 10. Fix: 'stock add kiwi 2' adds just what this order takes (the shelf is empty after it), or 'stock fill kiwi' fills the shelf."
            ])
        #expect(refused.status == 1)
        let after = try await KioskBinary.run(
            ["-c", "order kiwi 2, mango kiwi 2", "-c", "stock", "-c", "sales"],
            home: sandbox)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("Stock: kiwi 10 -> 2, mango 10 -> 6"), "\(after.stdout)")
        // The refused order recorded nothing: only the second order's sales, one per juice.
        #expect(after.stdout.contains("Sales, today"), "\(after.stdout)")
        #expect(after.stdoutLines.contains { $0.hasPrefix("Kiwi Juice  ") && $0.hasSuffix("2       1  kiwi 6") })
        #expect(
            after.stdoutLines.contains {
                $0.hasPrefix("Mango-Kiwi Juice") && $0.hasSuffix("2       1  kiwi 2, mango 4")
            })
        #expect(after.stdout.contains("Fruit used in all: kiwi 8, mango 4"))
    }

    @Test(
        "bad order words get clear errors",
        arguments: [
            ("order 2 banana 0", "kiosk: -c: <count> must be between 1 and 99, not 0."),
            ("order -2 banana", "kiosk: -c: <count> must be between 1 and 99, not -2."),
            ("order banana 100", "kiosk: -c: <count> must be between 1 and 99, not 100."),
            ("order mango ki", "kiosk: -c: Unknown juice 'mango ki'. Did you mean 'mango kiwi'?"),
            ("order 2 bananna", "kiosk: -c: Unknown juice 'bananna'. Did you mean 'banana'?"),
            ("order 2", "kiosk: -c: Missing <juice>. Usage: order <juice> [count] ..."),
        ])
    func badWords(line: String, error: String) async throws {
        let run = try await KioskBinary.run(["--in-memory", "-c", line])
        #expect(run.stderrLines == [error])
        #expect(!run.stderr.contains("Unknown juice '2'"))
        #expect(run.status == 1)
    }

    @Test("a refused order in a script or with --json asks nothing: the error, then the next line")
    func scriptsNeverAsk() async throws {
        let script = try await KioskBinary.run(["--in-memory"], input: "order strawberry\ny\nstock\n")
        #expect(!script.stdout.contains("[y/N]"))
        #expect(!script.stderr.contains("[y/N]"))
        #expect(script.stderr.contains("Cannot make 1 Strawberry Juice"))
        // The `y` is read as a command, not as an answer; nothing was made.
        #expect(script.stderr.contains("Unknown command 'y'"), "\(script.stderr)")
        #expect(!script.stdout.contains("Made"))
        let json = try await KioskBinary.run(["--in-memory", "--json", "-c", "order strawberry"])
        #expect(!json.stdout.contains("[y/N]"))
        #expect(json.stdout.contains(#""code":"out_of_stock""#) || json.stderr.contains(#""code":"out_of_stock""#))
    }
}

/// The exercise's offer at a real terminal (tmux): a refused order asks whether to add what
/// is missing and make it, one key answers, and yes does both in one change.
@Suite(
    "The offer at the prompt", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct RestockOfferTerminalTests {
    /// A prompt in `sandbox` (which must outlive it) where `line` was typed and `question` asked.
    static func asked(_ sandbox: Sandbox, _ line: String, _ question: String) async throws -> Tmux {
        let tmux = try ShopDayTerminalTests.start(sandbox)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try ShopDayTerminalTests.enter(tmux, line)
        try await tmux.waitFor("the question") { $0.contains { $0.hasPrefix(question) } }
        return tmux
    }

    @Test("y adds the missing fruit and makes the order, with the result")
    func yes() async throws {
        let sandbox = try Sandbox()
        let tmux = try await Self.asked(sandbox, "order strawberry", "Add 6 strawberry and make it? [y/N]")
        // One key, no Enter.
        try tmux.type("y")
        let rows = try await tmux.waitFor("the result") { $0.contains("Made 1 Strawberry Juice.") }
        #expect(rows.contains("Added 6 strawberry (10 -> 16)."))
        // What the juice took, from the shelf the addition left.
        #expect(rows.contains("Stock: strawberry 16 -> 0"))
        try await tmux.waitFor("the prompt again") {
            ShopDayTerminalTests.lastPrompt($0) == "kiosk> " || ShopDayTerminalTests.lastPrompt($0) == "kiosk>"
        }
        try ShopDayTerminalTests.enter(tmux, "stock")
        try await tmux.waitFor("the stock") { rows in rows.contains { $0.hasPrefix("strawberry") && $0.contains(" 0 ") }
        }
    }

    @Test("Enter says no: nothing changes, and the prompt comes back")
    func enterIsNo() async throws {
        let sandbox = try Sandbox()
        let tmux = try await Self.asked(sandbox, "order 2 banana, strawberry", "Add 6 strawberry and make them? [y/N]")
        try tmux.send("Enter")
        try await tmux.waitFor("the prompt again") {
            ($0.last { $0.hasPrefix("kiosk>") }) != nil && $0.last?.hasPrefix("Add") == false
        }
        try ShopDayTerminalTests.enter(tmux, "stock")
        let rows = try await tmux.waitFor("the stock") { rows in rows.contains { $0.hasPrefix("banana") } }
        #expect(!rows.contains { $0.hasPrefix("Made") })
        #expect(rows.contains { $0.hasPrefix("strawberry") && $0.contains(" 10 ") })
        #expect(rows.contains { $0.hasPrefix("banana") && $0.contains(" 10 ") })
    }

    @Test("Ctrl-D says no too, and the lines typed after it show as before: no blank row under each")
    func endOfInputIsNo() async throws {
        let sandbox = try Sandbox()
        let tmux = try await Self.asked(sandbox, "order strawberry", "Add 6 strawberry and make it? [y/N]")
        try tmux.send("C-d")
        try await tmux.waitFor("the prompt again") {
            ($0.last { $0.hasPrefix("kiosk>") }) != nil && $0.last?.hasPrefix("Add") == false
        }
        try ShopDayTerminalTests.enter(tmux, "order banana")
        let rows = try await tmux.waitFor("the order") { $0.contains("Stock: banana 10 -> 8") }
        let typed = try #require(rows.lastIndex(of: "kiosk> order banana"))
        #expect(rows[typed + 1] == "Made 1 Banana Juice.", "\(rows)")
        #expect(!rows.contains { $0.hasPrefix("Made 1 Strawberry") })
    }

    @Test("no offer when full shelves could not fill the order, nor with --json")
    func notOffered() async throws {
        let sandbox = try Sandbox()
        let tmux = try ShopDayTerminalTests.start(sandbox)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try ShopDayTerminalTests.enter(tmux, "order strawberry 7")
        try ShopDayTerminalTests.enter(tmux, "menu")
        let rows = try await tmux.waitFor("the menu after the refusal") { $0.contains { $0.hasPrefix("mango-kiwi") } }
        #expect(!rows.contains { $0.contains("[y/N]") })

        let json = try ShopDayTerminalTests.start(Sandbox(), arguments: ["--in-memory", "--json"])
        try await json.waitFor("the prompt", TerminalTests.hasPrompt)
        try ShopDayTerminalTests.enter(json, "order strawberry")
        try ShopDayTerminalTests.enter(json, "stock")
        let lines = try await json.waitFor("the stock after the refusal") {
            $0.contains { $0.contains(#""command":"stock""#) }
        }
        #expect(!lines.contains { $0.contains("[y/N]") })
    }

    @Test("-c at a terminal asks nothing: the refusal, then the exit")
    func commandLineNeverAsks() async throws {
        let tmux = try ShopDayTerminalTests.start(Sandbox(), arguments: ["--in-memory", "-c", "order strawberry"])
        let rows = try await tmux.waitFor("the exit") { $0.contains("EXIT=1") }
        #expect(rows.contains { $0.contains("Cannot make 1 Strawberry Juice") })
        #expect(!rows.contains { $0.contains("[y/N]") })
    }

    @Test("in Korean the refusal speaks as the exercise's alert, once, and the question follows it")
    func korean() async throws {
        let sandbox = try Sandbox()
        let tmux = try ShopDayTerminalTests.start(sandbox, arguments: ["--in-memory", "--lang", "ko"])
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try ShopDayTerminalTests.enter(tmux, "order strawberry")
        let asked = try await tmux.waitFor("the question") {
            $0.contains { $0.hasPrefix("딸기 6개를 채우고 만들까요? [y/N]") }
        }
        #expect(asked.joined(separator: "\n").components(separatedBy: "재료가 모자라요.").count == 2, "\(asked)")
        try tmux.type("ㅛ")
        try await tmux.waitFor("the result") { rows in rows.contains { $0.hasPrefix("딸기쥬스 1잔 나왔습니다!") } }
    }
}

/// Orders of several juices and the offer on the shared PostgreSQL store: all or nothing,
/// a sale per juice, and a ledger that still adds up to the stock.
@Suite(
    "Orders of several juices on PostgreSQL", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: TestPostgres.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct OrderWordsPostgresTests {
    @Test("an order of several juices is one change: refused whole, or made with a sale per juice")
    func severalJuices() async throws {
        let database = try TestPostgres.Database()
        let refused = try await KioskBinary.run(["--database", database.socket, "-c", "order kiwi 3, mango kiwi 3"])
        #expect(refused.status == 1)
        #expect(try database.integer("SELECT count(*) FROM sale") == 0)
        #expect(try database.stock()["kiwi"] == 10)
        let made = try await KioskBinary.run(["--database", database.socket, "-c", "order banana, kiwi 2"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try database.query("SELECT juice, count FROM sale ORDER BY id") == ["banana|1", "kiwi|2"])
        #expect(try database.stock()["kiwi"] == 4)
        #expect(try database.imbalances().isEmpty)
    }

    @Test("the offer adds the missing fruit and makes the order in one transaction, recorded as an add and a sale")
    func offer() async throws {
        let database = try TestPostgres.Database()
        let tmux = try ShopDayTerminalTests.start(Sandbox(), arguments: ["--database", database.socket])
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try ShopDayTerminalTests.enter(tmux, "order strawberry")
        try await tmux.waitFor("the question") { $0.contains { $0.hasPrefix("Add 6 strawberry and make it? [y/N]") } }
        try tmux.type("y")
        try await tmux.waitFor("the result") { $0.contains("Made 1 Strawberry Juice.") }
        #expect(try database.stock()["strawberry"] == 0)
        #expect(
            try database.query("SELECT fruit, reason, old, new FROM stock_adjustment WHERE reason = 'add'") == [
                "strawberry|add|10|16"
            ])
        #expect(try database.query("SELECT juice, count FROM sale") == ["strawberry|1"])
        #expect(try database.imbalances().isEmpty)
    }
}
