import KioskCore

/// Lays out a ``Table`` in aligned columns, measuring width in terminal cells.
///
/// A no-break space (U+00A0) in a cell keeps the words on either side of it on one line
/// when a cell wraps (`and 13 more`); it prints as a plain space.
enum TableRenderer {
    /// The table in aligned columns; with `width`, a table wider than that wraps the text of
    /// its last column at spaces under that column (see ``wrapped(_:width:paintHeader:)``).
    static func render(_ table: Table, width: Int? = nil, paintHeader: (String) -> String) -> String {
        if let width, let text = wrapped(table, width: width, paintHeader: paintHeader) {
            return text.withPlainSpaces()
        }
        let (text, holdsNoBreakSpace) = aligned(table, width: width, paintHeader: paintHeader)
        // Only a cell can bring a no-break space, and each cell is looked at once anyway
        // (for its width): a table without one is not scanned again as a whole.
        return holdsNoBreakSpace ? text.withPlainSpaces() : text
    }

    /// A table whose last column holds sentences (help's summaries), laid out within `width`:
    /// the last column's text wraps at spaces, and a first cell too wide for its share of
    /// the width gets a row of its own. Nil when the table fits as it is or is not of that
    /// shape (several columns before the last, right-aligned cells).
    private static func wrapped(_ table: Table, width: Int, paintHeader: (String) -> String) -> String? {
        // Sentences run longer than the cells of data tables.
        let cells = table.rows.map { row in row.map { Sanitized.text($0, limit: 4_096) } }
        guard table.columns.count == 2, table.columns.allSatisfy({ $0.alignment == .left }) else { return nil }
        let titles = table.columns.map { Sanitized.text($0.title, limit: 256) }
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
            text += paintHeader(line(titles[0], titles[1]).trimmingTrailingSpaces()) + "\n"
        }
        for row in cells {
            let left = row.first ?? ""
            let right = TextWrapper.wrap(row.count > 1 ? row[1] : "", width: lastWidth)
            let pad = String(repeating: " ", count: first + 2)
            if CellWidth.of(left) > first {
                text += left + "\n"
                for piece in right { text += (pad + piece).trimmingTrailingSpaces() + "\n" }
                continue
            }
            text += line(left, right.first ?? "").trimmingTrailingSpaces() + "\n"
            for piece in right.dropFirst() { text += (pad + piece).trimmingTrailingSpaces() + "\n" }
        }
        return text
    }

    /// The table in aligned columns. With `width`, when the rows run past it and the last
    /// column is left-aligned with room for a dozen cells, the last cell's text wraps at
    /// spaces onto lines that start under that column, rather than where the terminal cuts it.
    /// Also says whether a cell (or a title) holds a no-break space.
    private static func aligned(
        _ table: Table, width: Int?, paintHeader: (String) -> String
    ) -> (text: String, holdsNoBreakSpace: Bool) {
        let header = table.columns.map { Cell(Sanitized.text($0.title, limit: 256)) }
        // Help's sentences run longer than the cells of data tables, whose names are shorter still.
        let rows = table.rows.map { row in row.map { Cell(Sanitized.text($0, limit: 4_096)) } }
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
        let last = widths.count - 1
        let lastColumnStart = widths.dropLast().reduce(0, +) + 2 * last
        // The room the last column has within the width, when its text must wrap there.
        let wrapWidth = width.flatMap { width -> Int? in
            guard last > 0, alignments[last] == .left, lastColumnStart + widths[last] > width,
                width - lastColumnStart >= 12
            else { return nil }
            return width - lastColumnStart
        }
        for row in rows {
            guard let wrapWidth, row.count > last, row[last].width > wrapWidth else {
                append(row, widths: widths, alignments: alignments, to: &body)
                body.append(0x0A)
                continue
            }
            let pieces = TextWrapper.wrap(row[last].text, width: wrapWidth)
            append(
                Array(row[..<last]) + [Cell(pieces.first ?? "")], widths: widths, alignments: alignments, to: &body)
            body.append(0x0A)
            for piece in pieces.dropFirst() {
                body.append(contentsOf: repeatElement(0x20, count: lastColumnStart))
                body.append(contentsOf: piece.utf8)
                body.append(0x0A)
            }
        }
        let head = table.showsHeader ? paintHeader(String(decoding: headerLine, as: UTF8.self)) + "\n" : ""
        let holdsNoBreakSpace =
            (table.showsHeader && header.contains(where: \.holdsNoBreakSpace))
            || rows.contains { $0.contains(where: \.holdsNoBreakSpace) }
        return (head + String(decoding: body, as: UTF8.self), holdsNoBreakSpace)
    }

    /// A cell's text, its width in terminal cells, and whether it holds a no-break space,
    /// found in one look at its bytes.
    private struct Cell {
        let text: String
        let width: Int
        let holdsNoBreakSpace: Bool

        init(_ text: String) {
            self.text = text
            let utf8 = text.utf8
            // A no-break space is C2 A0 in UTF-8, so an ASCII text holds none; any A0 byte
            // counts, as the renderer's last step replaces only the real ones.
            let look = utf8.withContiguousStorageIfAvailable { bytes -> (isASCII: Bool, holdsA0: Bool) in
                let isASCII = bytes.allSatisfy { $0 < 0x80 }
                return (isASCII, !isASCII && bytes.contains(0xA0))
            }
            width = look?.isASCII == true ? utf8.count : CellWidth.of(text)
            holdsNoBreakSpace = look?.holdsA0 ?? utf8.contains(0xA0)
        }

        static let empty = Cell("")
    }

    /// Appends a line of `cells`, without the spaces that would pad it after its last
    /// visible character (an empty last cell, a short header title).
    private static func append(
        _ cells: [Cell], widths: [Int], alignments: [Table.Column.Alignment], to bytes: inout [UInt8]
    ) {
        let start = bytes.count
        defer {
            while bytes.count > start, bytes.last == 0x20 { bytes.removeLast() }
        }
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
    /// The text with each no-break space a plain one.
    fileprivate func withPlainSpaces() -> String {
        // Most tables have none: a look at the bytes, and no copy.
        guard utf8.contains(0xA0) else { return self }
        return String(map { $0 == "\u{A0}" ? " " : $0 })
    }

    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
