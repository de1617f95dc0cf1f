import Foundation
import Testing

@Suite(
    "Byte order marks, dumb terminals", .serialized,
    .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct SmallerFixesTests {
    @Test("a UTF-8 byte order mark at the start of a script file or of standard input is not part of line 1")
    func byteOrderMark() async throws {
        let sandbox = try Sandbox()
        let script = try sandbox.file("script.kiosk", contents: "\u{FEFF}stock\norder banana\n")
        let fromFile = try await KioskBinary.run(["--in-memory", "--file", script], home: sandbox)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stderr.isEmpty)
        #expect(fromFile.stdout.contains("Made 1 Banana Juice."))
        #expect(fromFile.stdoutLines.first?.hasPrefix("fruit") == true)

        let piped = try await KioskBinary.run(["--in-memory"], input: "\u{FEFF}stock\n", home: sandbox)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.isEmpty)
        // Only at the very start: a mark inside a later line is still an unknown command.
        let later = try await KioskBinary.run(["--in-memory"], input: "stock\n\u{FEFF}menu\n", home: sandbox)
        #expect(later.status == 1)
    }
}
