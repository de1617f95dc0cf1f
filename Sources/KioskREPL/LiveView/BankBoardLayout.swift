import KioskCore

/// Draws a ``BankBoard`` into a ``CellGrid`` of any size: the header with the business timer,
/// each station with its clerks and its line, the latest events, and the keys.
///
/// Rows are shared out so that every station keeps its title and clerks; the rows left go to
/// the waiting lines, and whatever does not fit is counted ("+ 1,204 more"), never drawn.
public struct BankBoardLayout: Sendable {
    /// What sits over the board besides the bank itself.
    public struct Overlay: Sendable, Equatable {
        /// A one-line message in place of the key bar (a key's result, the reset question).
        public var notice: String?
        /// Whether the notice asks something (drawn to stand out).
        public var asks = false
        /// Whether the `?` panel shows.
        public var showsKeys = false

        public init(notice: String? = nil, asks: Bool = false, showsKeys: Bool = false) {
            self.notice = notice
            self.asks = asks
            self.showsKeys = showsKeys
        }
    }

    public let words: WatchWords

    public init(words: WatchWords) {
        self.words = words
    }

    /// The colour of each task: loans purple, as in the exercise's app; the other tasks take
    /// the palette's colours in desk order.
    static func palette(for stations: [BankBoard.Station]) -> [String: CellStyle.Color] {
        let others: [CellStyle.Color] = [.cyan, .green, .yellow, .blue]
        var colors: [String: CellStyle.Color] = ["loan": .purple]
        var next = 0
        for station in stations where colors[station.task] == nil {
            colors[station.task] = others[next % others.count]
            next += 1
        }
        return colors
    }

    /// The board drawn at `width` × `height`.
    public func draw(_ board: BankBoard, overlay: Overlay = Overlay(), width: Int, height: Int) -> CellGrid {
        var grid = CellGrid(width: width, height: height)
        guard width >= 20, height >= 6 else {
            grid.put(words.tooSmall, row: 0, column: 0)
            return grid
        }
        let colors = Self.palette(for: board.stations)
        drawHeader(board, into: &grid)

        // The footer: the key bar (or a notice) on the last row, events above it.
        let eventRows = height >= 24 ? 6 : height >= 16 ? 3 : 0
        let bottom = height - 1
        if let notice = overlay.notice {
            grid.put(notice, row: bottom, column: 0, style: CellStyle(overlay.asks ? .yellow : .plain, .bold))
        } else {
            grid.put(words.keyBar, row: bottom, column: 0, style: CellStyle(.plain, .dim))
        }
        var stationsEnd = bottom
        if eventRows > 0 {
            let top = bottom - eventRows - 1
            rule(words.latestEvents, row: top, into: &grid)
            for (offset, line) in board.events.suffix(eventRows).enumerated() {
                grid.put(line, row: top + 1 + offset, column: 1, style: CellStyle(.plain, .dim))
            }
            stationsEnd = top
        }
        drawStations(board.stations, colors: colors, rows: 2..<stationsEnd, into: &grid)
        if overlay.showsKeys { drawKeys(into: &grid) }
        return grid
    }

    private func drawHeader(_ board: BankBoard, into grid: inout CellGrid) {
        var column = grid.put(" " + words.title, row: 0, column: 0, style: CellStyle(.plain, .bold))
        column = grid.put(
            "  " + words.business(board.businessTime.clockText), row: 0, column: column,
            style: CellStyle(board.isOpen ? .green : .plain, .bold))
        grid.put(
            "  " + words.totals(board.waiting, board.inService, board.served, board.toArrive), row: 0, column: column)
        grid.fill("─", row: 1, column: 0, count: grid.width, style: CellStyle(.plain, .dim))
    }

    private func rule(_ title: String, row: Int, into grid: inout CellGrid) {
        grid.fill("─", row: row, column: 0, count: grid.width, style: CellStyle(.plain, .dim))
        grid.put(" \(title) ", row: row, column: 2, style: CellStyle(.plain, .dim))
    }

    private func drawStations(
        _ stations: [BankBoard.Station], colors: [String: CellStyle.Color], rows: Range<Int>,
        into grid: inout CellGrid
    ) {
        guard !stations.isEmpty, !rows.isEmpty else { return }
        // Each station needs its title, its clerks and one row of its line; the rows left
        // over lengthen the lines that need them, shared evenly.
        let needed = stations.reduce(0) { $0 + 2 + $1.clerks.count }
        let extra = Self.share(
            max(0, rows.count - needed),
            among: stations.map { max(0, lineRows(for: $0, width: grid.width, limit: rows.count) - 1) })
        var row = rows.lowerBound
        for (index, station) in stations.enumerated() {
            guard row < rows.upperBound else { break }
            let color = colors[station.task] ?? .plain
            let title =
                station.services.isEmpty
                ? words.station(
                    station.name, station.kind == .office, station.clerks.count, Self.seconds(station.serviceTime),
                    station.served)
                : words.stationServices(
                    station.name, station.kind == .office, station.clerks.count,
                    station.services.map { ($0.task, $0.times.map(Self.seconds)) }, station.served)
            grid.put(" " + title, row: row, column: 0, style: CellStyle(color, .bold))
            row += 1
            for clerk in station.clerks {
                guard row < rows.upperBound else { break }
                drawClerk(clerk, colors: colors, row: row, into: &grid)
                row += 1
            }
            let lineRows = min(1 + extra[index], rows.upperBound - row)
            if lineRows > 0 {
                drawLine(station, colors: colors, rows: row..<(row + lineRows), into: &grid)
                row += lineRows
            }
        }
    }

    /// Shares `spare` rows among wants, evenly, never giving one more than it wants.
    static func share(_ spare: Int, among wants: [Int]) -> [Int] {
        var given = [Int](repeating: 0, count: wants.count)
        var left = spare
        while left > 0 {
            let hungry = wants.indices.filter { given[$0] < wants[$0] }
            guard !hungry.isEmpty else { break }
            let each = max(1, left / hungry.count)
            for index in hungry where left > 0 {
                let portion = min(each, wants[index] - given[index], left)
                given[index] += portion
                left -= portion
            }
        }
        return given
    }

    /// How many rows the whole line of `station` would take at `width`, at most `limit`.
    private func lineRows(for station: BankBoard.Station, width: Int, limit: Int) -> Int {
        let start = 3 + CellGrid.width(of: words.waiting(station.waitingCount)) + 2
        var rows = 1
        var column = start
        for customer in station.waiting {
            let chip = CellGrid.width(of: words.customer(customer.ticket, customer.taskName, customer.grade))
            if column + chip > width {
                rows += 1
                column = start
                if rows >= limit { return limit }
            }
            column += chip + 2
        }
        // Customers beyond those listed need a row for "+ N more" at least.
        if station.waitingCount > station.waiting.count, column + 12 > width { rows += 1 }
        return min(rows, limit)
    }

    private func drawClerk(
        _ clerk: BankBoard.Clerk, colors: [String: CellStyle.Color], row: Int, into grid: inout CellGrid
    ) {
        var column = grid.put("   " + words.clerk(clerk.number), row: row, column: 0)
        column = max(column + 2, 14)
        guard let customer = clerk.serving else {
            grid.put(words.idle, row: row, column: column, style: CellStyle(.plain, .dim))
            return
        }
        let color = colors[customer.task] ?? .plain
        let label = words.customer(customer.ticket, customer.taskName, customer.grade)
        let labelEnd = grid.put(label, row: row, column: column, style: CellStyle(color))
        column = max(labelEnd + 2, column + 18)
        // A clerk held while another place serves its customer has no service to show the progress of.
        if let stage = clerk.heldFor {
            grid.put(words.held(stage), row: row, column: column, style: CellStyle(.plain, .dim))
            return
        }
        // The bar gives way first to the time left, then the time left to the bar.
        var remaining = words.remaining(Self.seconds(clerk.remaining))
        var barWidth = min(30, max(8, grid.width / 4))
        let room = grid.width - column - 2
        if barWidth + 2 + CellGrid.width(of: remaining) > room {
            barWidth = room - 2 - CellGrid.width(of: remaining)
            if barWidth < 6 {
                remaining = ""
                barWidth = room
            }
        }
        guard barWidth >= 6 else { return }
        let filled = Int((clerk.progress * Double(barWidth)).rounded(.down))
        grid.put("[", row: row, column: column, style: CellStyle(.plain, .dim))
        grid.fill("█", row: row, column: column + 1, count: filled, style: CellStyle(color))
        grid.fill("·", row: row, column: column + 1 + filled, count: barWidth - filled, style: CellStyle(.plain, .dim))
        grid.put("]", row: row, column: column + 1 + barWidth, style: CellStyle(.plain, .dim))
        grid.put(remaining, row: row, column: column + barWidth + 4, style: CellStyle(.plain, .dim))
    }

    /// The line as chips ("#12 Deposit") flowing over `rows`; the last row keeps room for
    /// "+ N more" when customers remain.
    private func drawLine(
        _ station: BankBoard.Station, colors: [String: CellStyle.Color], rows: Range<Int>, into grid: inout CellGrid
    ) {
        let indent = 3
        var column =
            grid.put(
                String(repeating: " ", count: indent) + words.waiting(station.waitingCount), row: rows.lowerBound,
                column: 0, style: CellStyle(.plain, .dim)) + 2
        guard station.waitingCount > 0 else {
            grid.put(words.nobodyWaiting, row: rows.lowerBound, column: column, style: CellStyle(.plain, .dim))
            return
        }
        let lineStart = column
        var row = rows.lowerBound
        var shown = 0
        let moreWidth = CellGrid.width(of: words.more(station.waitingCount)) + 2
        for customer in station.waiting {
            let chip = words.customer(customer.ticket, customer.taskName, customer.grade)
            let chipWidth = CellGrid.width(of: chip)
            let remainsAfter = station.waitingCount - shown - 1
            let isLastRow = row == rows.upperBound - 1
            let room = grid.width - (isLastRow && remainsAfter > 0 ? moreWidth : 0)
            if column + chipWidth > room {
                guard !isLastRow else { break }
                row += 1
                column = lineStart
                let lastNow = row == rows.upperBound - 1
                let roomNow = grid.width - (lastNow && remainsAfter > 0 ? moreWidth : 0)
                guard column + chipWidth <= roomNow else { break }
            }
            grid.put(chip, row: row, column: column, style: CellStyle(colors[customer.task] ?? .plain))
            column += chipWidth + 2
            shown += 1
        }
        if shown < station.waitingCount {
            grid.put(
                words.more(station.waitingCount - shown), row: row, column: column, style: CellStyle(.plain, .bold))
        }
    }

    private func drawKeys(into grid: inout CellGrid) {
        let keyWidth = words.keys.map { CellGrid.width(of: $0.key) }.max() ?? 1
        let lines = words.keys.map { $0.key.padding(toLength: keyWidth) + "  " + $0.does }
        let inner = max(CellGrid.width(of: words.keysTitle), lines.map(CellGrid.width(of:)).max() ?? 0) + 4
        let boxWidth = min(grid.width, inner)
        let boxHeight = min(grid.height, lines.count + 4)
        let left = (grid.width - boxWidth) / 2
        let top = (grid.height - boxHeight) / 2
        for row in top..<(top + boxHeight) {
            grid.fill(" ", row: row, column: left, count: boxWidth, style: CellStyle(.plain, .reverse))
        }
        grid.put(words.keysTitle, row: top + 1, column: left + 2, style: CellStyle(.plain, .reverse))
        for (offset, line) in lines.enumerated() where top + 3 + offset < top + boxHeight {
            grid.put(
                line, row: top + 3 + offset, column: left + 2, style: CellStyle(.plain, .reverse), limit: boxWidth - 2)
        }
    }

    /// A duration as seconds with milliseconds: "0.700".
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = max(0, duration.wholeMilliseconds)
        let fraction = String(milliseconds % 1_000)
        return "\(milliseconds / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        self + String(repeating: " ", count: max(0, length - CellGrid.width(of: self)))
    }
}
