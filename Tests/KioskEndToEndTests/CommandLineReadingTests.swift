import Foundation
import Testing

/// kiosk reads everyday command lines itself and leaves the rest to argument-parser (see
/// Sources/kiosk/KioskFlags.swift). The two readings must agree: each command line here runs
/// once as it is, read quickly, and once with `--durability=normal` before it — the default
/// value, in the `--flag=value` form only argument-parser reads — and both runs must print
/// the same bytes and exit alike.
@Suite("Command-line reading", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct CommandLineReadingTests {
    static let lines: [[String]] = [
        ["--in-memory", "-c", "help"],
        ["--in-memory", "--json", "-c", "order mango", "-c", "stock"],
        ["--in-memory", "--no-color", "--bail", "-c", "order nope", "-c", "stock"],
        ["--in-memory", "--speed", "max", "--seed", "7", "-c", "bank open 5", "-c", "bank wait"],
        ["--in-memory", "--speed", "max", "--seed", "3", "--events", "off", "-c", "bank open 40", "-c", "bank wait"],
        [
            "--in-memory", "--preset", "2021-05", "--speed", "max", "--seed", "1", "-c", "bank open 6", "-c",
            "bank wait",
        ],
        ["--in-memory", "--lang", "ko", "-c", "order 딸기쥬스"],
        ["--in-memory", "order", "mango", "kiwi", "2"],
        ["--in-memory", "--data-dir", "somewhere", "-c", "menu"],
        ["--in-memory", "--preset", "2022", "-c", "menu"],
        ["--in-memory", "--lang", "fr", "-c", "menu"],
        ["--in-memory", "--file", "script.kiosk", "-c", "menu"],
        ["--in-memory", "-c", "menu", "stock"],
    ]

    @Test("kiosk's quick reading and argument-parser's agree", arguments: lines)
    func readingsAgree(_ arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let quick = try await KioskBinary.run(arguments, home: sandbox)
        let parsed = try await KioskBinary.run(["--durability=normal"] + arguments, home: sandbox)
        #expect(quick.status == parsed.status)
        #expect(quick.stdout == parsed.stdout)
        #expect(quick.stderr == parsed.stderr)
        #expect(!quick.stdout.isEmpty || !quick.stderr.isEmpty, "the command line must do something to compare")
    }
}
