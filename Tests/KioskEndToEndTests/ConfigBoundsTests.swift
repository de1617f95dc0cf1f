import Foundation
import Testing

@Suite("A config holds a bounded menu", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct ConfigBoundsTests {
    /// A config of `fruits` fruits and one juice.
    static func config(fruits: Int) -> String {
        (0..<fruits).map { "[[fruit]]\nid = \"f\($0)\"\ninitial = 10\n" }.joined(separator: "\n")
            + """

            [[juice]]
            id = "j"
            recipe = { f0 = 1 }

            [bank]
            customers_min = 1
            customers_max = 2

            [[bank.desk]]
            task = "deposit"
            clerks = 1
            service_ms = 700
            """
    }

    @Test("1,000 fruits start; 1,001 are refused at once with the file, the line and the key (exit 78)")
    func fruitsBounded() async throws {
        let sandbox = try Sandbox()
        let most = try sandbox.file("most.toml", contents: Self.config(fruits: 1_000))
        let fits = try await KioskBinary.run(["--in-memory", "--config", most, "-c", "order j"], home: sandbox)
        #expect(fits.status == 0, "\(fits.stderr)")

        let tooMany = try sandbox.file("too-many.toml", contents: Self.config(fruits: 1_001))
        let refused = try await KioskBinary.run(["--in-memory", "--config", tooMany, "-c", "order j"], home: sandbox)
        #expect(refused.status == 78)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderrLines.count == 1)
        #expect(refused.stderr.hasPrefix("kiosk: \(tooMany):1: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("at most 1000 fruits, not 1001"), "\(refused.stderr)")
    }
}
