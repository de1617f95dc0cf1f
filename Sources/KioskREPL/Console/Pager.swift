import Glibc

/// Shows long output page by page through the user's pager, as git and psql do: `$PAGER`,
/// else `less`; `LESS` defaults to `FRX` (quit when it fits, keep colour, leave the text
/// on the screen). Only the interactive prompt pages, never a script or `--json`.
struct Pager: Sendable {
    /// The shell command that pages.
    let command: String
    /// The environment the pager runs with.
    let environment: [String: String]

    /// The pager `environment` asks for; nil when paging is off (`PAGER` set to the empty
    /// string or to `cat`).
    init?(environment: [String: String]) {
        let command = environment["PAGER"] ?? "less"
        let trimmed = String(
            command.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard !trimmed.isEmpty, trimmed != "cat" else { return nil }
        self.command = trimmed
        var environment = environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        self.environment = environment
    }

    /// Runs the pager with `text` on its standard input and waits for it to end.
    /// - Returns: false when the pager could not be started or is not installed (then
    ///   nothing was shown).
    func page(_ text: String) -> Bool {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let arguments = ["/bin/sh", "-c", command]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, &argv, &envp)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return false
        }
        // A pager that quits early closes the pipe: the write fails with EPIPE (SIGPIPE is
        // ignored), and what is left is simply not shown.
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(writeEnd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += written
        }
        bytes.removeAll()
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        // The shell exits 127 when the pager is not installed: then nothing was shown.
        let exitedNormally = status & 0x7F == 0
        return !(exitedNormally && (status >> 8) & 0xFF == 127)
    }
}
