/// What reaches the live view while it is up.
enum WatchInput: Sendable, Equatable {
    /// Bytes typed (a key, or an escape sequence such as an arrow key).
    case keys([UInt8])
    /// The terminal changed size: the next frame is drawn in full.
    case resized
    /// Time for a frame.
    case tick
    /// The terminal went away or the session is ending.
    case ended
}

/// The terminal as the live view uses it: the REPL's terminal thread in the program, a
/// fake screen in tests.
protocol WatchTerminal: Sendable {
    /// Takes the terminal over: alternate screen, cursor hidden, keys unbuffered and
    /// unechoed; from now on keys, resizes and the end go to `inputs`.
    func takeOver(inputs: @escaping @Sendable (WatchInput) -> Void)
    /// Columns and rows.
    func size() -> (columns: Int, rows: Int)
    /// Writes one frame's bytes.
    func draw(_ bytes: [UInt8])
    /// Puts the terminal back as it was before ``takeOver(inputs:)``.
    func giveBack()
}
