import Foundation
import Testing

/// `bank watch` on the cohort presets' networks, in a real terminal under tmux at 80 × 24 and
/// 200 × 50: the header counts customers, a desk serving several tasks or stages shows each
/// task's times, a waiting cell shows ticket, task and grade, a clerk held during the review
/// says so, and a long line fills the screen it has after a resize.
@Suite(
    "Live view on networks", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"),
    .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
struct LiveViewNetworkTests {
    static let sizes: [[Int]] = [[80, 24], [200, 50]]

    /// A waiting cell: `#13 Loan VIP`.
    static func isCustomerCell(_ word: [Substring]) -> Bool {
        word.count == 3 && word[0].hasPrefix("#") && ["Deposit", "Loan"].contains(word[1])
            && ["VVIP", "VIP", "Regular"].contains(word[2])
    }

    @Test("2021-05: counts, each task's times, waiting cells with task and grade, held clerks", arguments: sizes)
    func cohortNetwork(size: [Int]) async throws {
        let (width, height) = (size[0], size[1])
        let tmux = try LiveViewTests.start(
            try Sandbox(), arguments: ["--in-memory", "--seed", "7", "--speed", "0.25", "--preset", "2021-05"],
            width: width, height: height)
        try await LiveViewTests.watch(tmux, opening: 30)
        let counter = try await tmux.waitFor("the counter's title") { rows in
            rows.contains { $0.hasPrefix(" Counter desk · 3 clerks · Deposit 0.700 s · Loan 0.300 + 0.300 s · ") }
        }
        #expect(counter.contains { $0.hasPrefix(" Head Office · 1 clerk · 0.500 s each · ") }, "\(counter)")
        #expect(!counter.contains { $0.contains("0.000 s each") })
        // A waiting cell names ticket, task and grade; never the desk.
        let line = try #require(counter.first { $0.hasPrefix("   waiting ") && $0.contains("#") })
        let cells = line.split(separator: "  ").dropFirst().map { $0.split(separator: " ") }.filter { !$0.isEmpty }
        #expect(cells.contains(where: Self.isCustomerCell), "\(line)")
        #expect(!line.contains("Counter"))
        // A clerk held by a loan in review says so, without a progress bar.
        let held = try await tmux.waitFor("a clerk held during the review") { rows in
            rows.contains { $0.hasPrefix("   clerk ") && $0.contains("held: review") }
        }
        let heldRow = try #require(held.first { $0.contains("held: review") })
        #expect(!heldRow.contains("["), "\(heldRow)")
        // The header counts customers: each of the 30 is waiting, in service or served, once.
        for _ in 0..<5 {
            let rows = try tmux.screen()
            if let totals = LiveViewTests.totals(rows) {
                #expect(totals.waiting + totals.inService + totals.served == 30, "\(rows.first ?? "")")
            }
            try await Task.sleep(for: .milliseconds(150))
        }
        try tmux.send("q")
        try await tmux.waitFor("the prompt again", LiveViewTests.hasPrompt)
    }

    @Test("2021-01: one counter serving two tasks shows both times", arguments: sizes)
    func cohortCounter(size: [Int]) async throws {
        let tmux = try LiveViewTests.start(
            try Sandbox(), arguments: ["--in-memory", "--seed", "7", "--speed", "0.25", "--preset", "2021-01"],
            width: size[0], height: size[1])
        try await LiveViewTests.watch(tmux, opening: 30)
        let rows = try await tmux.waitFor("the counter's title") { rows in
            rows.contains { $0.hasPrefix(" Counter desk · 3 clerks · Deposit 0.700 s · Loan 1.100 s · ") }
        }
        let totals = try #require(LiveViewTests.totals(rows))
        #expect(totals.waiting + totals.inService + totals.served == 30)
        try tmux.send("q")
        try await tmux.waitFor("the prompt again", LiveViewTests.hasPrompt)
    }

    @Test("after a resize, a long line fills the rows it has before it says how many more", arguments: sizes)
    func longLineFillsTheScreen(size: [Int]) async throws {
        let (width, height) = (size[0], size[1])
        // Start at the other size, then resize to this one.
        let tmux = try LiveViewTests.start(
            try Sandbox(), arguments: ["--in-memory", "--seed", "7", "--speed", "0.05"],
            width: width == 80 ? 200 : 80, height: height == 24 ? 50 : 24)
        try await LiveViewTests.watch(tmux, opening: 900)
        try tmux.resize(width: width, height: height)
        let rows = try await tmux.waitFor("the view at \(width) × \(height)") { rows in
            rows.count >= height && rows[1].count == width && rows[height - 1].contains("a add 10")
                && rows.contains { $0.hasSuffix(" more") }
        }
        // Between the header and the events, every row is drawn: no empty rows while
        // customers are left undrawn.
        let events = try #require(rows.firstIndex { $0.contains(" latest events ") })
        let empty = (2..<events).filter { rows[$0].trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(empty.isEmpty, "empty rows \(empty):\n\(rows.joined(separator: "\n"))")
        // The classic bank: one task a desk, its time each.
        #expect(rows.contains { $0.hasPrefix(" Deposit desk · 2 clerks · 0.700 s each · ") })
        try tmux.send("q")
        try await tmux.waitFor("the prompt again", LiveViewTests.hasPrompt)
    }
}
