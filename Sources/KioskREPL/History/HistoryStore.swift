import Synchronization

/// The lines typed at the prompt, loaded from and saved to the history file.
///
/// The terminal thread records lines; the `history` command reads them from the
/// command's task, so the entries live behind a lock.
///
/// Saving appends this session's lines to what the file holds then, as readline's
/// `append_history` and bash's `histappend` do: two prompts on one history file keep
/// both sessions' lines, whichever quits last.
final class HistoryStore: Sendable {
    /// Where the entries are saved; nil keeps them in memory only.
    let file: HistoryFile?
    private struct Lines {
        /// Every entry, loaded and typed, oldest first.
        var all: [String]
        /// The entries typed since the last save, oldest first.
        var unsaved: [String] = []
    }
    private let entries: Mutex<Lines>

    init(file: HistoryFile?, entries: [String] = []) {
        self.file = file
        self.entries = Mutex(Lines(all: HistoryPolicy.trimmed(entries)))
    }

    /// A store holding what `file` has, or an empty one when it cannot be read.
    static func loading(_ file: HistoryFile?) -> HistoryStore {
        HistoryStore(file: file, entries: file?.load() ?? [])
    }

    /// Every entry, oldest first.
    var all: [String] {
        entries.withLock { $0.all }
    }

    /// Adds `line` if the policy keeps it.
    /// - Returns: the line as recorded, or nil when the policy leaves it out.
    @discardableResult
    func record(_ line: String) -> String? {
        let line = HistoryPolicy.normalized(line)
        return entries.withLock { entries in
            guard HistoryPolicy.shouldRecord(line, after: entries.all.last) else { return nil }
            Self.append(line, to: &entries.all)
            Self.append(line, to: &entries.unsaved)
            return line
        }
    }

    private static func append(_ line: String, to list: inout [String]) {
        list.append(line)
        if list.count > HistoryPolicy.capacity {
            list.removeFirst(list.count - HistoryPolicy.capacity)
        }
    }

    /// Adds the lines typed since the last save to the end of the file, if there is one,
    /// keeping its last ``HistoryPolicy/capacity`` lines.
    /// - Throws: ``HistoryError`` when the file or its directory cannot be written.
    func save() throws(HistoryError) {
        guard let file else { return }
        let unsaved = entries.withLock { $0.unsaved }
        try file.append(unsaved)
        entries.withLock { $0.unsaved.removeFirst(min(unsaved.count, $0.unsaved.count)) }
    }
}
