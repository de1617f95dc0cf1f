import Foundation
import Testing

/// A shell leaves `~` alone after `=` (`--data-dir=~/kiosk`) and inside quotes: kiosk reads
/// such a path's `~` as the prompt reads one, instead of a directory named `~` (or a crash).
@Suite("A ~ in a flag's path", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct TildeFlagTests {
    @Test("--data-dir=~/… and --config=~/… name the home directory")
    func homeDirectory() async throws {
        let sandbox = try Sandbox()
        let home = sandbox.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try sandbox.file(
            "home/menu.toml",
            contents: try String(contentsOfFile: KioskBinary.packageRoot + "/config/kiosk.toml", encoding: .utf8))
        let run = try await KioskBinary.run(
            ["--data-dir=~/kd", "--config=~/menu.toml", "-c", "order banana"], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.first == "Made 1 Banana Juice.")
        #expect(FileManager.default.fileExists(atPath: home + "/kd/kiosk.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/~"))
    }

    @Test("a ~ alone, quoted, is the home directory too")
    func bareTilde() async throws {
        let sandbox = try Sandbox()
        let run = try await KioskBinary.run(["--data-dir", "~", "-c", "stock"], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.path + "/home/kiosk.sqlite"))
    }
}
