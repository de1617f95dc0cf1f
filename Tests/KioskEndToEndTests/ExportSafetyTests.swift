import Foundation
import Testing

@Suite(
    "bank export replaces a file only when the new one is whole",
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct ExportSafetyTests {
    static let bank = ["--in-memory", "--speed", "max", "--seed", "7", "--events", "off"]

    @Test("a symbolic link at the path is refused, and the file it points to keeps its bytes")
    func symbolicLinkRefused() async throws {
        let sandbox = try Sandbox()
        let target = try sandbox.file("precious.txt", contents: "keep me\n")
        let link = sandbox.path + "/customers.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        let run = try await KioskBinary.run(
            Self.bank + ["-c", "bank open 3", "-c", "bank wait", "-c", "bank export \(link)"], home: sandbox)
        #expect(run.status == 1)
        #expect(
            run.stderrLines == [
                "kiosk: -c #3: Not writing '\(link)': it is a symbolic link, and kiosk does not write through links. Give the path of the file it points to, or another path."
            ])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    }

    @Test("an export over an older one keeps the older one's mode and leaves no file beside it")
    func replacesWhole() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.file("customers.csv", contents: "old\n")
        chmod(path, 0o640)
        let run = try await KioskBinary.run(
            Self.bank + ["-c", "bank open 3", "-c", "bank wait", "-c", "bank export \(path)"], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        #expect(try sandbox.mode(of: path) == 0o640)
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.path).filter { $0.contains(".tmp") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("SIGKILL in the middle of a large export leaves the previous export byte for byte")
    func killDuringExport() async throws {
        let sandbox = try Sandbox()
        let old = String(repeating: "ticket,task,previous export\n", count: 40_000)
        let path = try sandbox.file("customers.csv", contents: old)
        let oldSize = old.utf8.count

        let process = Process()
        process.executableURL = URL(fileURLWithPath: KioskBinary.path)
        process.arguments =
            Self.bank + ["-c", "bank add 100000", "-c", "bank wait", "-c", "bank export \(path)", "-c", "bank status"]
        process.environment = sandbox.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()

        // The export has begun once a file appears beside the old one, or once the old one
        // changes (writing in place, it is truncated at once).
        func exportStarted() -> Bool {
            var status = stat()
            if stat(path, &status) != 0 || Int(status.st_size) != oldSize { return true }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.path)) ?? []
            return names.contains { $0.hasPrefix(".customers.csv.") }
        }
        let deadline = ContinuousClock.now + .seconds(300)
        while process.isRunning, !exportStarted(), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        try #require(process.isRunning, "kiosk finished before the export could be stopped")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == old)
    }
}
