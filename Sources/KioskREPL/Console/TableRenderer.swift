import KioskCore

/// Lays out a ``Table`` in aligned columns, measuring width in characters.
enum TableRenderer {
    static func render(_ table: Table, paintHeader: (String) -> String) -> String {
        let header = table.columns.map { Sanitized.text($0.title, limit: 256) }
        let rows = table.rows.map { row in row.map { Sanitized.text($0, limit: 256) } }
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        var text = paintHeader(line(header, widths: widths, columns: table.columns)) + "\n"
        for row in rows {
            text += line(row, widths: widths, columns: table.columns) + "\n"
        }
        return text
    }

    private static func line(_ cells: [String], widths: [Int], columns: [Table.Column]) -> String {
        var parts: [String] = []
        for (index, width) in widths.enumerated() {
            let cell = index < cells.count ? cells[index] : ""
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            let isLast = index == widths.count - 1
            switch columns[index].alignment {
            case .right: parts.append(padding + cell)
            case .left: parts.append(isLast ? cell : cell + padding)
            }
        }
        return parts.joined(separator: "  ")
    }
}
