/// The terminal operations the line editor needs: readline in the program, a fake in tests.
///
/// Every call happens on the terminal thread. While a line is being collected, input is
/// fed with ``readAvailableInput()``; when a line is complete (or input ends), the reader
/// calls the `onLine` closure given to ``beginLine(prompt:onLine:)`` with the line, or nil.
protocol LineReader: AnyObject {
    /// Shows `prompt` and starts collecting a line in the terminal's editing mode.
    func beginLine(prompt: String, onLine: @escaping (String?) -> Void)
    /// Shows `question` and reads one key: `onKey` gets the key typed (empty for Enter),
    /// or nil at the end of input.
    func beginKey(prompt question: String, onKey: @escaping (String?) -> Void)
    /// Stops collecting; the terminal goes back to its normal mode.
    func endLine()
    /// Reads the input that is available; may complete a line and call `onLine`.
    func readAvailableInput()
    /// Throws away the line being typed (after showing that it was abandoned) and
    /// shows a fresh prompt.
    func abandonLine()
    /// Stops reading the key a question waits for (after showing that it was abandoned),
    /// with no prompt after it: the front end says what happens next.
    func abandonKey()

    /// The prompt as it is displayed right now (readline swaps it during a history search).
    var displayedPrompt: String { get }
    /// The typed text from the start of the line to the cursor.
    var textBeforeCursor: String { get }
    /// The terminal's width in columns.
    var screenColumns: Int { get }

    /// Writes `text` as it is, with no regard for the prompt.
    func write(_ text: String, to target: OutputTarget)
    /// Draws the prompt and the typed line again from the start of the current screen row.
    func redrawLine()
    /// Picks up a new terminal size.
    func resize()
    /// Stops the process for job control (Ctrl-Z), with the terminal in its normal mode
    /// meanwhile; returns once the shell continues it, with the line shown again.
    func suspend()
    /// Makes `line` reachable with the Up arrow.
    func addToHistory(_ line: String)
}

extension LineReader {
    /// A reader that cannot stop after one key reads a whole line as the answer.
    func beginKey(prompt question: String, onKey: @escaping (String?) -> Void) {
        beginLine(prompt: question, onLine: onKey)
    }

    func abandonKey() {
        write("^C\n", to: .standardOutput)
        endLine()
    }
}
