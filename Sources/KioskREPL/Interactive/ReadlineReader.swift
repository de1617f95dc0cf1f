import CReadline
import Glibc

/// The ``LineReader`` of the real terminal: GNU readline through its callback interface.
///
/// readline keeps its state in globals, so exactly one reader exists at a time and every
/// call, the C callbacks included, happens on the terminal thread.
final class ReadlineReader: LineReader {
    private let completer: Completer
    private let output: any TextSink
    private let errors: any TextSink
    private var onLine: ((String?) -> Void)?
    private var prompt = ""
    private var isCollecting = false
    /// The line F2 put aside to open the live view, and its cursor (in bytes): typed again
    /// when the next prompt shows.
    private var keptLine: (text: String, point: Int32)?

    /// The line F2 runs.
    static let watchLine = "bank watch"
    /// F2 as terminals send it (xterm and tmux, then the VT220 form).
    private static let watchKeys = ["\\eOQ", "\\e[12~"]

    // readline's C callbacks carry no context pointer, so they find the reader here.
    // Set once on the terminal thread and only read there (from readline's callbacks).
    nonisolated(unsafe) private static var active: ReadlineReader?

    // readline keeps the pointers it is given; these live as long as the process. Raw
    // pointers are not Sendable, but nothing ever writes through these, so sharing them is safe.
    nonisolated(unsafe) private static let programName = UnsafePointer(strdup("kiosk"))
    nonisolated(unsafe) private static let wordBreaks = UnsafePointer(strdup(" \t\n"))

    init(completer: Completer, output: any TextSink, errors: any TextSink) {
        self.completer = completer
        self.output = output
        self.errors = errors
    }

    /// Configures readline and loads `history` for the Up arrow.
    func setUp(history: [String]) {
        Self.active = self
        // The terminal thread handles SIGINT, SIGTERM, SIGHUP and SIGWINCH itself, and
        // readline must not export LINES and COLUMNS with setenv while other threads run.
        kiosk_rl_configure(Self.programName, Self.wordBreaks) { text, _, end in
            ReadlineReader.active?.complete(word: text, end: Int(end))
        }
        for keys in Self.watchKeys {
            rl_bind_keyseq(keys) { _, _ in
                ReadlineReader.active?.watchKeepingLine()
                return 0
            }
        }
        stifle_history(Int32(HistoryPolicy.capacity))
        for line in history {
            add_history(line)
        }
    }

    /// Puts the terminal back the way it was found.
    func tearDown() {
        if isCollecting { endLine() }
        Self.active = nil
    }

    func beginLine(prompt: String, onLine: @escaping (String?) -> Void) {
        self.prompt = prompt
        self.onLine = onLine
        isCollecting = true
        rl_callback_handler_install(prompt) { line in
            ReadlineReader.active?.accept(line)
        }
        if let kept = keptLine {
            keptLine = nil
            rl_insert_text(kept.text)
            kiosk_rl_set_point(kept.point)
            rl_redisplay()
        }
    }

    func beginKey(prompt question: String, onKey: @escaping (String?) -> Void) {
        kiosk_rl_set_chars_to_read(1)
        beginLine(prompt: question) { key in
            kiosk_rl_set_chars_to_read(0)
            onKey(key)
        }
    }

    /// F2: puts the typed line aside and runs `bank watch` as if it had been typed; the
    /// line comes back, cursor and all, at the next prompt.
    private func watchKeepingLine() {
        guard isCollecting else { return }
        keptLine = (Self.lineText(upTo: Int(kiosk_rl_end())), kiosk_rl_point())
        rl_replace_line(Self.watchLine, 0)
        kiosk_rl_point_to_end()
        rl_redisplay()
        // What Enter does: show the line, move below it, and hand it over.
        rl_newline(1, 10)
    }

    func endLine() {
        guard isCollecting else { return }
        isCollecting = false
        kiosk_rl_set_chars_to_read(0)
        rl_callback_handler_remove()
        kiosk_rl_forget_eof()
    }

    func readAvailableInput() {
        rl_callback_read_char()
    }

    func abandonLine() {
        // Show the whole line and ^C after it, so the new prompt starts below it.
        kiosk_rl_point_to_end()
        rl_redisplay()
        write("^C\n", to: .standardOutput)
        rl_callback_sigcleanup()
        rl_free_line_state()
        rl_callback_handler_remove()
        // Installing again starts a fresh line and a fresh walk through the history.
        rl_callback_handler_install(prompt) { line in
            ReadlineReader.active?.accept(line)
        }
    }

    func abandonKey() {
        write("^C\n", to: .standardOutput)
        rl_callback_sigcleanup()
        rl_free_line_state()
        endLine()
    }

    var displayedPrompt: String {
        guard let shown = kiosk_rl_display_prompt() else { return prompt }
        return Self.visible(String(cString: shown))
    }

    var textBeforeCursor: String {
        Self.lineText(upTo: Int(kiosk_rl_point()))
    }

    var screenColumns: Int {
        var rows: Int32 = 0
        var columns: Int32 = 0
        rl_get_screen_size(&rows, &columns)
        return Int(columns)
    }

    func write(_ text: String, to target: OutputTarget) {
        // readline writes through stdio; what it buffered goes out first.
        fflush(nil)
        switch target {
        case .standardOutput: output.write(text)
        case .standardError: errors.write(text)
        }
    }

    func redrawLine() {
        rl_forced_update_display()
    }

    func resize() {
        if isCollecting {
            rl_resize_terminal()
        } else {
            rl_reset_screen_size()
        }
    }

    func suspend() {
        if isCollecting {
            // What readline's own SIGTSTP handler does: the shell gets the terminal back in
            // its normal mode, and on `fg` readline prepares it again and redraws the line.
            rl_cleanup_after_signal()
        }
        SignalRelay.stopProcess()
        if isCollecting {
            rl_reset_after_signal()
            rl_forced_update_display()
        }
    }

    func addToHistory(_ line: String) {
        add_history(line)
    }

    private func accept(_ line: UnsafeMutablePointer<CChar>?) {
        // readline hands over a malloc'd copy.
        let text = line.map { String(cString: $0) }
        free(line)
        // At the end of input, readline 8.1 and later move to a new row themselves.
        if text == nil, kiosk_rl_version() < 0x0801 {
            write("\n", to: .standardOutput)
        }
        onLine?(text)
    }

    private func complete(word: UnsafePointer<CChar>?, end: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    {
        // Never fall back to completing file names.
        kiosk_rl_completion_over()
        let typed = word.map { String(cString: $0) } ?? ""
        let matches = completer.matches(textBeforeCursor: Self.lineText(upTo: end), word: typed)
        guard !matches.isEmpty,
            let raw = malloc((matches.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)
        else { return nil }
        // readline frees the array and each string.
        let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: matches.count + 1)
        for (index, match) in matches.enumerated() {
            array[index] = strdup(match)
        }
        array[matches.count] = nil
        return array
    }

    /// The typed line's first `count` bytes (readline's positions count bytes).
    private static func lineText(upTo count: Int) -> String {
        guard let buffer = kiosk_rl_line_buffer() else { return "" }
        let count = max(0, min(count, Int(kiosk_rl_end())))
        return buffer.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// A prompt without readline's invisible-text markers (\001 ... \002).
    static func visible(_ prompt: String) -> String {
        var result = ""
        var hidden = false
        for scalar in prompt.unicodeScalars {
            switch scalar {
            case "\u{01}": hidden = true
            case "\u{02}": hidden = false
            default: if !hidden { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
