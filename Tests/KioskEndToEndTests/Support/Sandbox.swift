import Foundation

/// A private home for one test: HOME, XDG directories and the history file all point
/// inside a temporary directory, removed afterwards.
final class Sandbox: Sendable {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var historyFile: String { path + "/state/kiosk/history" }

    /// A clean environment that keeps kiosk away from the real home.
    var environment: [String: String] {
        [
            "HOME": path + "/home",
            "XDG_STATE_HOME": path + "/state",
            "XDG_DATA_HOME": path + "/data",
            "XDG_CONFIG_HOME": path + "/config",
            "KIOSK_HISTFILE": historyFile,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            // Long output at the prompt goes through the pager; `cat` shows it all at once,
            // whatever pager the machine running the tests prefers.
            "PAGER": "cat",
        ]
    }

    /// Writes `contents` to `name` inside the sandbox and returns its path.
    @discardableResult
    func file(_ name: String, contents: String) throws -> String {
        let filePath = path + "/" + name
        let directory = (filePath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try contents.write(toFile: filePath, atomically: false, encoding: .utf8)
        return filePath
    }

    /// The permission bits of `path`.
    func mode(of filePath: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: filePath)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
