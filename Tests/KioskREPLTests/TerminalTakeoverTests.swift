import Glibc
import Testing

@testable import KioskREPL

@Suite("TerminalTakeover: the live view's hold on the terminal thread")
struct TerminalTakeoverTests {
    final class Recorder: @unchecked Sendable {
        // Only touched on the test's own thread, as the terminal thread would.
        var calls: [String] = []
        var delivered: [WatchInput] = []

        lazy var takeover = TerminalTakeover(
            enter: { [unowned self] in calls.append("enter") },
            leave: { [unowned self] in calls.append("leave") },
            write: { [unowned self] in calls.append("write \($0.count)") })

        lazy var link = WatchLink { [unowned self] input in delivered.append(input) }
    }

    @Test("output for the prompt waits while the view is up and comes after it, in order")
    func holdsOutput() {
        let recorder = Recorder()
        let passed = recorder.takeover.filter([
            .output("before\n", .standardOutput), .takeOver(recorder.link), .frame([1, 2, 3]),
            .output("during\n", .standardOutput), .frame([4]), .giveBack, .output("after\n", .standardOutput),
            .prompt,
        ])
        #expect(
            passed == [
                .output("before\n", .standardOutput), .output("during\n", .standardOutput),
                .output("after\n", .standardOutput), .prompt,
            ])
        #expect(recorder.calls == ["enter", "write 3", "write 1", "leave"])
        #expect(!recorder.takeover.isActive)
    }

    @Test("frames after the view ended are not written")
    func lateFrames() {
        let recorder = Recorder()
        _ = recorder.takeover.filter([.takeOver(recorder.link), .giveBack, .frame([9])])
        #expect(recorder.calls == ["enter", "leave"])
    }

    @Test("the session closing while the view is up puts the terminal back first")
    func closeWhileWatching() {
        let recorder = Recorder()
        let passed = recorder.takeover.filter([.takeOver(recorder.link), .output("x\n", .standardError), .close])
        #expect(passed == [.output("x\n", .standardError), .close])
        #expect(recorder.calls == ["enter", "leave"])
    }

    @Test("signals: a resize reaches the view and readline; SIGINT is Ctrl-C; SIGTERM ends the view first")
    func signals() {
        let recorder = Recorder()
        _ = recorder.takeover.filter([.takeOver(recorder.link)])
        #expect(recorder.takeover.handle(signal: SIGWINCH))
        #expect(!recorder.takeover.handle(signal: SIGINT))
        #expect(recorder.takeover.handle(signal: SIGTERM))
        #expect(recorder.delivered == [.resized, .keys([0x03]), .ended])
        #expect(recorder.calls == ["enter", "leave"])
        #expect(!recorder.takeover.isActive)
        // Without a view, every signal is the line editor's.
        #expect(recorder.takeover.handle(signal: SIGINT))
    }
}
