@testable import KioskREPL

/// A ``LineReader`` that records what the editor asked of the terminal.
final class FakeLineReader: LineReader {
    enum Call: Equatable {
        case beginLine(String)
        case endLine
        case readInput
        case abandonLine
        case write(String, OutputTarget)
        case redraw
        case resize
        case suspend
        case addToHistory(String)
    }

    private(set) var calls: [Call] = []
    var prompt = ""
    var typed = ""
    var cursor: String.Index?
    var screenColumns = 80
    private var onLine: ((String?) -> Void)?

    func beginLine(prompt: String, onLine: @escaping (String?) -> Void) {
        self.prompt = prompt
        self.onLine = onLine
        calls.append(.beginLine(prompt))
    }

    func endLine() { calls.append(.endLine) }
    func readAvailableInput() { calls.append(.readInput) }
    func abandonLine() {
        typed = ""
        calls.append(.abandonLine)
    }

    var displayedPrompt: String { prompt }
    var textBeforeCursor: String { String(typed[..<(cursor ?? typed.endIndex)]) }

    func write(_ text: String, to target: OutputTarget) { calls.append(.write(text, target)) }
    func redrawLine() { calls.append(.redraw) }
    func resize() { calls.append(.resize) }
    func suspend() { calls.append(.suspend) }
    func addToHistory(_ line: String) { calls.append(.addToHistory(line)) }

    /// Finishes the line as Enter (a string) or Ctrl-D on an empty line (nil) would.
    func enter(_ line: String?) {
        typed = ""
        onLine?(line)
    }

    func clearCalls() { calls.removeAll() }
}
