import KioskCore

/// Renders results, errors and events: text (with colour when asked) or JSON Lines.
///
/// Results and events go to `output`, errors to `errors`. The console never decides
/// what happened, only how it looks.
struct Console: Sendable {
    enum Format: Sendable { case text, json }

    let format: Format
    let colors: Bool
    let output: any TextSink
    let errors: any TextSink
    let names: NameBook

    init(format: Format, colors: Bool, output: any TextSink, errors: any TextSink, config: KioskConfig) {
        self.format = format
        self.colors = colors && format == .text
        self.output = output
        self.errors = errors
        self.names = NameBook(config: config)
    }

    /// Prints a command's result.
    func show(_ result: CommandResult) {
        switch format {
        case .json: output.write(result.json.serialized() + "\n")
        case .text:
            let text = render(result.text)
            if !text.isEmpty { output.write(text) }
        }
    }

    /// Prints an error; `location` (e.g. `"line 3"`) prefixes it in script mode.
    func show(error: any Error, location: String?) {
        switch format {
        case .json:
            var json = Self.kioskError(error).json
            if let location, case .object(let fields) = json {
                json = .object(fields + [JSONField("location", .string(location))])
            }
            errors.write(json.serialized() + "\n")
        case .text:
            let message = Sanitized.text(Self.kioskError(error).description, limit: 4_096)
            let prefix = location.map { "kiosk: \($0): " } ?? ""
            errors.write(paint(prefix + message, .failure) + "\n")
        }
    }

    /// Prints an event if it is worth showing in this format, and returns whether it printed.
    @discardableResult
    func show(event: KioskEvent) -> Bool {
        guard let line = line(for: event) else { return false }
        output.write(line + "\n")
        return true
    }

    /// The line an event prints as, or nil when the format does not show it.
    func line(for event: KioskEvent) -> String? {
        switch format {
        case .json: return EventFormatter.json(event).serialized()
        case .text: return EventFormatter.text(event, names: names).map { paint($0.text, $0.tone) }
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

    /// Any error as a ``KioskError``, so unexpected ones still render with a code.
    static func kioskError(_ error: any Error) -> any KioskError {
        if let error = error as? any KioskError { return error }
        return UnexpectedError(underlying: error)
    }
}
