import Bank
import Foundation
import Testing

@testable import KioskREPL

@Suite("BankBoardLayout: the live view's frame")
struct BankBoardLayoutTests {
    static let layout = BankBoardLayout(words: EnglishCatalog().watchWords)

    static func draw(
        _ status: BankStatus, width: Int = 100, height: Int = 30, overlay: BankBoardLayout.Overlay = .init()
    )
        -> CellGrid
    {
        layout.draw(BankBoard(status: status), overlay: overlay, width: width, height: height)
    }

    static func rows(_ grid: CellGrid) -> [String] {
        (0..<grid.height).map { row in
            String(
                String(String.UnicodeScalarView((0..<grid.width).map { grid[row, $0].scalar }.filter { $0 != "\u{0}" }))
                    .reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    @Test("the header shows the business time and the totals; each desk its clerks and line")
    func desksAndClerks() {
        let rows = Self.rows(Self.draw(BankStatuses.status(waitingDeposits: 3, serving: [4, 5], served: 2)))
        #expect(rows[0] == " Bank  business 00:00.350  3 waiting · 2 in service · 2 served")
        #expect(rows.contains(" Deposit desk · 2 clerks · 0.700 s each · 2 served"))
        #expect(rows.contains { $0.hasPrefix("   clerk 1    #4 Deposit") && $0.hasSuffix("0.350 s left") })
        #expect(rows.contains { $0.hasPrefix("   clerk 2    idle") })
        #expect(rows.contains("   waiting 3  #10 Deposit  #11 Deposit  #12 Deposit"))
        #expect(rows.contains("   waiting 0  nobody"))
        #expect(rows.last?.contains("a add 10") == true)
    }

    @Test("a service's progress bar fills with the time served")
    func progressBar() throws {
        let rows = Self.rows(Self.draw(BankStatuses.status(serving: [4], now: .milliseconds(350))))
        let bar = try #require(rows.first { $0.contains("#4 Deposit") })
        let inside = try #require(bar.split(separator: "[").last?.split(separator: "]").first)
        #expect(inside.count == 25)
        #expect(inside.filter { $0 == "█" }.count == 12)
    }

    @Test("a line of 100,000 customers shows what fits and counts the rest")
    func hugeLine() throws {
        let grid = Self.draw(BankStatuses.status(waitingDeposits: 100_000, serving: [1]))
        let rows = Self.rows(grid)
        #expect(rows[0].contains("100,000 waiting"))
        let more = try #require(rows.first { $0.contains("more") })
        // Chips in the line: every "#N Deposit" but the one at clerk 1.
        let shown = rows.joined(separator: "\n").components(separatedBy: " Deposit").count - 1 - 2
        #expect(shown > 20)
        #expect(more.hasSuffix("+ \(grouped(100_000 - shown)) more"))
    }

    @Test("loans are purple; each other task has a colour of its own")
    func colours() throws {
        let grid = Self.draw(BankStatuses.status(waitingDeposits: 1, waitingLoans: 1))
        let loan = try #require(Self.find("#11 Loan", in: grid))
        #expect(grid[loan.row, loan.column].style.color == .purple)
        let deposit = try #require(Self.find("#10 Deposit", in: grid))
        #expect(grid[deposit.row, deposit.column].style.color == .cyan)
    }

    /// Where `text` starts on the grid.
    static func find(_ text: String, in grid: CellGrid) -> (row: Int, column: Int)? {
        for (row, line) in rows(grid).enumerated() {
            if let range = line.range(of: text) {
                return (row, line.distance(from: line.startIndex, to: range.lowerBound))
            }
        }
        return nil
    }

    @Test("the reset question replaces the key bar; ? shows the keys")
    func overlays() {
        let asking = Self.rows(
            Self.draw(BankStatuses.status(waitingDeposits: 2), overlay: .init(notice: " Reset?", asks: true)))
        #expect(asking.last == " Reset?")
        let keys = Self.rows(Self.draw(BankStatuses.status(), overlay: .init(showsKeys: true)))
        #expect(keys.contains { $0.contains("add 100 customers") })
    }

    @Test("in Korean, wide characters take two cells and lines still end in the count of the rest")
    func korean() throws {
        let layout = BankBoardLayout(words: KoreanCatalog().watchWords)
        let grid = layout.draw(
            BankBoard(status: BankStatuses.status(waitingDeposits: 500, serving: [1])), width: 60, height: 20)
        let rows = Self.rows(grid)
        #expect(rows[0].hasPrefix(" 은행  업무시간 00:00.350  대기중 500명"))
        let header = try #require(Self.find("은행", in: grid))
        // "은" fills two cells: the second is the continuation of the first.
        #expect(grid[header.row, 1].scalar == "은")
        #expect(grid[header.row, 2].scalar == Cell.continuation.scalar)
        #expect(rows.contains { $0.hasSuffix("명 더") })
        #expect(rows.allSatisfy { CellGrid.width(of: $0) <= 60 })
    }

    @Test("a terminal too small to draw in says so")
    func tooSmall() {
        #expect(Self.rows(Self.draw(BankStatuses.status(), width: 10, height: 3))[0] == "The termin")
    }

    private func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        return String(
            digits.enumerated().flatMap { index, digit in
                index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
            })
    }
}
