import Foundation
import Testing

/// Admission by instant, through the binary: everyone arriving at one instant is in line
/// before a clerk takes one, so the best grade is served first.
@Suite("Bank admission by instant end to end", .enabled(if: KioskBinary.exists, "build kiosk first: swift build"))
struct BankInstantEndToEndTests {
    @Test(
        "'bank open 30' on a cohort preset serves every VVIP of the batch before a VIP, and a VIP before a regular",
        arguments: ["2021-01", "2021-05"], [1, 7, 42])
    func bestGradeFirstInABatch(preset: String, seed: Int) async throws {
        let run = try await KioskBinary.run(
            [
                "--in-memory", "--speed", "max", "--json", "--seed", String(seed), "--preset", preset, "-c",
                "bank open 30",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let rank = ["vvip": 0, "vip": 1, "regular": 2]
        // The first stage of each customer: where and when a clerk first took them.
        var firsts: [Int: (desk: String, at: Int, grade: Int)] = [:]
        for line in run.stdoutLines where line.contains(#""event":"service_started""#) {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let ticket = try #require(event["ticket"] as? Int)
            guard firsts[ticket] == nil else { continue }
            firsts[ticket] = (
                try #require(event["desk"] as? String), try #require(event["at_ms"] as? Int),
                try #require(rank[event["grade"] as? String ?? ""])
            )
        }
        #expect(firsts.count == 30)
        // Nobody taken at 0 ms ranks behind someone of the same line left waiting.
        for (ticket, first) in firsts where first.at > 0 {
            for (other, taken) in firsts where taken.at == 0 && taken.desk == first.desk {
                #expect(
                    (taken.grade, other) < (first.grade, ticket),
                    "#\(other) (rank \(taken.grade)) taken at 0 while #\(ticket) (rank \(first.grade)) waited")
            }
        }
    }
}
