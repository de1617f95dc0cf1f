import KioskCore

/// Lays out a ``Table`` in aligned columns, measuring width in terminal cells.
enum TableRenderer {
    static func render(_ table: Table, paintHeader: (String) -> String) -> String {
        let header = table.columns.map { Cell(Sanitized.terminal($0.title, limit: 256)) }
        let rows = table.rows.map { row in row.map { Cell(Sanitized.terminal($0, limit: 256)) } }
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
        return paintHeader(String(decoding: headerLine, as: UTF8.self)) + "\n" + String(decoding: body, as: UTF8.self)
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
