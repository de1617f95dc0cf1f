import KioskCore

/// Lays out a ``Table`` in aligned columns, measuring width in terminal cells.
enum TableRenderer {
    /// The table in aligned columns; with `width`, a table wider than that wraps the text of
    /// its last column at spaces under that column (see ``wrapped(_:width:paintHeader:)``).
    static func render(_ table: Table, width: Int? = nil, paintHeader: (String) -> String) -> String {
        if let width, let text = wrapped(table, width: width, paintHeader: paintHeader) { return text }
        return render(table, paintHeader: paintHeader)
    }

    /// A table whose last column holds sentences (help's summaries), laid out within `width`:
    /// the last column's text wraps at spaces, and a first cell too wide for its share of
    /// the width gets a row of its own. Nil when the table fits as it is or is not of that
    /// shape (several columns before the last, right-aligned cells).
    private static func wrapped(_ table: Table, width: Int, paintHeader: (String) -> String) -> String? {
        // Sentences run longer than the cells of data tables.
        let cells = table.rows.map { row in row.map { Sanitized.terminal($0, limit: 4_096) } }
        guard table.columns.count == 2, table.columns.allSatisfy({ $0.alignment == .left }) else { return nil }
        let titles = table.columns.map { Sanitized.terminal($0.title, limit: 256) }
        let widest =
            ([table.showsHeader ? CellWidth.of(titles[0]) : 0] + cells.map { CellWidth.of($0.first ?? "") }).max() ?? 0
        let widestLast =
            ([table.showsHeader ? CellWidth.of(titles[1]) : 0] + cells.map { CellWidth.of($0.last ?? "") }).max() ?? 0
        guard widest + 2 + widestLast > width else { return nil }
        // The first column takes what it needs, up to nine twentieths of the line.
        let first = min(widest, max(8, width * 9 / 20))
        let lastWidth = max(10, width - first - 2)
        var text = ""
        func line(_ left: String, _ right: String) -> String {
            left + String(repeating: " ", count: max(0, first - CellWidth.of(left))) + "  " + right
        }
        if table.showsHeader {
            text += paintHeader(line(titles[0], titles[1])) + "\n"
        }
        for row in cells {
            let left = row.first ?? ""
            let right = TextWrapper.wrap(row.count > 1 ? row[1] : "", width: lastWidth)
            let pad = String(repeating: " ", count: first + 2)
            if CellWidth.of(left) > first {
                text += left + "\n"
                for piece in right { text += pad + piece + "\n" }
                continue
            }
            text += line(left, right.first ?? "").trimmingTrailingSpaces() + "\n"
            for piece in right.dropFirst() { text += pad + piece + "\n" }
        }
        return text
    }

    private static func render(_ table: Table, paintHeader: (String) -> String) -> String {
        let header = table.columns.map { Cell(Sanitized.terminal($0.title, limit: 256)) }
        // Help's sentences run longer than the cells of data tables, whose names are shorter still.
        let rows = table.rows.map { row in row.map { Cell(Sanitized.terminal($0, limit: 4_096)) } }
        var widths = header.map(\.width)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.width)
            }
        }
        let alignments = table.columns.map(\.alignment)

        // Built as bytes and decoded once: appending many short strings one by one is
        // most of the cost of a table otherwise.
        var headerLine: [UInt8] = []
        append(header, widths: widths, alignments: alignments, to: &headerLine)
        let rowLength = widths.reduce(0, +) + 2 * widths.count + 1
        var body: [UInt8] = []
        body.reserveCapacity(rowLength * rows.count)
        for row in rows {
            append(row, widths: widths, alignments: alignments, to: &body)
            body.append(0x0A)
        }
        let head = table.showsHeader ? paintHeader(String(decoding: headerLine, as: UTF8.self)) + "\n" : ""
        return head + String(decoding: body, as: UTF8.self)
    }

    /// A cell's text and its width in terminal cells, measured once.
    private struct Cell {
        let text: String
        let width: Int

        init(_ text: String) {
            self.text = text
            let utf8 = text.utf8
            let isASCII = utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? false
            width = isASCII ? utf8.count : CellWidth.of(text)
        }

        static let empty = Cell("")
    }

    private static func append(
        _ cells: [Cell], widths: [Int], alignments: [Table.Column.Alignment], to bytes: inout [UInt8]
    ) {
        for (index, width) in widths.enumerated() {
            let cell = index < cells.count ? cells[index] : .empty
            let padding = max(0, width - cell.width)
            if index > 0 { bytes.append(contentsOf: [0x20, 0x20]) }
            switch alignments[index] {
            case .right:
                bytes.append(contentsOf: repeatElement(0x20, count: padding))
                bytes.append(contentsOf: cell.text.utf8)
            case .left:
                bytes.append(contentsOf: cell.text.utf8)
                if index < widths.count - 1 { bytes.append(contentsOf: repeatElement(0x20, count: padding)) }
            }
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
