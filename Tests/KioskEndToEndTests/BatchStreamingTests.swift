import Foundation
import Testing

@Suite(
    "Batches write as they go and stop at a signal",
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BatchStreamingTests {
    @Test(
        "-c results reach a pipe as each command ends; SIGTERM in bank wait stops the batch before its next command")
    func streamsThenStops() async throws {
        let sandbox = try Sandbox()
        let export = sandbox.path + "/customers.csv"
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: KioskBinary.path)
        process.arguments = [
            "--in-memory", "--json", "-c", "bank add 5 --over 60s", "-c", "bank wait", "-c", "bank export \(export)",
        ]
        process.environment = sandbox.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        // bank add's result (after the first arrival, at time 0) comes while the 60-second
        // wait is still going.
        let reader = output.fileHandleForReading
        let result = Data(#"{"type":"result","command":"bank add""#.utf8)
        var received = Data()
        let deadline = ContinuousClock.now + .seconds(30)
        while received.firstRange(of: result) == nil, process.isRunning, ContinuousClock.now < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        #expect(received.firstRange(of: result) != nil, "\(String(decoding: received, as: UTF8.self))")
        try #require(process.isRunning, "kiosk ended before the wait could be interrupted")

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let rest = String(decoding: received + reader.readDataToEndOfFile(), as: UTF8.self)
        #expect(!rest.contains(#""command":"bank export""#))
        #expect(!FileManager.default.fileExists(atPath: export))
    }
}
