import Foundation
import Testing

@Suite(
    "Places other users control are refused with one line saying why",
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct PlaceTrustTests {
    /// A user id with no account: some other user.
    static let otherUser: uid_t = 1234
    static let runsAsRoot = getuid() == 0
    static let hasSetpriv = FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test("a data directory everyone may write is refused before a byte is written; exit 74")
    func worldWritableDataDirectory() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/shared"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        chmod(data, 0o777)
        let run = try await KioskBinary.run(["--data-dir", data, "-c", "order banana"], home: sandbox)
        #expect(run.status == 74)
        #expect(
            run.stderrLines == [
                "kiosk: Refusing data directory \(data): everyone may write it (mode 0777). Run 'chmod o-w \(data)', or choose another with --data-dir."
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: data).isEmpty)
    }

    @Test("a link to a directory everyone may write is refused as the directory is")
    func linkToWorldWritableDirectory() async throws {
        let sandbox = try Sandbox()
        let shared = sandbox.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        chmod(shared, 0o1777)
        let link = sandbox.path + "/data-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: shared)
        let run = try await KioskBinary.run(["--data-dir", link, "--json", "-c", "stock"], home: sandbox)
        #expect(run.status == 74)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix(#"{"type":"error","code":"storage_untrusted","path":"\#(link)""#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).isEmpty)
    }

    @Test(
        "a data directory of another user is refused, even for root",
        .enabled(if: runsAsRoot, "needs root to give a directory to another user"))
    func dataDirectoryOfAnotherUser() async throws {
        let sandbox = try Sandbox()
        let data = sandbox.path + "/theirs"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        chown(data, Self.otherUser, Self.otherUser)
        let run = try await KioskBinary.run(["--data-dir", data, "-c", "stock"], home: sandbox)
        #expect(run.status == 74)
        #expect(
            run.stderrLines == [
                "kiosk: Refusing data directory \(data): it belongs to uid 1234, who could change the database under kiosk. Choose a directory of your own with --data-dir, or chown it to yourself."
            ])
    }

    @Test(
        "a second user is refused another user's data directory and history file",
        .enabled(if: runsAsRoot && hasSetpriv, "needs root and setpriv to run kiosk as a second user"))
    func secondUser() async throws {
        let sandbox = try Sandbox()
        chmod(sandbox.path, 0o755)
        let data = sandbox.path + "/theirs"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        chmod(data, 0o777)
        chown(data, Self.otherUser, Self.otherUser)
        let asNobody = try await Self.runAsNobody(["--data-dir", data, "-c", "stock"], sandbox: sandbox)
        #expect(asNobody.status == 74, "\(asNobody.stderr)")
        #expect(
            asNobody.stderr.contains("Refusing data directory \(data): it belongs to uid 1234"), "\(asNobody.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data).isEmpty)

        // Another user's history file, readable by all: its lines are not shown as the
        // second user's, nor run again from the prompt.
        let history = try sandbox.file("state/kiosk/history", contents: "order mango\nstock reset\n")
        for directory in [sandbox.path + "/state", sandbox.path + "/state/kiosk"] { chmod(directory, 0o755) }
        chmod(history, 0o644)
        chown(history, Self.otherUser, Self.otherUser)
        let listing = try await Self.runAsNobody(["--in-memory", "-c", "history"], sandbox: sandbox)
        #expect(listing.status == 1)
        #expect(!listing.stdout.contains("order mango"))
        #expect(
            listing.stderrLines == [
                "kiosk: -c: Not using the history file \(history): it belongs to uid 1234, so its lines could be anyone's. Remove it or chown it to yourself, or set KIOSK_HISTFILE to a file of your own."
            ])
    }

    @Test(
        "a history file of another user is not listed for root either",
        .enabled(if: runsAsRoot, "needs root to give a file to another user"))
    func historyOfAnotherUser() async throws {
        let sandbox = try Sandbox()
        let history = try sandbox.file("state/kiosk/history", contents: "order mango\n")
        chown(history, Self.otherUser, Self.otherUser)
        let run = try await KioskBinary.run(["--in-memory", "-c", "history"], home: sandbox)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("Not using the history file \(history): it belongs to uid 1234"))
    }

    /// Runs kiosk as user and group 65534 (nobody), with no supplementary groups.
    static func runAsNobody(_ arguments: [String], sandbox: Sandbox) async throws -> KioskBinary.Run {
        let output = try sandbox.file("out-\(UUID().uuidString)", contents: "")
        let errors = try sandbox.file("err-\(UUID().uuidString)", contents: "")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", KioskBinary.path] + arguments
        process.environment = sandbox.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return KioskBinary.Run(
            stdout: try String(contentsOfFile: output, encoding: .utf8),
            stderr: try String(contentsOfFile: errors, encoding: .utf8),
            status: status)
    }
}
