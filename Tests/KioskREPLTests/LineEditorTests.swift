import Glibc
import Testing

@testable import KioskREPL

@Suite("Line editor")
struct LineEditorTests {
    @Test("waits for the front end before showing the first prompt")
    func firstPrompt() {
        let harness = EditorHarness()
        #expect(harness.editor.state == .waiting)
        #expect(!harness.editor.wantsInput)
        harness.showPrompt()
        #expect(harness.reader.calls == [.beginLine("kiosk> ")])
        #expect(harness.editor.wantsInput)
    }

    @Test("reads keys only while the prompt shows")
    func readsOnlyWhilePrompting() {
        let harness = EditorHarness()
        harness.editor.inputReady()
        harness.showPrompt()
        harness.editor.inputReady()
        #expect(harness.reader.calls == [.beginLine("kiosk> "), .readInput])
    }

    @Test("hands an entered line to the front end and keeps it in the history")
    func entersLine() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.clearCalls()
        harness.reader.enter("stock add mango 3  ")
        #expect(harness.emitted == [.line("stock add mango 3  ")])
        #expect(harness.reader.calls == [.endLine, .addToHistory("stock add mango 3")])
        #expect(harness.history.all == ["stock add mango 3"])
        #expect(harness.editor.state == .waiting)
    }

    @Test("keeps each line of a paste in the history on its own")
    func pastedLines() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.enter("stock set mango 3\n\nhelp history")
        #expect(harness.emitted == [.line("stock set mango 3\n\nhelp history")])
        #expect(harness.history.all == ["stock set mango 3", "help history"])
        #expect(harness.reader.calls.filter { if case .addToHistory = $0 { true } else { false } }.count == 2)
    }

    @Test("a line starting with a space runs but is not kept")
    func privateLine() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.enter(" bank open")
        #expect(harness.emitted == [.line(" bank open")])
        #expect(!harness.reader.calls.contains(.addToHistory(" bank open")))
        #expect(harness.history.all.isEmpty)
    }

    @Test("shows the prompt again when the command is done")
    func promptsAgain() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.enter("help")
        harness.reader.clearCalls()
        harness.editor.handle([.output("Commands:\n", .standardOutput), .prompt])
        #expect(harness.reader.calls == [.write("Commands:\n", .standardOutput), .beginLine("kiosk> ")])
    }

    @Test("prints output above the prompt and redraws the typed line")
    func printsAbovePrompt() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.typed = "order man"
        harness.reader.clearCalls()
        harness.editor.handle([
            .output("[00:00.700] #1 deposit finished\n", .standardOutput),
            .output("oops\n", .standardError),
        ])
        #expect(
            harness.reader.calls == [
                .write("\r\u{1B}[J", .standardOutput),
                .write("[00:00.700] #1 deposit finished\n", .standardOutput),
                .write("oops\n", .standardError),
                .redraw,
            ])
        // The line is neither ended nor replaced: readline redraws it as it was.
        #expect(harness.reader.typed == "order man")
        #expect(harness.editor.state == .prompting)
    }

    @Test("clears every row of a line that wraps before printing above it")
    func clearsWrappedLine() {
        let harness = EditorHarness()
        harness.reader.screenColumns = 40
        harness.showPrompt()
        harness.reader.typed = String(repeating: "x", count: 100)
        harness.reader.clearCalls()
        harness.editor.handle([.output("event\n", .standardOutput)])
        // 7 + 100 = 107 columns: the cursor is on the third row.
        #expect(harness.reader.calls.first == .write("\r\u{1B}[2A\u{1B}[J", .standardOutput))
        #expect(harness.reader.calls.last == .redraw)
    }

    @Test("measures up to the cursor, not the end of the line")
    func measuresToCursor() {
        let harness = EditorHarness()
        harness.reader.screenColumns = 40
        harness.showPrompt()
        harness.reader.typed = String(repeating: "x", count: 100)
        harness.reader.cursor = harness.reader.typed.index(harness.reader.typed.startIndex, offsetBy: 10)
        harness.reader.clearCalls()
        harness.editor.handle([.output("event\n", .standardOutput)])
        #expect(harness.reader.calls.first == .write("\r\u{1B}[J", .standardOutput))
    }

    @Test("ends output above the prompt with a newline so the prompt starts a row")
    func endsWithNewline() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.clearCalls()
        harness.editor.handle([.output("no newline", .standardOutput)])
        #expect(
            harness.reader.calls == [
                .write("\r\u{1B}[J", .standardOutput), .write("no newline", .standardOutput),
                .write("\n", .standardOutput), .redraw,
            ])
    }

    @Test("writes output straight through while a command runs")
    func outputWhileWaiting() {
        let harness = EditorHarness()
        harness.editor.handle([.output("a\n", .standardOutput), .output("b\n", .standardError)])
        #expect(harness.reader.calls == [.write("a\n", .standardOutput), .write("b\n", .standardError)])
    }

    @Test("Ctrl-C at the prompt abandons the line and keeps the session")
    func interruptAtPrompt() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.typed = "stock set"
        harness.reader.clearCalls()
        harness.editor.handle(signal: SIGINT)
        #expect(harness.reader.calls == [.abandonLine])
        #expect(harness.emitted.isEmpty)
        #expect(harness.interrupts == 0)
        #expect(harness.editor.state == .prompting)
    }

    @Test("Ctrl-C while a command runs cancels the command")
    func interruptCommand() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.enter("bank wait")
        harness.reader.clearCalls()
        harness.editor.handle(signal: SIGINT)
        #expect(harness.interrupts == 1)
        #expect(harness.reader.calls == [.write("\n", .standardOutput)])
        #expect(harness.editor.state == .waiting)
    }

    @Test("Ctrl-D on an empty line ends the session")
    func endOfInput() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.clearCalls()
        harness.reader.enter(nil)
        #expect(harness.emitted == [.endOfInput])
        #expect(harness.reader.calls == [.endLine])
        #expect(harness.editor.state == .stopping)
        // A late request for the prompt does not bring it back.
        harness.editor.handle([.prompt])
        #expect(!harness.reader.calls.contains(.beginLine("kiosk> ")))
    }

    @Test("a terminal that hangs up ends the session like Ctrl-D")
    func inputEnded() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.editor.inputEnded()
        #expect(harness.emitted == [.endOfInput])
    }

    @Test("SIGTERM and SIGHUP end the session and cancel the command", arguments: [SIGTERM, SIGHUP])
    func terminate(signal: Int32) {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.clearCalls()
        harness.editor.handle(signal: signal)
        #expect(harness.emitted == [.signal(signal)])
        #expect(harness.interrupts == 1)
        #expect(harness.reader.calls == [.endLine, .write("\n", .standardOutput)])
        harness.editor.handle(signal: signal)
        #expect(harness.emitted == [.signal(signal)])
    }

    @Test("picks up a new terminal size")
    func resize() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.editor.handle(signal: SIGWINCH)
        #expect(harness.reader.calls.last == .resize)
        #expect(harness.emitted.isEmpty)
    }

    @Test("Ctrl-Z suspends with the line kept, at the prompt or while a command runs")
    func suspend() {
        let harness = EditorHarness()
        harness.editor.handle(signal: SIGTSTP)
        harness.showPrompt()
        harness.reader.typed = "stock"
        harness.editor.handle(signal: SIGTSTP)
        #expect(harness.reader.calls == [.suspend, .beginLine("kiosk> "), .suspend])
        #expect(harness.reader.typed == "stock")
        #expect(harness.editor.state == .prompting)
        #expect(harness.emitted.isEmpty)
    }

    @Test("closing puts the terminal back and prints what came before it")
    func close() {
        let harness = EditorHarness()
        harness.showPrompt()
        harness.reader.clearCalls()
        harness.editor.handle([.output("bye\n", .standardOutput), .close])
        #expect(
            harness.reader.calls == [
                .write("\r\u{1B}[J", .standardOutput), .write("bye\n", .standardOutput), .redraw, .endLine,
            ])
        #expect(harness.editor.state == .closed)
        #expect(!harness.editor.wantsInput)
    }
}
