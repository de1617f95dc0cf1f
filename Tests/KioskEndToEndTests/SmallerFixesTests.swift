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

    @Test(
        "under TERM=dumb, bank watch is refused with a clear error and the prompt stays",
        .enabled(if: Tmux.isAvailable, "tmux is not installed; scripts/bootstrap installs it"))
    func dumbTerminal() async throws {
        let sandbox = try Sandbox()
        let environment = sandbox.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(
            separator: " ")
        let kiosk = [KioskBinary.path, "--in-memory"].map(shellQuoted).joined(separator: " ")
        let tmux = try Tmux("env -i TERM=dumb \(environment) \(kiosk); echo EXIT=$?; sleep 600")
        try await tmux.waitFor("the prompt") { $0.contains { $0.contains("kiosk>") } }
        try tmux.type("bank watch")
        try tmux.send("Enter")
        let rows = try await tmux.waitFor("the refusal") { $0.joined().contains("TERM is 'dumb'") }
        #expect(!rows.contains { $0.hasPrefix(" Bank  business") })
        try tmux.send("C-d")
        try await tmux.waitFor("the exit status") { $0.contains { $0.contains("EXIT=") } }
    }
}
