import CReadline

/// Where the cursor sits on screen, so text can be printed above a prompt whose line
/// wraps over several rows, without leaving pieces of it behind.
enum PromptGeometry {
    /// How many screen rows above the cursor the prompt starts.
    ///
    /// The cursor stands after `prompt` and `textBeforeCursor`. A cursor exactly at the
    /// right edge has already moved to the next row (readline forces the wrap), so the
    /// row is the column count divided by the width.
    /// A pasted line may hold newlines; readline starts a new row at each.
    static func rowsAboveCursor(prompt: String, textBeforeCursor: String, columns: Int) -> Int {
        guard columns > 0 else { return 0 }
        var rows = 0
        var start = DisplayWidth.of(prompt)
        for (index, piece) in textBeforeCursor.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index > 0 {
                rows += 1
                start = 0
            }
            rows += DisplayWidth.of(String(piece), startingAt: start) / columns
        }
        return rows
    }

    /// The escape sequence that moves the cursor to the start of the prompt's first row
    /// and clears from there to the end of the screen.
    static func clearSequence(rowsAbove: Int) -> String {
        let up = rowsAbove > 0 ? "\u{1B}[\(rowsAbove)A" : ""
        return "\r" + up + "\u{1B}[J"
    }
}

/// How many terminal columns text takes, the way readline draws it.
enum DisplayWidth {
    /// The column reached after drawing `text` from column `start`.
    static func of(_ text: String, startingAt start: Int = 0) -> Int {
        var column = start
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09:
                column += 8 - column % 8
            case 0x00..<0x20, 0x7F:
                column += 2  // readline shows control characters as ^X
            case 0x20..<0x7F:
                column += 1
            default:
                // Wide characters take two columns, combining marks none; a character the
                // locale does not know is counted as one.
                let width = kiosk_wcwidth(scalar.value)
                column += width < 0 ? 1 : Int(width)
            }
        }
        return column
    }
}
