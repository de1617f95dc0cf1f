import KioskCore

/// Lays out a ``Table`` in aligned columns, measuring width in characters.
enum TableRenderer {
    static func render(_ table: Table, paintHeader: (String) -> String) -> String {
        let header = table.columns.map { Sanitized.terminal($0.title, limit: 256) }
        let rows = table.rows.map { row in row.map { Sanitized.terminal($0, limit: 256) } }
        var widths = header.map { width(of: $0) }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], width(of: cell))
            }
        }
        let rowLength = widths.reduce(0, +) + 2 * widths.count + 1
        var text = ""
        text.reserveCapacity(rowLength * (rows.count + 1) + 16)
        var headerLine = ""
        append(header, widths: widths, columns: table.columns, to: &headerLine)
        text += paintHeader(headerLine)
        text += "\n"
        for row in rows {
            append(row, widths: widths, columns: table.columns, to: &text)
            text += "\n"
        }
        return text
    }

    private static func append(_ cells: [String], widths: [Int], columns: [Table.Column], to text: inout String) {
        for (index, width) in widths.enumerated() {
            let cell = index < cells.count ? cells[index] : ""
            let padding = max(0, width - self.width(of: cell))
            if index > 0 { text += "  " }
            switch columns[index].alignment {
            case .right:
                appendSpaces(padding, to: &text)
                text += cell
            case .left:
                text += cell
                if index < widths.count - 1 { appendSpaces(padding, to: &text) }
            }
        }
    }

    private static let spaces = String(repeating: " ", count: 64)

    private static func appendSpaces(_ count: Int, to text: inout String) {
        var remaining = count
        while remaining > 0 {
            let chunk = min(remaining, spaces.utf8.count)
            text.append(contentsOf: spaces.prefix(chunk))
            remaining -= chunk
        }
    }

    /// Characters, counted fast when the text is ASCII.
    private static func width(of text: String) -> Int {
        let utf8 = text.utf8
        let isASCII = utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? false
        return isASCII ? utf8.count : text.count
    }
}
