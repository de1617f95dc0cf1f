/// Breaks text into lines that fit a width, at spaces: a word moves whole to the next line,
/// and only a word longer than the whole width is cut. Widths count characters.
enum TextWrapper {
    /// The lines of `text` no wider than `width`. A line that starts with spaces keeps them,
    /// and the lines it wraps onto take the same indent (an example under `Examples:` stays
    /// indented); `hanging` adds more to those wrapped lines.
    static func wrap(_ text: String, width: Int, hanging: Int = 0) -> [String] {
        guard width > 0 else { return [text] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A line that fits keeps its spacing (aligned columns, numbered lists).
            if paragraph.count <= width {
                lines.append(String(paragraph))
                continue
            }
            let indent = paragraph.prefix { $0 == " " }.count
            let words = paragraph.split(separator: " ")
            guard !words.isEmpty else {
                lines.append(String(paragraph))
                continue
            }
            let firstPrefix = String(repeating: " ", count: min(indent, width - 1))
            let nextPrefix = String(repeating: " ", count: min(indent + hanging, width - 1))
            var line = firstPrefix
            var lineHasWord = false
            for word in words {
                var word = Substring(word)
                let room = width - line.count - (lineHasWord ? 1 : 0)
                if word.count <= room {
                    line += (lineHasWord ? " " : "") + word
                    lineHasWord = true
                    continue
                }
                if lineHasWord {
                    lines.append(line)
                    line = nextPrefix
                    lineHasWord = false
                }
                // A word wider than a whole line is cut where the line ends.
                while word.count > width - line.count {
                    let cut = max(1, width - line.count)
                    lines.append(line + word.prefix(cut))
                    word = word.dropFirst(cut)
                    line = nextPrefix
                }
                if !word.isEmpty {
                    line += word
                    lineHasWord = true
                }
            }
            if lineHasWord || lines.isEmpty { lines.append(line) }
        }
        return lines
    }
}
