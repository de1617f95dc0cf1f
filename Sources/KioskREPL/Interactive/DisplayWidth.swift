import CReadline

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
