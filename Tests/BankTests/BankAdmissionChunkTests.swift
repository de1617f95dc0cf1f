import KioskCore
import Testing

@testable import Bank

@Suite("Bank admission in chunks")
struct BankAdmissionChunkTests {
    /// The customers who left after `admissions` (each a number of customers admitted at
    /// once), played out in virtual time on `preset`.
    private func departed(_ admissions: [Int], preset: String) async throws -> [BankCustomerRecord] {
        let setup = try #require(try BankPresets.setup(named: preset))
        let bank = Bank(setup: setup, clock: VirtualClock(), bus: EventBus<KioskEvent>(), random: SplitMix64(seed: 3))
        for count in admissions {
            _ = try await bank.add(customers: count)
        }
        _ = await bank.waitUntilIdle()
        return await bank.departedCustomers()
    }

    @Test(
        "a crowd larger than a chunk is admitted as the same customers admitted a few at a time",
        arguments: ["classic", "2021-01", "2021-05"])
    func chunksChangeNobody(preset: String) async throws {
        // 10,000 at once cross two chunk boundaries (4,096 each); the parts draw the same
        // tasks and grades in the same order.
        let atOnce = try await departed([10_000], preset: preset)
        let inParts = try await departed([1, 4_095, 4_097, 1_807], preset: preset)
        #expect(atOnce.count == 10_000)
        #expect(atOnce.map(\.ticket) == inParts.map(\.ticket))
        #expect(atOnce.map(\.task) == inParts.map(\.task))
        #expect(atOnce.map(\.grade) == inParts.map(\.grade))
    }
}
