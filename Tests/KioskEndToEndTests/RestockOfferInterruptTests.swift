import Testing

/// Ctrl-C at the prompt's restock question (tmux): it answers no, says that nothing
/// changed, and the command prompt comes back, instead of the question again.
@Suite(
    "Ctrl-C at the offer", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct RestockOfferInterruptTests {
    @Test(
        "Ctrl-C says no once: one line that nothing changed, then the prompt, and the stock as it was",
        arguments: [
            (["--in-memory"], "Add 6 strawberry and make it? [y/N]", "Not added, not made: nothing changed."),
            (["--in-memory", "--lang", "ko"], "딸기 6개를 채우고 만들까요? [y/N]", "채우지도 만들지도 않았습니다. 바뀐 것은 없습니다."),
        ])
    func interruptIsNo(arguments: [String], question: String, declined: String) async throws {
        let tmux = try ShopDayTerminalTests.start(Sandbox(), arguments: arguments)
        try await tmux.waitFor("the prompt", TerminalTests.hasPrompt)
        try ShopDayTerminalTests.enter(tmux, "order strawberry")
        try await tmux.waitFor("the question") { $0.contains { $0.hasPrefix(question) } }
        try tmux.send("C-c")
        let rows = try await tmux.waitFor("the line and the prompt again") {
            $0.contains(declined) && ShopDayTerminalTests.lastPrompt($0)?.hasPrefix("kiosk>") == true
        }
        #expect(rows.filter { $0.hasPrefix(question) }.count == 1, "\(rows)")
        #expect(rows.contains { $0.hasPrefix(question) && $0.hasSuffix("^C") }, "\(rows)")
        try ShopDayTerminalTests.enter(tmux, "stock")
        let stock = try await tmux.waitFor("the stock") { rows in rows.contains { $0.hasPrefix("strawberry") } }
        #expect(stock.contains { $0.hasPrefix("strawberry") && $0.contains(" 10 ") }, "\(stock)")
        #expect(!stock.contains { $0.contains("->") }, "\(stock)")
    }
}
