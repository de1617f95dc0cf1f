import Foundation
import KioskCore
import Synchronization

/// The one thread that owns the terminal: it runs readline's callback interface, waits
/// with poll(2) on standard input, the inbox's self-pipe and the signal pipe, and lets the
/// ``LineEditor`` act on whatever arrived. Everything else reaches it through ``inbox``.
final class TerminalLoop: Sendable {
    /// Output and requests for the terminal thread.
    let inbox: Inbox
    /// Lines and the end of the session, for the front end.
    let events: AsyncStream<LineEditor.Event>

    private let continuation: AsyncStream<LineEditor.Event>.Continuation
    private let wakePipe: WakePipe
    private let closed = Mutex<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// The signals the terminal thread acts on.
    static let handledSignals = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP]

    init() {
        let wakePipe = WakePipe()
        self.wakePipe = wakePipe
        inbox = Inbox(wake: { wakePipe.wake() })
        (events, continuation) = AsyncStream.makeStream()
    }

    /// Starts the terminal thread. It shows the first prompt when ``Inbox/Entry/prompt``
    /// is posted, and ends after ``Inbox/Entry/close``.
    func start(
        prompt: String, completer: Completer, history: HistoryStore, interrupter: Interrupter,
        signals: Int32, output: any TextSink, errors: any TextSink
    ) {
        let thread = Thread { [self] in
            SignalRelay.unblock(Self.handledSignals)
            let reader = ReadlineReader(completer: completer, output: output, errors: errors)
            reader.setUp(history: history.all)
            let editor = LineEditor(
                reader: reader, prompt: prompt, history: history,
                emit: { [continuation] in continuation.yield($0) },
                interrupt: { interrupter.fire() })
            run(editor, signals: signals)
            reader.tearDown()
            output.flush()
            continuation.finish()
            let waiters = closed.withLock { state in
                state.done = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
        thread.name = "kiosk-terminal"
        thread.start()
    }

    /// Returns once the terminal thread has put the terminal back and ended.
    func waitUntilClosed() async {
        await withCheckedContinuation { waiter in
            let done = closed.withLock { state in
                if !state.done { state.waiters.append(waiter) }
                return state.done
            }
            if done { waiter.resume() }
        }
    }

    private func run(_ editor: LineEditor, signals: Int32) {
        let takeover = TerminalTakeover()
        var descriptors = [
            pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        ]
        while editor.state != .closed {
            let watchesInput = editor.wantsInput || takeover.isActive
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let ready = poll(&descriptors, nfds_t(watchesInput ? 3 : 2), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                // poll itself failed: nothing can be waited for any more.
                _ = takeover.handle(signal: SIGHUP)
                editor.handle(signal: SIGHUP)
                editor.handle(takeover.filter(inbox.takeAll() + [.close]))
                break
            }
            if descriptors[0].revents != 0 {
                for signal in SignalRelay.drain(signals) where takeover.handle(signal: signal) {
                    editor.handle(signal: signal)
                }
            }
            if descriptors[1].revents != 0 {
                wakePipe.drain()
                editor.handle(takeover.filter(inbox.takeAll()))
            }
            if watchesInput, takeover.isActive {
                let events = Int32(descriptors[2].revents)
                if events & Int32(POLLIN) != 0 {
                    takeover.readKeys()
                } else if events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    takeover.inputEnded()
                }
            } else if watchesInput, editor.wantsInput {
                let events = Int32(descriptors[2].revents)
                if events & Int32(POLLIN) != 0 {
                    editor.inputReady()
                } else if events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                    // No bytes will come: the terminal went away.
                    editor.inputEnded()
                }
            }
        }
    }
}
