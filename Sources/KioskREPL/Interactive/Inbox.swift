import KioskCore
import Synchronization

/// What other threads hand to the terminal thread, in the order they posted it.
///
/// Posting never blocks on the terminal: it appends under a lock and, when the inbox was
/// empty, calls `wake` (which writes a byte to the terminal thread's self-pipe). The
/// terminal thread takes everything at once after each wake-up. The event relay asks for
/// ``waitForRoom()`` first, which waits between the inbox's ``watermarks``, so a terminal
/// that falls behind holds back the bounded event mailbox instead of this list growing
/// without end.
final class Inbox: Sendable {
    enum Entry: Sendable, Equatable {
        /// Text to show: printed above the prompt if one is showing.
        case output(String, OutputTarget)
        /// A status line on standard error while a command runs (a long plan's progress),
        /// redrawn below any output that comes meanwhile; nil erases it.
        case status(String?)
        /// The command finished: show the prompt again.
        case prompt
        /// Ask a yes-or-no question with one key (``LineEditor/Event/answer(_:)`` brings the
        /// key), where the prompt would show.
        case ask(String)
        /// Text too long for the screen: shown through the pager, or printed when none starts.
        case page(String)
        /// The front end declined the Ctrl-D it was sent (customers are still at the bank):
        /// show the prompt again, unless the terminal itself went away.
        case resume
        /// The session is over: leave the terminal as it was found.
        case close
        /// A live view takes the terminal over (see ``TerminalTakeover``).
        case takeOver(WatchLink)
        /// One frame of the live view.
        case frame([UInt8])
        /// The live view gives the terminal back.
        case giveBack
    }

    /// The relay waits once this many entries wait for the terminal, until it is down to the
    /// low mark.
    static let watermarks = Watermarks(high: 256, low: 64)

    private struct State {
        var entries: [Entry] = []
        var room = BackPressure(Inbox.watermarks)
    }

    private let state = Mutex(State())
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    func post(_ entry: Entry) {
        let wasEmpty = state.withLock { state in
            defer { state.entries.append(entry) }
            return state.entries.isEmpty
        }
        // One wake-up per batch keeps the pipe from filling up during a flood of events;
        // the reader takes every entry posted before it looks.
        if wasEmpty { wake() }
    }

    /// Removes and returns every entry, oldest first.
    func takeAll() -> [Entry] {
        let (entries, waiters) = state.withLock { state in
            defer { state.entries.removeAll(keepingCapacity: true) }
            return (state.entries, state.room.resumable(queued: 0))
        }
        for waiter in waiters { waiter.resume() }
        return entries
    }

    /// Suspends while the terminal thread is behind: from when ``watermarks``' high mark of
    /// entries wait for it until it has taken them down to the low mark.
    func waitForRoom() async {
        guard state.withLock({ $0.room.mustWait(queued: $0.entries.count) }) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let parked = state.withLock { state in
                guard state.room.mustWait(queued: state.entries.count) else { return false }
                state.room.park(continuation)
                return true
            }
            if !parked { continuation.resume() }
        }
    }

    /// How many callers wait in ``waitForRoom()``.
    var waitingForRoom: Int {
        state.withLock { $0.room.waitingProducers }
    }
}

/// A ``TextSink`` that hands text to the terminal thread instead of writing it.
struct InboxSink: TextSink {
    let inbox: Inbox
    let target: OutputTarget

    func write(_ text: String) {
        inbox.post(.output(text, target))
    }

    func flush() {}
}
