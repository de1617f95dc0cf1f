import KioskCore
import Testing

/// `bank plan`'s options, read at the edge into values: the planner never sees their words.
@Suite("Plan arguments")
struct PlanArgumentTests {
    @Test("each grammar reads the values its option writes")
    func values() throws {
        #expect(try PlanArgument.hours.read("8") == .hours(8))
        #expect(try PlanArgument.hours.read("0.5") == .hours(0.5))
        #expect(try PlanArgument.hours.read("8시간") == .hours(8))
        #expect(try PlanArgument.hours.read("8h") == .hours(8))
        #expect(try PlanArgument.taskRate.read("deposit=1/분") == .taskRate(Named("deposit", 60)))
        #expect(try PlanArgument.taskRate.read("deposit=60/h") == .taskRate(Named("deposit", 60)))
        #expect(try PlanArgument.taskRate.read(" loan = 2/m ") == .taskRate(Named("loan", 120)))
        #expect(try PlanArgument.taskRate.read("fx=0/h") == .taskRate(Named("fx", 0)))
        #expect(try PlanArgument.timing.read("Exponential") == .timing(.exponential))
        #expect(try PlanArgument.target.read("85% within 1m") == .target(.share(0.85, within: .seconds(60))))
        #expect(try PlanArgument.target.read("mean within 700ms") == .target(.mean(within: .milliseconds(700))))
        #expect(try PlanArgument.target.read("90% within 1.5h") == .target(.share(0.9, within: .seconds(5_400))))
        #expect(try PlanArgument.clerkRange.read("counter=1..5") == .clerkRange(Named("counter", 1...5)))
        #expect(try PlanArgument.clerkRange.read("counter=3") == .clerkRange(Named("counter", 3...3)))
        #expect(try PlanArgument.clerkCost.read("loan=2") == .clerkCost(Named("loan", 2)))
    }

    @Test(
        "a target reads as people say it, in English and in Korean",
        arguments: [
            ("85% served within 2 minutes", ServiceTarget.share(0.85, within: .seconds(120))),
            ("85% within 2 min", .share(0.85, within: .seconds(120))),
            ("85 % within 2m", .share(0.85, within: .seconds(120))),
            ("90 percent of customers within 90 seconds", .share(0.9, within: .seconds(90))),
            ("2 min", .share(0.85, within: .seconds(120))),
            ("2 minutes", .share(0.85, within: .seconds(120))),
            ("90 s", .share(0.85, within: .seconds(90))),
            ("1m 30s", .share(0.85, within: .seconds(90))),
            ("2분", .share(0.85, within: .seconds(120))),
            ("1분 30초", .share(0.85, within: .seconds(90))),
            ("2분 안에 85%", .share(0.85, within: .seconds(120))),
            ("고객의 90%가 30초 이내", .share(0.9, within: .seconds(30))),
            ("Mean wait under 45 s", .mean(within: .seconds(45))),
            ("average within 700ms", .mean(within: .milliseconds(700))),
            ("평균 대기 45초 이내", .mean(within: .seconds(45))),
            ("95% within 1.5 hours", .share(0.95, within: .seconds(5_400))),
        ])
    func naturalTargets(text: String, target: ServiceTarget) throws {
        #expect(try PlanArgument.target.read(text) == .target(target))
    }

    @Test("a desk's bound keeps the desk's name as typed, for the bank to match in any case")
    func clerkRangeKeepsCase() throws {
        #expect(try PlanArgument.clerkRange.read("Counter=1..5") == .clerkRange(Named("Counter", 1...5)))
    }

    @Test(
        "a value outside its grammar is refused with the problem that names it",
        arguments: [
            (PlanArgument.hours, "0", PlanArgumentProblem.badHours("0")),
            (.hours, "169", .badHours("169")),
            (.hours, "nan", .badHours("nan")),
            (.hours, "시간", .badHours("시간")),
            (.hours, "8분", .badHours("8분")),
            (.taskRate, "task=fast", .badRate("task=fast")),
            (.taskRate, "task=2/d", .badRate("task=2/d")),
            (.taskRate, "=60/h", .badRate("=60/h")),
            (.taskRate, "task=2000000/h", .badRate("task=2000000/h")),
            (.timing, "Gamma", .badService("gamma")),
            (.target, "most within 1m", .badTarget("most within 1m", word: "most")),
            (.target, "85% within soon", .badTarget("85% within soon", word: "soon")),
            (.target, "85% within 8d", .badTarget("85% within 8d", word: "d")),
            (.target, "85% within 2 fortnights", .badTarget("85% within 2 fortnights", word: "fortnights")),
            (.target, "85%", .badTarget("85%", word: nil)),
            (.target, "mean", .badTarget("mean", word: nil)),
            (.target, "85% mean within 1m", .badTarget("85% mean within 1m", word: nil)),
            (.target, "85% within 2", .badTarget("85% within 2", word: "2")),
            (.target, "85% 90% within 1m", .badTarget("85% 90% within 1m", word: "90%")),
            (.target, "1m within 30s", .badTarget("1m within 30s", word: "30s")),
            (.target, "within 170h", .badTarget("within 170h", word: nil)),
            (.target, "150% within 2 minutes", .impossibleTarget(percent: 150)),
            (.target, "150% within 1m", .impossibleTarget(percent: 150)),
            (.target, "0% within 1m", .impossibleTarget(percent: 0)),
            (.target, "mean within 0s", .zeroMeanTarget("mean within 0s")),
            (.target, "mean within 0 minutes", .zeroMeanTarget("mean within 0 minutes")),
            (.clerkRange, "desk=two", .badSetting(option: "clerks", given: "desk=two")),
            (.clerkRange, "desk=..5", .badSetting(option: "clerks", given: "desk=..5")),
            (.clerkRange, "desk=1..2..3", .badSetting(option: "clerks", given: "desk=1..2..3")),
            (.clerkRange, "desk=0..2", .badSetting(option: "clerks", given: "desk=0..2")),
            (.clerkRange, "desk=5..2", .boundsReversed(desk: "desk", min: 5, max: 2)),
            (.clerkCost, "desk=-1", .badSetting(option: "cost", given: "desk=-1")),
            (.clerkCost, "desk", .badSetting(option: "cost", given: "desk")),
        ])
    func problems(grammar: PlanArgument, text: String, problem: PlanArgumentProblem) {
        #expect(throws: problem) { try grammar.read(text) }
    }

    @Test("the parser reads an option of a plan grammar, and names a bad one by the problem's code")
    func parsed() throws {
        let hours = OptionKey("hours", value: "hours", .hours)
        let clerks = OptionKey("clerks", value: "desk=min..max", .clerkRange)
        var registry = CommandRegistry()
        registry.register(
            Command(CommandSpec(path: ["plan"], topic: .bankPlan, flags: [hours.spec, clerks.spec])) { _ in Outcome() })
        let invocation = try #require(try registry.parse("plan --hours 4 --clerks a=1..2 --clerks b=3"))
        #expect(try invocation[hours] == 4)
        #expect(try invocation.all(clerks) == [Named("a", 1...2), Named("b", 3...3)])
        #expect(throws: ParseError.badPlanArgument(.boundsReversed(desk: "a", min: 2, max: 1))) {
            try registry.parse("plan --clerks a=2..1")
        }
        #expect(ParseError.badPlanArgument(.boundsReversed(desk: "a", min: 2, max: 1)).code == "bounds_reversed")
        #expect(ParseError.badPlanArgument(.badHours("x")).code == "bad_hours")
    }

    private struct Outcome: CommandOutcome {}
}
