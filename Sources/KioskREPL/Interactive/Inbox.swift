import Synchronization

/// What other threads hand to the terminal thread, in the order they posted it.
///
/// Posting never blocks on the terminal: it appends under a lock and, when the inbox was
/// empty, calls `wake` (which writes a byte to the terminal thread's self-pipe). The
/// terminal thread takes everything at once after each wake-up.
final class Inbox: Sendable {
    enum Entry: Sendable, Equatable {
        /// Text to show: printed above the prompt if one is showing.
        case output(String, OutputTarget)
        /// The command finished: show the prompt again.
        case prompt
        /// The session is over: leave the terminal as it was found.
        case close
    }

    private let entries = Mutex<[Entry]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    func post(_ entry: Entry) {
        let wasEmpty = entries.withLock { entries in
            defer { entries.append(entry) }
            return entries.isEmpty
        }
        // One wake-up per batch keeps the pipe from filling up during a flood of events;
        // the reader takes every entry posted before it looks.
        if wasEmpty { wake() }
    }

    /// Removes and returns every entry, oldest first.
    func takeAll() -> [Entry] {
        entries.withLock { entries in
            defer { entries.removeAll(keepingCapacity: true) }
            return entries
        }
    }
}
