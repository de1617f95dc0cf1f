import Glibc

/// The prompt's state machine, on the terminal thread: shows the prompt when the front end
/// asks for it, hands finished lines over, prints output above the line being typed, and
/// turns signals into what a user expects of a shell.
///
/// It drives a ``LineReader`` and holds no terminal code of its own, so tests run it
/// against a fake.
final class LineEditor {
    enum State: Equatable {
        /// No prompt: before the first one, and while a command runs.
        case waiting
        /// The prompt is showing and keys are read.
        case prompting
        /// The user or a signal ended the session; waiting for ``Inbox/Entry/close``.
        case stopping
        /// The terminal is back in its normal mode.
        case closed
    }

    /// What the editor tells the front end.
    enum Event: Sendable, Equatable {
        /// A line was entered (it may be blank, or hold several pasted lines).
        case line(String)
        /// Ctrl-D on an empty line, or the end of standard input.
        case endOfInput
        /// SIGTERM or SIGHUP: the session must end.
        case signal(Int32)
        /// The key that answered a question (``Inbox/Entry/ask(_:)``): empty for Enter and
        /// at the end of input.
        case answer(String)
        /// Ctrl-C at a question: no, said with Ctrl-C rather than a key.
        case answerInterrupted
    }

    let prompt: String
    private(set) var state: State = .waiting
    private let reader: any LineReader
    private let history: HistoryStore
    private let emit: (Event) -> Void
    private let interrupt: () -> Void
    private let page: (String) -> Bool
    /// Whether standard input hung up, which no prompt can come back from.
    private var hungUp = false
    /// Whether the session is stopping on a Ctrl-D, which the front end may decline.
    private var stoppedByEndOfInput = false
    /// Whether what is being read is the answer to a question, not a command line.
    private var asking = false
    /// The key that answered the last question, until the next line is entered.
    private var lastAnswer: String?
    /// The status line showing on standard error while a command runs, if any.
    private var status: String?

    /// Back to the start of the row and erase it.
    static let eraseRow = "\r\u{1B}[2K"

    /// - Parameters:
    ///   - emit: receives lines and the end of the session.
    ///   - interrupt: cancels the command that is running, if one is.
    ///   - page: shows long text through a pager; false when it could not, and the text
    ///     is then printed as it is.
    init(
        reader: any LineReader, prompt: String, history: HistoryStore,
        emit: @escaping (Event) -> Void, interrupt: @escaping () -> Void,
        page: @escaping (String) -> Bool = { _ in false }
    ) {
        self.reader = reader
        self.prompt = prompt
        self.history = history
        self.emit = emit
        self.interrupt = interrupt
        self.page = page
    }

    /// Whether the terminal thread should read keys now.
    var wantsInput: Bool { state == .prompting }

    /// Standard input has bytes (or reached its end).
    func inputReady() {
        guard state == .prompting else { return }
        reader.readAvailableInput()
    }

    /// Standard input failed or hung up without bytes to read: like Ctrl-D.
    func inputEnded() {
        guard state == .prompting else { return }
        hungUp = true
        accept(nil)
    }

    /// Acts on what the front end posted, in order. Output that arrives while the prompt
    /// shows is printed above it in one redraw per batch.
    func handle(_ entries: [Inbox.Entry]) {
        var pending: [(text: String, target: OutputTarget)] = []
        func flush() {
            guard !pending.isEmpty else { return }
            if state == .prompting {
                printAbovePrompt(pending)
            } else {
                // Output goes where the status line was, and the status line below it.
                if status != nil { reader.write(Self.eraseRow, to: .standardError) }
                for chunk in pending { reader.write(chunk.text, to: chunk.target) }
                if let status { reader.write(status, to: .standardError) }
            }
            pending.removeAll()
        }
        func show(_ line: String?) {
            flush()
            if status != nil || line != nil { reader.write(Self.eraseRow + (line ?? ""), to: .standardError) }
            status = line
        }
        for entry in entries {
            switch entry {
            case .output(let text, let target):
                pending.append((text, target))
            case .status(let line):
                show(state == .waiting ? line : nil)
            case .prompt:
                show(nil)
                if state == .waiting { begin() }
            case .ask(let question):
                show(nil)
                if state == .waiting {
                    state = .prompting
                    asking = true
                    reader.beginKey(prompt: question) { [unowned self] key in
                        self.accept(key)
                    }
                }
            case .page(let text):
                flush()
                if !page(text) { reader.write(text, to: .standardOutput) }
            case .resume:
                flush()
                if state == .stopping, stoppedByEndOfInput, !hungUp {
                    stoppedByEndOfInput = false
                    begin()
                } else if state == .stopping {
                    // Nothing can be typed any more: the front end must end after all.
                    emit(.endOfInput)
                }
            case .close:
                flush()
                if state == .prompting { reader.endLine() }
                state = .closed
            case .takeOver, .frame, .giveBack:
                // The terminal loop hands these to the live view's takeover before the editor.
                break
            }
        }
        flush()
    }

    /// Acts on a signal the terminal thread caught.
    func handle(signal: Int32) {
        switch signal {
        case SIGINT:
            switch state {
            case .prompting where asking:
                // Ctrl-C at a question answers no, instead of asking again.
                reader.abandonKey()
                asking = false
                state = .waiting
                emit(.answerInterrupted)
            case .prompting:
                reader.abandonLine()
            case .waiting:
                // A status line goes first, with the ^C the terminal echoed after it.
                if status != nil {
                    reader.write(Self.eraseRow, to: .standardError)
                    status = nil
                }
                // The terminal echoed ^C; the command's own output goes on the next row.
                reader.write("\n", to: .standardOutput)
                interrupt()
            case .stopping, .closed:
                break
            }
        case SIGWINCH:
            if state != .closed { reader.resize() }
        case SIGTSTP:
            reader.suspend()
        default:
            guard state == .waiting || state == .prompting else { return }
            if state == .prompting {
                reader.endLine()
                reader.write("\n", to: .standardOutput)
            }
            state = .stopping
            stoppedByEndOfInput = false
            interrupt()
            emit(.signal(signal))
        }
    }

    private func begin() {
        state = .prompting
        reader.beginLine(prompt: prompt) { [unowned self] line in
            self.accept(line)
        }
    }

    private func accept(_ line: String?) {
        guard state == .prompting else { return }
        reader.endLine()
        if asking {
            // An answer is no command: it stays out of the history, and Ctrl-D says no.
            asking = false
            state = .waiting
            lastAnswer = line
            emit(.answer(line ?? ""))
            return
        }
        let answered = lastAnswer
        lastAnswer = nil
        // `yes` typed whole at a question that one key answers: `y` answered it, and the rest
        // of the word is no command.
        if let answered, let line, Self.finishesAnswer(answered, with: line) {
            begin()
            return
        }
        guard let line else {
            state = .stopping
            stoppedByEndOfInput = true
            emit(.endOfInput)
            return
        }
        state = .waiting
        // A paste of several lines arrives as one; each is kept on its own.
        for piece in line.split(separator: "\n") {
            if let recorded = history.record(String(piece)) { reader.addToHistory(recorded) }
        }
        emit(.line(line))
    }

    /// The words a question's one key may begin, typed whole out of habit: yes and no, and
    /// the same keys on a Korean keyboard (ㅛ is the y key).
    static let answerWords: Set<String> = ["yes", "no", "ㅛㄷㄴ", "ㅜㅐ"]

    /// Whether `line` is the rest of an answer word that `key` began (`es` after `y`).
    static func finishesAnswer(_ key: String, with line: String) -> Bool {
        let rest = line.filter { !$0.isWhitespace }
        return !key.isEmpty && !rest.isEmpty && answerWords.contains((key + rest).lowercased())
    }

    private func printAbovePrompt(_ chunks: [(text: String, target: OutputTarget)]) {
        let rows = PromptGeometry.rowsAboveCursor(
            prompt: reader.displayedPrompt, textBeforeCursor: reader.textBeforeCursor,
            columns: reader.screenColumns)
        reader.write(PromptGeometry.clearSequence(rowsAbove: rows), to: .standardOutput)
        for chunk in chunks {
            reader.write(chunk.text, to: chunk.target)
        }
        if let last = chunks.last, !last.text.hasSuffix("\n") {
            reader.write("\n", to: last.target)
        }
        reader.redrawLine()
    }
}
