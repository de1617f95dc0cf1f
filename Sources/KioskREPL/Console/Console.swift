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

    init(format: Format, colors: Bool, output: any TextSink, errors: any TextSink, presenter: Presenter) {
        self.format = format
        self.colors = colors && format == .text
        self.output = output
        self.errors = errors
        self.presenter = presenter
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
            let text = render(rendering.text)
            if !text.isEmpty { output.write(text) }
        }
    }

    /// Prints an error; `location` (e.g. `"line 3"`) prefixes it in script mode.
    func show(error: any Error, location: String?) {
        switch format {
        case .json:
            errors.write(presenter.json(error: error, location: location).serialized() + "\n")
        case .text:
            let message = Sanitized.text(presenter.describe(error), limit: 4_096)
            let prefix = location.map { "kiosk: \($0): " } ?? ""
            errors.write(paint(prefix + message, .failure) + "\n")
        }
    }

    /// The line an event prints as, or nil when the format does not show it.
    func line(for event: KioskEvent) -> String? {
        switch format {
        case .json: return presenter.json(event: event).serialized()
        case .text: return presenter.text(event: event).map { paint($0.text, $0.tone) }
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
        var text = ""
        for block in blocks {
            switch block {
            case .message(let message, let tone):
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += paint(Sanitized.terminal(String(line), limit: .max), tone)
                    text += "\n"
                }
            case .table(let table):
                text += TableRenderer.render(table, paintHeader: { paint($0, .heading) })
            }
        }
        return text
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
