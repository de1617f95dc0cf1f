/// The type of a positional argument.
public enum ArgumentKind: Sendable {
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// One of a closed set of named values; the invocation holds its id.
    case choice(ChoiceSet)
    /// All remaining words, as typed (for `help <command words>`).
    case words
}
