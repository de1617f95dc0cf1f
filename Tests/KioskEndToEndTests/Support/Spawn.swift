import Foundation

/// Runs a program and waits for it with posix_spawn and waitpid, with no signal blocked
/// or ignored in the child.
///
/// A test runs on a thread of the cooperative pool, whose signals are blocked; a child
/// started with Foundation's Process inherits that mask, and a daemon it starts (the
/// tmux server) would then never see SIGCHLD or SIGTERM.
enum Spawn {
    /// Runs `path` with `arguments`; standard input and error are /dev/null.
    /// - Returns: the exit status and, when asked, what it wrote to standard output.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], captureOutput: Bool = true) throws -> (
        status: Int32, output: String
    ) {
        var ends: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&ends) == 0 else { throw SpawnError(path: path, code: errno) }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addclose(&actions, ends[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }

        var pid = pid_t()
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if captureOutput { close(ends[1]) }
        guard result == 0 else {
            if captureOutput { close(ends[0]) }
            throw SpawnError(path: path, code: result)
        }

        var output = [UInt8]()
        if captureOutput {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                output += buffer[0..<count]
            }
            close(ends[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }

    struct SpawnError: Error, CustomStringConvertible {
        let path: String
        let code: Int32
        var description: String { "cannot run \(path): \(String(cString: strerror(code)))" }
    }
}
