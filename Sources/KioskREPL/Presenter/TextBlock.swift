/// A piece of text output, before it meets a terminal.
enum TextBlock: Sendable, Equatable {
    /// One or more lines in one tone.
    case message(String, Tone = .plain)
    /// A table with a header row.
    case table(Table)
}

/// How a piece of text is meant to look; the console turns it into colour, or not.
enum Tone: Sendable, Equatable {
    case plain
    case heading
    case success
    case warning
    case failure
    case muted
}

/// Rows of cells under a header, laid out by ``TableRenderer``.
struct Table: Sendable, Equatable {
    struct Column: Sendable, Equatable {
        enum Alignment: Sendable, Equatable { case left, right }
        let title: String
        let alignment: Alignment

        init(_ title: String, alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    let columns: [Column]
    let rows: [[String]]
    /// Whether the column titles are printed above the rows.
    var showsHeader = true

    init(columns: [Column], rows: [[String]], showsHeader: Bool = true) {
        self.columns = columns
        self.rows = rows
        self.showsHeader = showsHeader
    }
}

/// A result as the console prints it: the text a person reads and the JSON Lines object.
///
/// Each is built only when asked for, so text mode never encodes JSON and `--json` never
/// lays out tables.
struct Rendering: Sendable {
    private let makeText: @Sendable () -> [TextBlock]
    private let makeJSON: @Sendable () -> JSONLine

    /// Terminal control text (`clear`'s escape sequence), written as it is before the
    /// text, and only to a terminal.
    let control: String?

    init(
        text: @autoclosure @escaping @Sendable () -> [TextBlock], json: @autoclosure @escaping @Sendable () -> JSONLine,
        control: String? = nil
    ) {
        makeText = text
        makeJSON = json
        self.control = control
    }

    /// What a person reads.
    var text: [TextBlock] { makeText() }
    /// The JSON Lines object.
    var json: JSONLine { makeJSON() }
}
