/// Turns frames of the live view into the bytes a terminal needs: the first frame (and any
/// frame after a resize) in full, later ones as only the cells that changed.
///
/// Every frame is wrapped in synchronized output (`CSI ?2026h` … `CSI ?2026l`), so a
/// terminal that supports it shows the frame at once rather than half drawn; others ignore it.
///
/// ```swift
/// var writer = FrameWriter(colors: true)
/// let bytes = writer.frame(grid)    // everything, the first time
/// let next = writer.frame(grid2)    // only what changed
/// ```
public struct FrameWriter: Sendable {
    /// Whether styles become SGR sequences; without colour, cells are written plain.
    public let colors: Bool
    /// The frame on screen, as far as this writer knows; nil before the first frame.
    public private(set) var shown: CellGrid?

    public init(colors: Bool) {
        self.colors = colors
    }

    /// Forgets what is on screen, so that the next frame is drawn in full (after a resize,
    /// or when something else wrote to the terminal).
    public mutating func invalidate() {
        shown = nil
    }

    /// The bytes that take the screen from the last frame to `grid`; empty when nothing changed.
    public mutating func frame(_ grid: CellGrid) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        if let shown, shown.width == grid.width, shown.height == grid.height {
            Self.diff(from: shown, to: grid, colors: colors, into: &out)
        } else {
            Self.full(grid, colors: colors, into: &out)
        }
        self.shown = grid
        guard !out.isEmpty else { return [] }
        return Array(Self.beginSync.utf8) + out + Array(Self.endSync.utf8)
    }

    static let beginSync = "\u{1B}[?2026h"
    static let endSync = "\u{1B}[?2026l"

    private static func full(_ grid: CellGrid, colors: Bool, into out: inout [UInt8]) {
        append(colors ? "\u{1B}[0m\u{1B}[H\u{1B}[2J" : "\u{1B}[H\u{1B}[2J", to: &out)
        var style = CellStyle.plain
        for row in 0..<grid.height {
            moveTo(row: row, column: 0, into: &out)
            // Trailing blanks are already blank after the clear.
            var end = grid.width
            while end > 0, grid[row, end - 1] == .blank { end -= 1 }
            writeCells(grid, row: row, from: 0, to: end, style: &style, colors: colors, into: &out)
        }
        if style != .plain { append("\u{1B}[0m", to: &out) }
    }

    private static func diff(from old: CellGrid, to new: CellGrid, colors: Bool, into out: inout [UInt8]) {
        var style = CellStyle.plain
        var cursor: (row: Int, column: Int)? = nil
        let width = new.width
        old.cells.withUnsafeBufferPointer { before in
            new.cells.withUnsafeBufferPointer { after in
                for row in 0..<new.height {
                    let base = row * width
                    var column = 0
                    while column < width {
                        guard before[base + column] != after[base + column] else {
                            column += 1
                            continue
                        }
                        // A run of changed cells; gaps of up to 4 unchanged cells are written
                        // over rather than jumped, which costs fewer bytes than a cursor move.
                        var start = column
                        // Never start on the right half of a wide character.
                        if start > 0, after[base + start].scalar == Cell.continuation.scalar { start -= 1 }
                        var end = column + 1
                        var scan = end
                        while scan < width {
                            if before[base + scan] != after[base + scan] {
                                end = scan + 1
                            } else if scan - end >= 4 {
                                break
                            }
                            scan += 1
                        }
                        if end < width, after[base + end].scalar == Cell.continuation.scalar { end += 1 }
                        if cursor?.row != row || cursor?.column != start {
                            moveTo(row: row, column: start, into: &out)
                        }
                        writeCells(new, row: row, from: start, to: end, style: &style, colors: colors, into: &out)
                        cursor = (row, end)
                        column = end
                    }
                }
            }
        }
        if style != .plain { append("\u{1B}[0m", to: &out) }
    }

    private static func writeCells(
        _ grid: CellGrid, row: Int, from start: Int, to end: Int, style: inout CellStyle, colors: Bool,
        into out: inout [UInt8]
    ) {
        guard start < end else { return }
        for column in start..<end {
            let cell = grid[row, column]
            if cell.scalar == Cell.continuation.scalar { continue }
            if colors, cell.style != style {
                append(sgr(cell.style), to: &out)
                style = cell.style
            }
            if cell.scalar.value < 0x80 {
                out.append(UInt8(cell.scalar.value))
            } else {
                out.append(contentsOf: String(Character(cell.scalar)).utf8)
            }
        }
    }

    private static func moveTo(row: Int, column: Int, into out: inout [UInt8]) {
        append("\u{1B}[\(row + 1);\(column + 1)H", to: &out)
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }

    /// The SGR sequence that sets `style` from scratch.
    static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        switch style.emphasis {
        case .none: break
        case .bold: codes.append("1")
        case .dim: codes.append("2")
        case .reverse: codes.append("7")
        }
        switch style.color {
        case .plain: break
        // A purple like the exercise's loan cells; 256-colour terminals show it as such,
        // and tmux and xterm map it down when they have fewer colours.
        case .purple: codes.append("38;5;135")
        case .cyan: codes.append("36")
        case .green: codes.append("32")
        case .yellow: codes.append("33")
        case .blue: codes.append("34")
        case .red: codes.append("31")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
