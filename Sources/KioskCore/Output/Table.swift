/// Rows of cells under a header; numeric columns are right-aligned.
public struct Table: Sendable, Equatable {
    /// A column's title and alignment.
    public struct Column: Sendable, Equatable {
        /// Which side of the column the cells line up on.
        public enum Alignment: Sendable, Equatable { case left, right }
        /// The header text.
        public let title: String
        /// Where the cells line up.
        public let alignment: Alignment

        /// A column headed `title`.
        public init(_ title: String, alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    /// The columns, left to right.
    public let columns: [Column]
    /// The cells, a row at a time, one per column.
    public let rows: [[String]]

    /// A table of `rows` under `columns`.
    public init(columns: [Column], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
    }
}
