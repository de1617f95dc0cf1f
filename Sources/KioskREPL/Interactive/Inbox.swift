import Synchronization

/// What other threads hand to the terminal thread, in the order they posted it.
///
/// Posting never blocks on the terminal: it appends under a lock and, when the inbox was
/// empty, calls `wake` (which writes a byte to the terminal thread's self-pipe). The
/// terminal thread takes everything at once after each wake-up. The event relay asks for
/// ``waitForRoom()`` first, so a terminal that falls behind holds back the bounded event
/// mailbox instead of this list growing without end.
final class Inbox: Sendable {
    enum Entry: Sendable, Equatable {
        /// Text to show: printed above the prompt if one is showing.
        case output(String, OutputTarget)
        /// The command finished: show the prompt again.
        case prompt
        /// The session is over: leave the terminal as it was found.
        case close
        /// A live view takes the terminal over (see ``TerminalTakeover``).
        case takeOver(WatchLink)
        /// One frame of the live view.
        case frame([UInt8])
        /// The live view gives the terminal back.
        case giveBack
    }

    /// How many entries may wait for the terminal before the relay waits for it.
    static let highWatermark = 256

    private struct State {
        var entries: [Entry] = []
        var roomWaiters: [CheckedContinuation<Void, Never>] = []
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
            defer {
                state.entries.removeAll(keepingCapacity: true)
                state.roomWaiters.removeAll()
            }
            return (state.entries, state.roomWaiters)
        }
        for waiter in waiters { waiter.resume() }
        return entries
    }

    /// Suspends while more than ``highWatermark`` entries wait for the terminal thread.
    func waitForRoom() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let hasRoom = state.withLock { state in
                guard state.entries.count >= Self.highWatermark else { return true }
                state.roomWaiters.append(continuation)
                return false
            }
            if hasRoom { continuation.resume() }
        }
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
