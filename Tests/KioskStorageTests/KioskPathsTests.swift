import Foundation
import Testing

@testable import KioskStorage

@Suite struct KioskPathsTests {
    @Test("the data directory follows --data-dir, then an absolute XDG_DATA_HOME, then HOME")
    func dataDirectory() throws {
        #expect(try KioskPaths.dataDirectory(explicit: "/x", environment: ["HOME": "/h"]) == "/x")
        #expect(try KioskPaths.dataDirectory(explicit: "", environment: ["HOME": "/h"]) == "/h/.local/share/kiosk")
        #expect(
            try KioskPaths.dataDirectory(explicit: nil, environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])
                == "/d/kiosk")
        #expect(
            try KioskPaths.dataDirectory(explicit: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
                == "/h/.local/share/kiosk")
        #expect(try KioskPaths.dataDirectory(explicit: nil, environment: ["HOME": "/h/"]) == "/h/.local/share/kiosk")
        #expect(
            throws: StorageError.noHome(path: "$HOME/.local/share/kiosk")
        ) { try KioskPaths.dataDirectory(explicit: nil, environment: ["HOME": ""]) }
    }

    @Test("the state directory follows an absolute XDG_STATE_HOME, then HOME; nil without either")
    func stateDirectory() {
        #expect(KioskPaths.stateDirectory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/kiosk")
        #expect(
            KioskPaths.stateDirectory(environment: ["XDG_STATE_HOME": "s", "HOME": "/h"]) == "/h/.local/state/kiosk")
        #expect(KioskPaths.stateDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/kiosk")
        #expect(KioskPaths.stateDirectory(environment: ["XDG_STATE_HOME": "s"]) == nil)
    }

    @Test("the config file follows an absolute XDG_CONFIG_HOME, then HOME; nil without either")
    func configFile() {
        #expect(KioskPaths.configFile(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/kiosk/kiosk.toml")
        #expect(
            KioskPaths.configFile(environment: ["XDG_CONFIG_HOME": "", "HOME": "/h"]) == "/h/.config/kiosk/kiosk.toml")
        #expect(KioskPaths.configFile(environment: ["HOME": "/h"]) == "/h/.config/kiosk/kiosk.toml")
        #expect(KioskPaths.configFile(environment: [:]) == nil)
    }

    @Test("a private directory is created 0700 with its missing parents; an existing one keeps its mode")
    func makesPrivateDirectories() throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.path + "/a/b/kiosk"
        try KioskPaths.makePrivateDirectory(directory)
        for path in [temporary.path + "/a", temporary.path + "/a/b", directory] {
            #expect(try temporary.permissions(of: path) == 0o700, "\(path)")
        }
        // Again: nothing to do.
        try KioskPaths.makePrivateDirectory(directory)

        let shared = temporary.path + "/shared"
        try FileManager.default.createDirectory(
            atPath: shared, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        try KioskPaths.makePrivateDirectory(shared)
        #expect(try temporary.permissions(of: shared) == 0o755)
    }

    @Test("a file where a directory should be, or a directory that cannot be written, is refused")
    func refusesUnusablePaths() throws {
        let temporary = try TemporaryDirectory()
        let file = temporary.path + "/plain-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: StorageError.notADirectory(path: file)) {
            try KioskPaths.makePrivateDirectory(file)
        }
        #expect(throws: StorageError.notADirectory(path: file)) {
            try KioskPaths.makePrivateDirectory(file + "/kiosk")
        }

        // Permission bits do not stop root, so only check them for other users.
        guard getuid() != 0 else { return }
        let locked = temporary.path + "/locked"
        try FileManager.default.createDirectory(
            atPath: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
        let denied = String(cString: strerror(EACCES))
        #expect(throws: StorageError.directoryUnwritable(path: locked, reason: denied)) {
            try KioskPaths.makePrivateDirectory(locked)
        }
        #expect(throws: StorageError.directoryUnwritable(path: locked + "/kiosk", reason: denied)) {
            try KioskPaths.makePrivateDirectory(locked + "/kiosk")
        }
    }
}
