import KioskCore
import Testing

@testable import Bank

/// `bank plan`'s options are read at the edge, so a bad one is a `ParseError`; its JSON
/// details must stay those `PlanError` wrote for the same problem before.
@Suite("Plan argument details")
struct PlanArgumentDetailsTests {
    @Test(
        "a bad plan option gives the code and the details of the plan error it words",
        arguments: [
            PlanArgumentProblem.badRate("deposit"), .badTarget("soon"), .impossibleTarget(percent: 120),
            .badSetting(option: "clerks", given: "counter=x"), .boundsReversed(desk: "counter", min: 5, max: 2),
            .badHours("0"), .badService("slow"),
        ])
    func sameDetails(problem: PlanArgumentProblem) {
        let parsed = ParseError.badPlanArgument(problem)
        let planned = PlanError(problem)
        #expect(parsed.code == planned.code)
        #expect(parsed.details == planned.details)
        #expect(!parsed.details.fields.isEmpty)
    }
}
