import Foundation
import Testing

@Suite("bank plan with nobody arriving", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct PlanWithoutArrivalsTests {
    @Test(
        "a day too short for one customer recommends nothing and says to plan a longer day",
        arguments: ["1e-9", "0.001"])
    func tooShortADay(hours: String) async throws {
        let run = try await KioskBinary.run([
            "--in-memory", "--json", "--seed", "3", "-c",
            "bank plan --rate deposit=40/h --rate loan=20/h --hours \(hours) --replications 4",
        ])
        #expect(run.status == 1)
        #expect(!run.stdout.contains(#""recommended""#))
        #expect(run.stderr.hasPrefix(#"{"type":"error","code":"too_few_arrivals""#), "\(run.stderr)")
        #expect(run.stderr.contains("nothing is recommended"))
        #expect(run.stderr.contains("--hours 8"))
    }
}
