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

    @Test(
        "a ~name with no such user is refused as a bad flag, naming the flag, and nothing is made",
        arguments: ["--data-dir=~no-such-user-kiosk/x", "--config=~no-such-user-kiosk/k.toml"])
    func unknownUser(flag: String) async throws {
        let sandbox = try Sandbox()
        // In the sandbox, where a literal directory of that name would be made.
        let run = try await runShell(
            "cd \(shellQuoted(sandbox.path)) && \"$KIOSK\" \(flag) -c stock", sandbox: sandbox)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        let flag = flag.split(separator: "=")[0]
        #expect(
            run.stderr.hasPrefix(
                "Error: \(flag): no user 'no-such-user-kiosk' here, so '~no-such-user-kiosk/"),
            "\(run.stderr)")
        #expect(run.stderr.contains("Usage: kiosk"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path + "/~no-such-user-kiosk"))
    }

    @Test("with --json the refusal is the prompt's unknown_user error, in Korean too")
    func unknownUserJSONAndKorean() async throws {
        let sandbox = try Sandbox()
        let json = try await KioskBinary.run(
            ["--json", "--data-dir=~no-such-user-kiosk/x", "-c", "stock"], home: sandbox)
        #expect(json.status == 64)
        #expect(
            json.stderr.hasPrefix(
                #"{"type":"error","code":"unknown_user","user":"no-such-user-kiosk","given":"~no-such-user-kiosk/x","#),
            "\(json.stderr)")
        let korean = try await KioskBinary.run(
            ["--lang", "ko", "--file=~no-such-user-kiosk/s.txt"], home: sandbox)
        #expect(korean.status == 64)
        #expect(
            korean.stderr.hasPrefix("오류: --file: 사용자 'no-such-user-kiosk'가 없어서 '~no-such-user-kiosk/s.txt'의 홈 디렉터리를"),
            "\(korean.stderr)")
    }
}
