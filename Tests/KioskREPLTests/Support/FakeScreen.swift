@testable import KioskREPL

/// A terminal screen in memory that understands the escape sequences the live view writes
/// (cursor position, clear, SGR, synchronized output), so tests read what a user would see.
struct FakeScreen {
    let width: Int
    let height: Int
    private(set) var rows: [[Character]]
    /// The SGR parameters in effect when each cell was written ("" for none).
    private(set) var styles: [[String]]
    private(set) var cursor = (row: 0, column: 0)
    private(set) var synchronizedFrames = 0
    private(set) var openSynchronized = false
    /// Every SGR parameter string seen.
    private(set) var sgrSeen: [String] = []
    private var sgr = ""

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        rows = Array(repeating: Array(repeating: " ", count: width), count: height)
        styles = Array(repeating: Array(repeating: "", count: width), count: height)
    }

    /// Each row as text, trailing blanks removed.
    var text: [String] {
        rows.map { String(String($0).reversed().drop(while: { $0 == " " }).reversed()) }
    }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        func flushText(_ screen: inout FakeScreen) {
            guard !text.isEmpty else { return }
            for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
                screen.put(scalar)
            }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
                flushText(&self)
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                control(parameters, final: bytes[end])
                index = end + 1
            } else {
                text.append(byte)
                index += 1
            }
        }
        flushText(&self)
    }

    private mutating func control(_ parameters: String, final: UInt8) {
        switch final {
        case UInt8(ascii: "H"):
            let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
            cursor = ((numbers.first ?? 1) - 1, (numbers.dropFirst().first ?? 1) - 1)
        case UInt8(ascii: "J"):
            if parameters == "2" {
                rows = Array(repeating: Array(repeating: " ", count: width), count: height)
                styles = Array(repeating: Array(repeating: "", count: width), count: height)
            }
        case UInt8(ascii: "m"):
            sgr = parameters == "0" ? "" : parameters
            sgrSeen.append(parameters)
        case UInt8(ascii: "h") where parameters == "?2026":
            openSynchronized = true
        case UInt8(ascii: "l") where parameters == "?2026":
            if openSynchronized { synchronizedFrames += 1 }
            openSynchronized = false
        default:
            break
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let columns = CellGrid.columns(of: scalar)
        guard cursor.row < height, cursor.column + columns <= width else { return }
        rows[cursor.row][cursor.column] = Character(scalar)
        styles[cursor.row][cursor.column] = sgr
        if columns == 2 { rows[cursor.row][cursor.column + 1] = "\u{0}" }
        cursor.column += columns
    }
}
