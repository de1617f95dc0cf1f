/// How one cell looks: a colour from the view's palette and an emphasis.
public struct CellStyle: Sendable, Hashable {
    /// The foreground colours the view uses; what each looks like is ``FrameWriter``'s choice.
    public enum Color: UInt8, Sendable {
        case plain, purple, cyan, green, yellow, blue, red
    }

    /// How the text stands out.
    public enum Emphasis: UInt8, Sendable {
        case none, bold, dim, reverse
    }

    public var color: Color
    public var emphasis: Emphasis

    public init(_ color: Color = .plain, _ emphasis: Emphasis = .none) {
        self.color = color
        self.emphasis = emphasis
    }

    public static let plain = CellStyle()
}

/// One character cell of the screen. A wide character fills its first cell; the cell after it
/// holds ``continuation`` so that a frame diff never writes into the middle of it.
public struct Cell: Sendable, Hashable {
    public var scalar: Unicode.Scalar
    public var style: CellStyle

    public init(_ scalar: Unicode.Scalar, _ style: CellStyle = .plain) {
        self.scalar = scalar
        self.style = style
    }

    public static let blank = Cell(" ")
    /// The right half of a wide character.
    public static let continuation = Cell("\u{0}")
}

/// A screen's worth of cells, row by row: what one frame of the live view shows.
///
/// ```swift
/// var grid = CellGrid(width: 80, height: 24)
/// grid.put("Bank", row: 0, column: 0, style: CellStyle(.plain, .bold))
/// ```
public struct CellGrid: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major: row `r`, column `c` is `cells[r * width + c]`.
    public private(set) var cells: [Cell]

    /// A blank grid; negative sizes count as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// Writes `text` from `column` on `row`, clipped at `limit` columns (and the grid's edge).
    /// Control characters show as `?`; a wide character that does not fit whole is left out.
    /// - Returns: the column after the last cell written.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: CellStyle = .plain, limit: Int = .max)
        -> Int
    {
        guard row >= 0, row < height, column >= 0 else { return column }
        let end = min(width, limit >= width - column ? width : column + limit)
        var at = column
        let base = row * width
        for scalar in text.unicodeScalars {
            let columns = Self.columns(of: scalar)
            if columns == 0 { continue }
            guard at + columns <= end else { break }
            let shown = scalar.value < 0x20 || scalar.value == 0x7F ? Unicode.Scalar(UInt8(ascii: "?")) : scalar
            cells[base + at] = Cell(shown, style)
            if columns == 2 { cells[base + at + 1] = Cell(Cell.continuation.scalar, style) }
            at += columns
        }
        return at
    }

    /// Fills `count` cells of `row` from `column` with `scalar`.
    public mutating func fill(_ scalar: Unicode.Scalar, row: Int, column: Int, count: Int, style: CellStyle = .plain) {
        guard row >= 0, row < height else { return }
        let start = max(0, column)
        let end = min(width, column + max(0, count))
        guard start < end else { return }
        for index in (row * width + start)..<(row * width + end) { cells[index] = Cell(scalar, style) }
    }

    /// How many columns `text` takes on a terminal.
    public static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// The columns one scalar takes: 1 for ASCII and control characters (shown as `?`),
    /// what ``CellWidth`` says otherwise (2 for Hangul and other wide characters, 0 for
    /// combining marks), whatever the locale.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0xA0 { return 1 }
        return CellWidth.of(scalar)
    }
}
