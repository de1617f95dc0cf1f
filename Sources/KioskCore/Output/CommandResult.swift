/// What a command returns: presentation-neutral, rendered by the console
/// as text blocks on a terminal or as one JSON Lines object with `--json`.
public struct CommandResult: Sendable, Equatable {
    /// The command's name in the JSON contract (`"stock"`, `"order"`, `"bank status"`).
    public var command: String
    /// The fields of the JSON result after `"type"` and `"command"`.
    public var fields: [JSONField]
    /// What a person reads.
    public var text: [TextBlock]

    /// A result of `command` with its JSON `fields` and its `text`.
    public init(command: String, fields: [JSONField] = [], text: [TextBlock] = []) {
        self.command = command
        self.fields = fields
        self.text = text
    }

    /// The whole JSON Lines object: `{"type":"result","command":...,<fields>}`.
    public var json: JSONValue {
        .object([JSONField("type", "result"), JSONField("command", .string(command))] + fields)
    }
}

/// A piece of text output.
public enum TextBlock: Sendable, Equatable {
    /// One or more lines in one tone.
    case message(String, Tone = .plain)
    /// A table with a header row.
    case table(Table)
}

/// How a message should look; the console maps tones to colours on a terminal.
public enum Tone: Sendable, Equatable {
    case plain
    case heading
    case success
    case warning
    case failure
    case muted
}

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
