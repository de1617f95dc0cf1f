import Bank
import KioskCore

/// Prints what the presenter renders: text (with colour when asked) or JSON Lines.
///
/// Results and events go to `output`, errors to `errors`. The console never decides what
/// happened or how it is worded, only where it goes and how it looks on a terminal.
struct Console: Sendable {
    enum Format: Sendable { case text, json }

    let format: Format
    let colors: Bool
    let output: any TextSink
    let errors: any TextSink
    let presenter: Presenter
    /// Whether errors on standard error are painted: stderr's own terminal decides.
    let errorColors: Bool
    /// The terminal's width now, to wrap results at; nil never wraps (a pipe, a file).
    let width: @Sendable () -> Int?
    /// Shows a result too long for the screen through a pager, and says whether it did;
    /// nil prints everything directly (scripts, `--json`).
    let pager: (@Sendable (String) -> Bool)?

    /// - Parameters:
    ///   - colors: whether results and events on `output` are painted.
    ///   - errorColors: whether errors on `errors` are painted; as `colors` when nil.
    ///   - width: the terminal's width now; results wrap at it.
    ///   - pager: shows a long result page by page; see ``pager``.
    init(
        format: Format, colors: Bool, output: any TextSink, errors: any TextSink, presenter: Presenter,
        errorColors: Bool? = nil, width: @escaping @Sendable () -> Int? = { nil },
        pager: (@Sendable (String) -> Bool)? = nil
    ) {
        self.format = format
        self.colors = colors && format == .text
        self.output = output
        self.errors = errors
        self.presenter = presenter
        self.errorColors = (errorColors ?? colors) && format == .text
        self.width = width
        self.pager = format == .text ? pager : nil
    }

    /// Prints a command's outcome.
    func show(_ outcome: any CommandOutcome, of invocation: Invocation) {
        show(presenter.render(outcome, of: invocation))
    }

    /// Prints a rendered result.
    func show(_ rendering: Rendering) {
        switch format {
        case .json: output.write(rendering.json.serialized() + "\n")
        case .text:
            if let control = rendering.control, width() != nil { output.write(control) }
            let text = render(rendering.text)
            guard !text.isEmpty else { return }
            if let pager, pager(text) { return }
            output.write(text)
        }
    }

    /// Prints an error; `location` (e.g. `"line 3"`) prefixes it in script mode.
    /// - Parameter endsRun: whether the script stops at it (see ``Presenter/describe(_:endsRun:)``).
    func show(error: any Error, location: String?, endsRun: Bool = false) {
        switch format {
        case .json:
            errors.write(presenter.json(error: error, location: location, endsRun: endsRun).serialized() + "\n")
        case .text:
            let message = Sanitized.text(presenter.describe(error, endsRun: endsRun), limit: 4_096)
            let prefix = location.map { "kiosk: \($0): " } ?? ""
            // At the prompt (no location), a long error wraps at spaces like the results do;
            // a script's error stays one line whatever it is written to.
            let lines =
                location == nil
                ? width().map { TextWrapper.wrap(message, width: $0) } ?? [message] : [prefix + message]
            errors.write(lines.map { errorColors ? "\u{1B}[31m\($0)\u{1B}[0m" : $0 }.joined(separator: "\n") + "\n")
        }
    }

    /// The line an event prints as, or nil when the format does not show it.
    func line(for event: KioskEvent) -> String? {
        if case .bankProgress(let run) = event {
            let lines = run.events.compactMap { line(for: $0) }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
        switch format {
        case .json: return presenter.json(event: event).serialized()
        case .text:
            guard let (text, tone) = presenter.text(event: event) else { return nil }
            // The closing summary goes on with its waits, a line per task and grade.
            let details = presenter.detailLines(event: event).map { paint($0, .muted) }
            return ([paint(text, tone)] + details).joined(separator: "\n")
        }
    }

    /// The line that says how many bank events a slow terminal skipped.
    func line(skipped count: Int) -> String {
        switch format {
        case .json: presenter.json(skipped: count).serialized()
        case .text: paint(presenter.catalog.skippedBankEvents(count), .muted)
        }
    }

    /// The `events summary` line of the bank's totals.
    func line(summary status: BankStatus) -> String {
        switch format {
        case .json: presenter.json(summary: status).serialized()
        case .text: paint(presenter.summaryText(status), .muted)
        }
    }

    /// Text blocks as terminal text, each line ending in a newline.
    func render(_ blocks: [TextBlock]) -> String {
        let width = self.width()
        var text = ""
        for block in blocks {
            switch block {
            case .message(let message, let tone):
                // Most messages are one line of printable ASCII that fits: nothing to split,
                // escape or wrap. Splitting by Characters costs more than the rest of a result.
                if Sanitized.isPrintableASCII(message), width.map({ message.utf8.count <= $0 }) ?? true {
                    text += paint(message, tone)
                    text += "\n"
                    continue
                }
                for line in Self.lines(of: message) {
                    let clean = Sanitized.text(String(line), limit: .max)
                    guard let width, clean.utf8.count > width, CellWidth.of(clean) > width else {
                        text += paint(clean, tone)
                        text += "\n"
                        continue
                    }
                    for piece in TextWrapper.wrap(clean, width: width) {
                        text += paint(piece, tone)
                        text += "\n"
                    }
                }
            case .table(let table):
                text += TableRenderer.render(table, width: width, paintHeader: { paint($0, .heading) })
            }
        }
        return text
    }

    /// `message` split at each newline. By its bytes, which costs a fraction of splitting by
    /// Characters (a help page is a hundred lines), unless it holds a carriage return: CR LF is
    /// one Character, which splitting by Characters keeps whole.
    private static func lines(of message: String) -> [Substring] {
        guard !message.utf8.contains(UInt8(ascii: "\r")) else {
            return message.split(separator: "\n", omittingEmptySubsequences: false)
        }
        return message.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init)
    }

    func paint(_ text: String, _ tone: Tone) -> String {
        guard colors else { return text }
        let code: String
        switch tone {
        case .plain: return text
        case .heading: code = "1"
        case .success: code = "32"
        case .warning: code = "33"
        case .failure: code = "31"
        case .muted: code = "2"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
