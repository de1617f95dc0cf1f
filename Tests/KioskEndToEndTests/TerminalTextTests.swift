import Foundation
import Testing

/// What reaches the terminal from a config's names and the bank's clock: tables aligned by
/// terminal cells, invisible and bidi characters shown as escapes, hours in business time.
@Suite("Terminal text", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct TerminalTextTests {
    static let config = """
        [[fruit]]
        id = "mango"
        name = "망고"
        initial = 10

        [[fruit]]
        id = "kiwi"
        name = "Kiwi"
        initial = 5

        [[fruit]]
        id = "peach"
        name = "桃🍑"
        initial = 5

        [[juice]]
        id = "mango"
        name = "Evil\\u202Egnaw\\u200Bx"
        recipe = { mango = 2, kiwi = 1 }

        [bank]
        customers_min = 1
        customers_max = 1

        [[bank.desk]]
        task = "deposit"
        clerks = 1
        service_ms = 3700000
        """

    @Test("tables count terminal cells: Hangul, CJK and emoji names stay aligned")
    func tablesCountCells() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file("wide.toml", contents: Self.config)
        let run = try await KioskBinary.run(["--in-memory", "--config", config, "-c", "stock"], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdoutLines == [
                "fruit  name  stock  max",
                "mango  망고     10  100",
                "kiwi   Kiwi      5  100",
                "peach  桃🍑      5  100",
            ])
    }

    @Test("U+202E, U+200B and other format characters from the config reach the terminal escaped")
    func formatCharactersEscaped() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file("wide.toml", contents: Self.config)
        let run = try await KioskBinary.run(["--in-memory", "--config", config, "-c", "order mango"], home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.first == "Made 1 Evil\\u{202e}gnaw\\u{200b}x.")
        #expect(!run.stdout.unicodeScalars.contains { $0.properties.generalCategory == .format })
    }

    // In virtual time the business time is exact: at a scaled speed a loaded machine adds
    // whole hours of bank time to a late wake-up.
    @Test("business time past an hour prints as h:mm:ss.SSS")
    func hoursInBusinessTime() async throws {
        let sandbox = try Sandbox()
        let config = try sandbox.file("long.toml", contents: Self.config)
        let run = try await KioskBinary.run(
            ["--in-memory", "--config", config, "--speed", "max", "-c", "bank open 1", "-c", "bank wait"],
            home: sandbox)
        #expect(run.status == 0, "\(run.stderr)")
        let closed = try #require(run.stdoutLines.first { $0.hasPrefix("Bank closed:") })
        let time = try #require(
            closed.firstMatch(of: /in (\d+):(\d\d):(\d\d)\.(\d\d\d) of business time\./), "\(closed)")
        #expect(time.1 == "1")
        #expect(Int(time.2) ?? 99 < 60)
    }
}
