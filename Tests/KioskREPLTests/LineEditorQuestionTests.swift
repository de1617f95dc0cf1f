import Glibc
import Testing

@testable import KioskREPL

/// The one-key question the prompt asks after a refused order: its answer is no command.
@Suite("Line editor questions")
struct LineEditorQuestionTests {
    @Test("a question reads one answer, hands it over as an answer, and keeps it out of the history")
    func answer() {
        let harness = EditorHarness()
        harness.editor.handle([.ask("Add 6 strawberry and make it? [y/N] ")])
        #expect(harness.reader.calls == [.beginLine("Add 6 strawberry and make it? [y/N] ")])
        #expect(harness.editor.wantsInput)
        harness.reader.clearCalls()
        harness.reader.enter("y")
        #expect(harness.emitted == [.answer("y")])
        #expect(harness.reader.calls == [.endLine])
        #expect(harness.history.all.isEmpty)
        #expect(harness.editor.state == .waiting)
        // The next prompt is the command prompt again, and its line is a command.
        harness.showPrompt()
        harness.reader.enter("stock")
        #expect(harness.emitted == [.answer("y"), .line("stock")])
    }

    @Test("yes or no typed whole: the first key answers, the rest of the word is no command")
    func answerWordTypedWhole() {
        let harness = EditorHarness()
        harness.editor.handle([.ask("Add 6 strawberry and make it? [y/N] ")])
        harness.reader.enter("y")
        harness.showPrompt()
        harness.reader.clearCalls()
        harness.reader.enter("es")
        // Not handed over: the prompt is shown again for the next command.
        #expect(harness.emitted == [.answer("y")])
        #expect(harness.reader.calls == [.endLine, .beginLine("kiosk> ")])
        #expect(harness.history.all.isEmpty)
        harness.reader.enter("stock")
        #expect(harness.emitted == [.answer("y"), .line("stock")])
        // Only right after the answer, and only the rest of the word.
        harness.editor.handle([.ask("Add 6 strawberry and make it? [y/N] ")])
        harness.reader.enter("n")
        harness.showPrompt()
        harness.reader.enter("menu")
        #expect(harness.emitted.last == .line("menu"))
        #expect(LineEditor.finishesAnswer("n", with: "o"))
        #expect(LineEditor.finishesAnswer("Y", with: "ES"))
        #expect(!LineEditor.finishesAnswer("y", with: "esterday"))
        #expect(!LineEditor.finishesAnswer("", with: "yes"))
    }

    @Test("Ctrl-D at a question says no and does not end the session")
    func endOfInputIsNo() {
        let harness = EditorHarness()
        harness.editor.handle([.ask("Add 6 strawberry and make it? [y/N] ")])
        harness.reader.enter(nil)
        #expect(harness.emitted == [.answer("")])
        #expect(harness.editor.state == .waiting)
    }

    @Test("Ctrl-C at a question says no once: no new question, no command interrupted")
    func interruptIsNo() {
        let harness = EditorHarness()
        harness.editor.handle([.ask("Add 6 strawberry and make it? [y/N] ")])
        harness.reader.clearCalls()
        harness.editor.handle(signal: SIGINT)
        #expect(harness.emitted == [.answerInterrupted])
        #expect(harness.reader.calls == [.write("^C\n", .standardOutput), .endLine])
        #expect(harness.interrupts == 0)
        #expect(harness.editor.state == .waiting)
        // The prompt that follows reads commands again.
        harness.showPrompt()
        harness.reader.enter("stock")
        #expect(harness.emitted == [.answerInterrupted, .line("stock")])
    }
}
