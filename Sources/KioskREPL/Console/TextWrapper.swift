/// Breaks text into lines that fit a width, at spaces: a word moves whole to the next line,
/// and only a word wider than the whole line is cut. Widths are terminal cells (a Hangul
/// syllable takes two), as ``CellWidth`` counts them.
enum TextWrapper {
    /// The lines of `text` no wider than `width`. A line that starts with spaces keeps them,
    /// and the lines it wraps onto take the same indent (an example under `Examples:` stays
    /// indented); `hanging` adds more to those wrapped lines. A line that fits keeps its
    /// spacing as it is.
    static func wrap(_ text: String, width: Int, hanging: Int = 0) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A line that fits keeps its spacing (aligned columns, numbered lists).
            if CellWidth.of(String(paragraph)) <= width {
                lines.append(String(paragraph))
                continue
            }
            let indent = paragraph.prefix { $0 == " " }.count
            let firstPrefix = String(repeating: " ", count: min(indent, width - 1))
            let nextPrefix = String(repeating: " ", count: min(indent + hanging, width - 1))
            var line = firstPrefix
            var used = firstPrefix.count
            var lineHasWord = false
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var cells = CellWidth.of(word)
                if cells <= width - used - (lineHasWord ? 1 : 0) {
                    line += (lineHasWord ? " " : "") + word
                    used += cells + (lineHasWord ? 1 : 0)
                    lineHasWord = true
                    continue
                }
                if lineHasWord {
                    lines.append(line)
                    line = nextPrefix
                    used = nextPrefix.count
                    lineHasWord = false
                }
                // A word wider than a whole line is cut where the line ends.
                while cells > width - used {
                    var piece = ""
                    var pieceCells = 0
                    for character in word {
                        let characterCells = CellWidth.of(String(character))
                        if pieceCells + characterCells > width - used, !piece.isEmpty { break }
                        piece.append(character)
                        pieceCells += characterCells
                    }
                    lines.append(line + piece)
                    word.removeFirst(piece.count)
                    cells -= pieceCells
                    line = nextPrefix
                    used = nextPrefix.count
                }
                if !word.isEmpty {
                    line += word
                    used += cells
                    lineHasWord = true
                }
            }
            if lineHasWord || lines.isEmpty { lines.append(line) }
        }
        return lines
    }

    /// An entry of two columns, as `--help` lists options and environment variables: the name
    /// from the third cell, the text from cell `indent` + 1 (on the next line when the name is
    /// wider), wrapped within `width` with every wrapped line under the text's column.
    static func entry(_ name: String, _ text: String, indent: Int, width: Int) -> [String] {
        let wrapped = wrap(text, width: max(width - indent, 20))
        let padding = String(repeating: " ", count: indent)
        let first = "  " + name
        let firstWidth = CellWidth.of(first)
        guard firstWidth < indent, let head = wrapped.first else {
            return [first] + wrapped.map { padding + $0 }
        }
        return [first + String(repeating: " ", count: indent - firstWidth) + head]
            + wrapped.dropFirst().map { padding + $0 }
    }
}
