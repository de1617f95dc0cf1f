import Synchronization

/// The lines typed at the prompt, loaded from and saved to the history file.
///
/// The terminal thread records lines; the `history` command reads them from the
/// command's task, so the entries live behind a lock.
final class HistoryStore: Sendable {
    /// Where the entries are saved; nil keeps them in memory only.
    let file: HistoryFile?
    private let entries: Mutex<[String]>

    init(file: HistoryFile?, entries: [String] = []) {
        self.file = file
        self.entries = Mutex(HistoryPolicy.trimmed(entries))
    }

    /// A store holding what `file` has, or an empty one when it cannot be read.
    static func loading(_ file: HistoryFile?) -> HistoryStore {
        HistoryStore(file: file, entries: file?.load() ?? [])
    }

    /// Every entry, oldest first.
    var all: [String] {
        entries.withLock { $0 }
    }

    /// Adds `line` if the policy keeps it.
    /// - Returns: the line as recorded, or nil when the policy leaves it out.
    @discardableResult
    func record(_ line: String) -> String? {
        let line = HistoryPolicy.normalized(line)
        return entries.withLock { entries in
            guard HistoryPolicy.shouldRecord(line, after: entries.last) else { return nil }
            entries.append(line)
            if entries.count > HistoryPolicy.capacity {
                entries.removeFirst(entries.count - HistoryPolicy.capacity)
            }
            return line
        }
    }

    /// Writes the entries to the file, if there is one.
    /// - Throws: ``HistoryError`` when the file or its directory cannot be written.
    func save() throws(HistoryError) {
        guard let file else { return }
        try file.save(all)
    }
}
