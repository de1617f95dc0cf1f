/// A piece of text output.
public enum TextBlock: Sendable, Equatable {
    /// One or more lines in one tone.
    case message(String, Tone = .plain)
    /// A table with a header row.
    case table(Table)
}
