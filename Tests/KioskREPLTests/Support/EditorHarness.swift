@testable import KioskREPL

/// A ``LineEditor`` wired to a fake terminal, with what it emitted and interrupted.
struct EditorHarness {
    /// What the editor told the front end.
    final class Recorder {
        var emitted: [LineEditor.Event] = []
        var interrupts = 0
    }

    let reader = FakeLineReader()
    let history: HistoryStore
    let recorder = Recorder()
    let editor: LineEditor

    init(history: HistoryStore = HistoryStore(file: nil)) {
        self.history = history
        let recorder = recorder
        editor = LineEditor(
            reader: reader, prompt: "kiosk> ", history: history,
            emit: { recorder.emitted.append($0) },
            interrupt: { recorder.interrupts += 1 })
    }

    var emitted: [LineEditor.Event] { recorder.emitted }
    var interrupts: Int { recorder.interrupts }

    /// Shows the first prompt, as the front end does after its banner.
    func showPrompt() {
        editor.handle([.prompt])
    }
}
