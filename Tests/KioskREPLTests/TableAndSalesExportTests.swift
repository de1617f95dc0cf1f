import Foundation
import JuiceMaker
import Testing

@testable import KioskREPL

/// Tables without trailing spaces, a wrapped last column that keeps its phrases whole, and
/// the rows `sales export` writes.
@Suite struct TableAndSalesExportTests {
    private static func render(_ table: Table, width: Int? = nil) -> [String] {
        TableRenderer.render(table, width: width, paintHeader: { $0 })
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("no line of a table ends in a space: empty last cells, short titles, wrapped help")
    func noTrailingSpaces() {
        let data = Table(
            columns: [Table.Column("Desk"), Table.Column("Clerk", alignment: .right), Table.Column("Waiting")],
            rows: [["Deposit", "1", "#3 #4"], ["", "2", ""]])
        #expect(Self.render(data) == ["Desk     Clerk  Waiting", "Deposit      1  #3 #4", "             2"])
        let groups = Table(
            columns: [Table.Column("command"), Table.Column("")],
            rows: [["Juice bar:", ""], ["menu", "Lists every juice, its recipe, and how many the stock makes now."]],
            showsHeader: true)
        for width in [nil, 40, 200] {
            let lines = Self.render(groups, width: width)
            #expect(!lines.isEmpty)
            #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "\(width.map(String.init) ?? "no width"): \(lines)")
        }
    }

    @Test("a last column too wide for the terminal wraps under itself, and a no-break space keeps a phrase whole")
    func wrapsLastColumn() {
        let table = Table(
            columns: [Table.Column("Desk"), Table.Column("Waiting")],
            rows: [["Deposit", "#9 #11 #13 #15 #16 #21 and\u{A0}13\u{A0}more"]])
        #expect(
            Self.render(table, width: 30) == [
                "Desk     Waiting", "Deposit  #9 #11 #13 #15 #16", "         #21 and 13 more",
            ])
        #expect(
            Self.render(table, width: 24) == [
                "Desk     Waiting", "Deposit  #9 #11 #13 #15", "         #16 #21", "         and 13 more",
            ])
        // Without a width, or wide enough, one line; the no-break spaces print as spaces.
        #expect(Self.render(table) == ["Desk     Waiting", "Deposit  #9 #11 #13 #15 #16 #21 and 13 more"])
        #expect(!Self.render(table, width: 24).joined().contains("\u{A0}"))
    }

    @Test("no-break spaces print as spaces in any cell or title; other text is left as it was")
    func noBreakSpacesWithoutWrapping() {
        let table = Table(
            columns: [Table.Column("Desk\u{A0}name"), Table.Column("대기", alignment: .right), Table.Column("Waiting")],
            rows: [["Deposit", "외\u{A0}3명", "#9 and\u{A0}13\u{A0}more"], ["Loan", "한", "é à"]])
        let lines = Self.render(table)
        #expect(
            lines == [
                "Desk name    대기  Waiting", "Deposit    외 3명  #9 and 13 more", "Loan           한  é à",
            ])
        #expect(!lines.joined().contains("\u{A0}"))
        // A byte A0 inside another character (U+0800) is not a no-break space.
        let other = Table(columns: [Table.Column("Name")], rows: [["\u{800}x"], ["plain"]])
        #expect(Self.render(other) == ["Name", "\u{800}x", "plain"])
    }

    @Test("CSV has a column per fruit of the menu, then others; JSON Lines carry the same fields")
    func encoding() throws {
        let at = Date(timeIntervalSince1970: 1_764_147_600.125)
        let records = [
            SalesRecord(
                at: at, juice: "mango-kiwi", count: 2,
                fruitUsed: [.init(fruit: "kiwi", amount: 2), .init(fruit: "mango", amount: 4)], kiosk: "41-7"),
            SalesRecord(
                at: at, juice: "odd, \"one\"", count: 1, fruitUsed: [.init(fruit: "durian", amount: 1)], kiosk: nil),
        ]
        let csv = Array(SalesExportEncoding.lines(of: records, fruits: ["kiwi", "mango"], as: .csv))
        #expect(csv.count == 3)
        #expect(csv.first == "time,juice,count,kiosk,fruit_kiwi,fruit_mango,fruit_durian")
        let time = try #require(csv.dropFirst().first?.split(separator: ",").first.map(String.init))
        #expect(time.contains("T") && time.contains(".125"))
        #expect(csv.dropFirst().first == "\(time),mango-kiwi,2,41-7,2,4,0")
        #expect(csv.last == "\(time),\"odd, \"\"one\"\"\",1,,0,0,1")
        let jsonl = Array(SalesExportEncoding.lines(of: records, fruits: ["kiwi", "mango"], as: .jsonl))
        #expect(
            jsonl == [
                #"{"time":"\#(time)","juice":"mango-kiwi","count":2,"kiosk":"41-7","fruit":{"kiwi":2,"mango":4}}"#,
                #"{"time":"\#(time)","juice":"odd, \"one\"","count":1,"kiosk":null,"fruit":{"durian":1}}"#,
            ])
        #expect(
            Array(SalesExportEncoding.lines(of: [], fruits: ["kiwi"], as: .csv)) == [
                "time,juice,count,kiosk,fruit_kiwi"
            ])
        #expect(Array(SalesExportEncoding.lines(of: [], fruits: ["kiwi"], as: .jsonl)).isEmpty)
    }
}
