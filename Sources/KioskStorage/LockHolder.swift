import Foundation

/// Who holds a lock on a file, as the kernel lists it in `/proc/locks`: so an error can say
/// "held by flock (pid 4242)" rather than guess that it was another kiosk.
public struct LockHolder: Sendable, Equatable {
    /// The holder's process id.
    public let pid: Int32
    /// The holder's program name (`/proc/PID/comm`), such as `kiosk` or `sqlite3`.
    public let program: String

    /// Whether the holder is a kiosk.
    public var isKiosk: Bool { program == "kiosk" }

    /// The first process other than this one holding a lock (flock or POSIX) on any of
    /// `paths`; nil when none is listed or `/proc/locks` cannot be read (not Linux).
    static func find(on paths: [String]) -> LockHolder? {
        let files = paths.compactMap(FileIdentity.init(path:))
        guard !files.isEmpty, let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else {
            return nil
        }
        let me = getpid()
        for line in locks.split(separator: "\n") {
            // "1: FLOCK  ADVISORY  WRITE 4242 08:01:1311 0 EOF"; a waiting lock has "->"
            // after the number, which shifts the fields by one.
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).filter { $0 != "->" }
            guard fields.count >= 6, let pid = Int32(fields[4]), pid != me,
                let identity = FileIdentity(procLocksField: fields[5]), files.contains(identity)
            else { continue }
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            let program = comm.trimmingCharacters(in: .whitespacesAndNewlines)
            return LockHolder(pid: pid, program: program.isEmpty ? "pid \(pid)" : program)
        }
        return nil
    }

    /// A file's device and inode, as `/proc/locks` names it (`major:minor:inode`).
    private struct FileIdentity: Equatable {
        let major: UInt64
        let minor: UInt64
        let inode: UInt64

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            let device = UInt64(status.st_dev)
            // glibc's gnu_dev_major / gnu_dev_minor.
            major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
            minor = (device & 0xff) | ((device >> 12) & ~0xff)
            inode = UInt64(status.st_ino)
        }

        init?(procLocksField field: Substring) {
            let parts = field.split(separator: ":")
            guard parts.count == 3, let major = UInt64(parts[0], radix: 16), let minor = UInt64(parts[1], radix: 16),
                let inode = UInt64(parts[2])
            else { return nil }
            self.major = major
            self.minor = minor
            self.inode = inode
        }
    }
}
