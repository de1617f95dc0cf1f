import Foundation
import KioskStorage

/// The history file: one line per entry, readable by its owner only (mode 0600,
/// directories created 0700).
struct HistoryFile: Sendable, Equatable {
    let path: String

    /// `$KIOSK_HISTFILE`, else `$XDG_STATE_HOME/kiosk/history`, else
    /// `~/.local/state/kiosk/history`; nil when none can be worked out (no `HOME`).
    static func location(environment: [String: String]) -> HistoryFile? {
        if let path = environment["KIOSK_HISTFILE"], !path.isEmpty {
            return HistoryFile(path: path)
        }
        // The XDG spec ignores relative paths.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return HistoryFile(path: state + "/kiosk/history")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return HistoryFile(path: home + "/.local/state/kiosk/history")
        }
        return nil
    }

    /// Why the file must not be used: another user owns it, or everyone may write it, so
    /// its lines could be anyone's (and would run again from the prompt's history).
    /// Nil when it is the user's own, or missing.
    func refusal() -> RefusedFile? {
        PlaceTrust.risk(at: path).map { RefusedFile(path: path, use: .history, reason: .untrusted($0)) }
    }

    /// The entries in the file, oldest first.
    /// - Throws: the ``refusal()`` when another user could have written the file.
    func loadChecked() throws(RefusedFile) -> [String] {
        if let refusal = refusal() { throw refusal }
        return load()
    }

    /// The entries in the file, oldest first; none when it is missing, unreadable, or
    /// refused (see ``refusal()``).
    func load() -> [String] {
        guard refusal() == nil, let data = FileManager.default.contents(atPath: path) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        return HistoryPolicy.trimmed(lines.map(String.init))
    }

    /// Adds `entries` to the end of the file and keeps its last ``HistoryPolicy/capacity``
    /// lines. Another kiosk appending at the same moment waits for this one (a lock on the
    /// file's directory), so neither's lines are lost.
    func append(_ entries: [String]) throws(HistoryError) {
        guard !entries.isEmpty else { return }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try Self.makeDirectories(directory)
        }
        let lock = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        // Without the lock (a directory that cannot be opened) the merge still happens, only
        // not atomically against another kiosk's.
        if lock >= 0 {
            while flock(lock, LOCK_EX) != 0, errno == EINTR {}
        }
        defer { if lock >= 0 { close(lock) } }
        try save(HistoryPolicy.trimmed(load() + entries))
    }

    /// Replaces the file with `entries`: written to a private temporary file beside it,
    /// then renamed, so a crash never leaves half a file.
    func save(_ entries: [String]) throws(HistoryError) {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try Self.makeDirectories(directory)
        }
        var text = entries.joined(separator: "\n")
        if !text.isEmpty { text += "\n" }

        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw HistoryError(path: path, reason: Self.lastError()) }
        // The mode given to open(2) only applies to a new file, and the umask may narrow it.
        fchmod(descriptor, 0o600)
        var bytes = Array(text.utf8)
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        let reason = complete ? nil : Self.lastError()
        close(descriptor)
        guard complete, rename(temporary, path) == 0 else {
            let failure = reason ?? Self.lastError()
            unlink(temporary)
            throw HistoryError(path: path, reason: failure)
        }
    }

    /// Creates `directory` and any missing parents, each readable by its owner only.
    private static func makeDirectories(_ directory: String) throws(HistoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw HistoryError(path: directory, reason: "it is a file, not a directory")
            }
            return
        }
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != directory {
            try makeDirectories(parent)
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw HistoryError(path: directory, reason: lastError())
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
