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
