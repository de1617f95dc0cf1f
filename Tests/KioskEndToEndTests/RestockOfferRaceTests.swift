import Testing

/// The prompt's offer answered after another kiosk changed the stock (tmux, one data
/// directory): a refusal tells the levels on the shelf and a fix that works, and says that
/// nothing changed; an order the shelf has come to hold is made without the addition.
@Suite(
    "The offer after another kiosk's change", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct RestockOfferRaceTests {
    /// A prompt on `data` (a data directory in `sandbox` when nil) with 90 strawberries,
    /// asking to add 6 for 6 juices.
    static func offered(_ sandbox: Sandbox, on database: [String]? = nil) async throws -> (Tmux, [String]) {
        let data = database ?? ["--data-dir", sandbox.path + "/d"]
        let set = try await KioskBinary.run(data + ["-c", "stock set strawberry 90"], home: sandbox)
        #expect(set.status == 0, "\(set.stderr)")
        let tmux = try ShopDayTerminalTests.start(sandbox, arguments: data, width: 200)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try ShopDayTerminalTests.enter(tmux, "order 6 strawberry")
        try await tmux.waitFor("the question") { $0.contains { $0.hasPrefix("Add 6 strawberry and make it? [y/N]") } }
        return (tmux, data)
    }

    @Test("a sale meanwhile: the refusal counts the shelf without the addition, and nothing changed")
    func soldMeanwhile() async throws {
        let sandbox = try Sandbox()
        let (tmux, data) = try await Self.offered(sandbox)
        let sold = try await KioskBinary.run(data + ["-c", "order strawberry"], home: sandbox)
        #expect(sold.status == 0, "\(sold.stderr)")
        try tmux.type("y")
        let rows = try await tmux.waitFor("the refusal and the line after it") {
            $0.contains("Not added, not made: nothing changed.")
        }
        #expect(
            rows.contains {
                $0.hasPrefix(
                    "Cannot make 6 Strawberry Juice: strawberry needs 96, has 74. Fix: 'stock add strawberry 22'")
            }, "\(rows)")
        let stock = try await KioskBinary.run(data + ["-c", "stock"], home: sandbox)
        #expect(stock.stdout.split(separator: "\n").contains { $0.hasPrefix("strawberry") && $0.contains(" 74 ") })
    }

    @Test("a restock meanwhile that covers the order: made without adding, and said so")
    func stockedMeanwhile() async throws {
        let sandbox = try Sandbox()
        let (tmux, data) = try await Self.offered(sandbox)
        let filled = try await KioskBinary.run(data + ["-c", "stock add strawberry 10"], home: sandbox)
        #expect(filled.status == 0, "\(filled.stderr)")
        try tmux.type("y")
        let rows = try await tmux.waitFor("the result") {
            $0.contains("The stock covered the order by then, so nothing was added.")
        }
        #expect(rows.contains("Made 6 Strawberry Juice."), "\(rows)")
        #expect(!rows.contains { $0.hasPrefix("Added") }, "\(rows)")
        // The refusal before the question, and no other.
        #expect(rows.filter { $0.hasPrefix("Cannot") }.count == 1, "\(rows)")
        let stock = try await KioskBinary.run(data + ["-c", "stock"], home: sandbox)
        #expect(stock.stdout.split(separator: "\n").contains { $0.hasPrefix("strawberry") && $0.contains(" 4 ") })
    }
}

/// The same on PostgreSQL, where the server first tries the change under its own rule.
@Suite(
    "The offer after another kiosk's change, on PostgreSQL", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"),
    .enabled(if: TestPostgres.isConfigured, "needs the server make test starts (KIOSK_TEST_POSTGRES)"))
struct RestockOfferRacePostgresTests {
    @Test("a sale meanwhile is refused with the shelf's level; a fill meanwhile makes the order alone")
    func bothWays() async throws {
        let sandbox = try Sandbox()
        let database = try TestPostgres.Database()
        let (sold, data) = try await RestockOfferRaceTests.offered(sandbox, on: ["--database", database.socket])
        _ = try await KioskBinary.run(data + ["-c", "order strawberry"], home: sandbox)
        try sold.type("y")
        let refused = try await sold.waitFor("the refusal") { $0.contains("Not added, not made: nothing changed.") }
        #expect(refused.contains { $0.contains("strawberry needs 96, has 74. Fix: 'stock add strawberry 22'") })

        let (filled, _) = try await RestockOfferRaceTests.offered(sandbox, on: data)
        _ = try await KioskBinary.run(data + ["-c", "stock add strawberry 10"], home: sandbox)
        try filled.type("y")
        let made = try await filled.waitFor("the order") {
            $0.contains("The stock covered the order by then, so nothing was added.")
        }
        #expect(made.contains("Made 6 Strawberry Juice."), "\(made)")
        let stock = try await KioskBinary.run(data + ["-c", "stock"], home: sandbox)
        #expect(stock.stdout.split(separator: "\n").contains { $0.hasPrefix("strawberry") && $0.contains(" 4 ") })
    }
}
