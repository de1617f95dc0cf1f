import KioskCore
import Testing

@Suite("Durations and rates as typed")
struct TimeSpellingTests {
    @Test(
        "a number and a unit spell a duration, to the nanosecond",
        arguments: [
            ("700ms", Duration.milliseconds(700)), ("45s", .seconds(45)), ("10m", .seconds(600)),
            ("10min", .seconds(600)), ("1.5h", .seconds(5_400)), ("0.5ms", .microseconds(500)),
            ("2H", .seconds(7_200)), ("1.000001s", .nanoseconds(1_000_001_000)), (".5s", .milliseconds(500)),
            ("999999999h", .seconds(Int64(999_999_999) * 3_600)),
        ])
    func durations(text: String, expected: Duration) {
        #expect(TimeSpelling.duration(text) == .spelled(expected))
    }

    @Test(
        "anything else is not a duration",
        arguments: ["", "10", "m", "10 m", "-1s", "+1s", "1.s", "1..5s", "1.2.3s", "10x", "1e3s", "1.0000001s", "٣s"])
    func malformedDurations(text: String) {
        #expect(TimeSpelling.duration(text) == .malformed)
    }

    @Test("ten digits before the point are too large for any bound, and never overflow")
    func tooLarge() {
        #expect(TimeSpelling.duration("9999999999h") == .tooLarge)
        #expect(TimeSpelling.duration(String(repeating: "9", count: 40) + "h") == .tooLarge)
    }

    @Test(
        "a number per unit spells a rate, and its mean gap",
        arguments: [
            ("2/min", Duration.seconds(30)), ("60/h", .seconds(60)), ("0.5/s", .seconds(2)),
            ("4/second", .milliseconds(250)),
            ("1/hour", .seconds(3_600)), ("3/m", .seconds(20)), ("1000000/s", .microseconds(1)),
        ])
    func rates(text: String, gap: Duration) throws {
        let rate = try #require(TimeSpelling.rate(text))
        #expect(rate.meanGap == gap)
        #expect(rate.description == text)
    }

    @Test("rates compare across units, and a built rate reads as typed")
    func rateOrder() {
        #expect(ArrivalRate(1, per: .hour) < ArrivalRate(1, per: .minute))
        #expect(ArrivalRate(60, per: .hour) == ArrivalRate(1, per: .minute))
        #expect(ArrivalRate(1_000_000, per: .second).description == "1000000/s")
        #expect(ArrivalRate(millionths: 500_000, per: .minute).description == "0.5/min")
    }

    @Test(
        "not a rate",
        arguments: [
            "", "2", "2/", "/min", "2/day", "0/h", "0.0/s", "-1/s", "2 /min", "2/min/h", "x/s", "1e/s", "e5/s", "0e5/s",
            "1.0000001/s", "nan/s", "inf/h", "1e5x/s",
        ])
    func malformedRates(text: String) {
        #expect(TimeSpelling.rate(text) == nil)
        #expect(TimeSpelling.rateReading(text) == .malformed)
    }

    @Test(
        "a number too large or too small for any bound is a number all the same",
        arguments: ["1e12/h", "1000000000000/h", "1e-9/s", "1e300/min"])
    func ratesOutOfBounds(text: String) {
        #expect(TimeSpelling.rate(text) == nil)
        #expect(TimeSpelling.rateReading(text) == .outOfBounds)
    }

    @Test("a number with an exponent is read as the number it is")
    func exponentRates() {
        #expect(TimeSpelling.rate("1e2/min")?.meanGap == .milliseconds(600))
        #expect(TimeSpelling.rate("1e7/s") == ArrivalRate(10_000_000, per: .second))
        #expect(TimeSpelling.rate("2.5E1/h")?.spelling == "2.5E1/h")
    }

    @Test(
        "Korean units spell a duration in every language",
        arguments: [
            ("10분", Duration.seconds(600)), ("10초", .seconds(10)), ("1.5시간", .seconds(5_400)),
            ("700밀리초", .milliseconds(700)),
        ])
    func koreanDurations(text: String, expected: Duration) {
        #expect(TimeSpelling.duration(text) == .spelled(expected))
    }

    @Test(
        "Korean units spell a rate, after the slash or before the number (분당 2)",
        arguments: [
            ("2/분", Duration.seconds(30)), ("60/시간", .seconds(60)), ("0.5/초", .seconds(2)),
            ("분당 2", .seconds(30)), ("시간당 60", .seconds(60)), ("초당 4", .milliseconds(250)), ("분당2", .seconds(30)),
        ])
    func koreanRates(text: String, gap: Duration) throws {
        let rate = try #require(TimeSpelling.rate(text))
        #expect(rate.meanGap == gap)
        #expect(rate.description == text)
    }

    @Test(
        "a Korean unit without a number, or with a second unit, is no rate",
        arguments: ["분당", "분당 ", "분당 x", "분당 2/분", "2/일", "분당 0"])
    func malformedKoreanRates(text: String) {
        #expect(TimeSpelling.rateReading(text) == .malformed)
    }

    @Test("the parser reads Korean units in a flag's value")
    func koreanFlags() throws {
        let invocation = try #require(try Self.registry.parse("arrive --over 10분 --rate 2/분"))
        #expect(
            try invocation[OptionKey("over", value: "duration", .duration(.seconds(1)...(.seconds(3_600))))]
                == .seconds(600))
        let rate = OptionKey("rate", value: "rate", .rate(ArrivalRate(1, per: .hour)...ArrivalRate(1, per: .second)))
        #expect(try invocation[rate]?.meanGap == .seconds(30))
    }

    private static let registry: CommandRegistry = {
        var registry = CommandRegistry()
        registry.register(
            Command(
                CommandSpec(
                    path: ["arrive"], topic: .bankAdd,
                    flags: [
                        FlagSpec("over", value: "duration", .duration(.milliseconds(1)...(.seconds(3_600)))),
                        FlagSpec(
                            "rate", value: "rate", .rate(ArrivalRate(1, per: .hour)...ArrivalRate(10, per: .second))),
                    ])
            ) { _ in EmptyOutcome() })
        return registry
    }()

    private struct EmptyOutcome: CommandOutcome {}

    @Test("the parser holds typed values: a Duration for --over, an ArrivalRate for --rate")
    func parsedValues() throws {
        let over = try #require(try Self.registry.parse("arrive --over 1.5m"))
        #expect(try over[OptionKey("over", value: "duration", .duration(.seconds(1)...(.seconds(60))))] == .seconds(90))
        let rate = try #require(try Self.registry.parse("arrive --rate=2/min"))
        #expect(
            try rate[
                OptionKey("rate", value: "rate", .rate(ArrivalRate(1, per: .hour)...ArrivalRate(1, per: .second)))]?
                .meanGap == .seconds(30))
    }

    @Test("a bad or out-of-range value is refused naming the option and the value")
    func refusals() {
        let usage = "arrive [--over <duration>] [--rate <rate>]"
        #expect(throws: ParseError.notADuration(name: "--over", given: "10x", usage: usage)) {
            try Self.registry.parse("arrive --over 10x")
        }
        #expect(
            throws: ParseError.durationOutOfRange(
                name: "--over", given: "2h", range: .milliseconds(1)...(.seconds(3_600)))
        ) { try Self.registry.parse("arrive --over 2h") }
        #expect(
            throws: ParseError.durationOutOfRange(
                name: "--over", given: "99999999999999h", range: .milliseconds(1)...(.seconds(3_600)))
        ) { try Self.registry.parse("arrive --over 99999999999999h") }
        #expect(throws: ParseError.notARate(name: "--rate", given: "2/day", usage: usage)) {
            try Self.registry.parse("arrive --rate 2/day")
        }
        #expect(
            throws: ParseError.rateOutOfRange(
                name: "--rate", given: "11/s", range: ArrivalRate(1, per: .hour)...ArrivalRate(10, per: .second))
        ) { try Self.registry.parse("arrive --rate 11/s") }
        // Numbers past what any bound admits name the range too, not the spelling.
        for given in ["1e7/s", "1e12/h", "1000000000000/h", "1e-9/s"] {
            #expect(
                throws: ParseError.rateOutOfRange(
                    name: "--rate", given: given, range: ArrivalRate(1, per: .hour)...ArrivalRate(10, per: .second))
            ) { try Self.registry.parse("arrive --rate \(given)") }
        }
        #expect(ParseError.notADuration(name: "", given: "", usage: "").code == "not_a_duration")
        #expect(ParseError.notARate(name: "", given: "", usage: "").code == "not_a_rate")
    }
}

@Suite("Wait statistics")
struct WaitSummaryTests {
    @Test(
        "p50 and p95 equal the nearest ranks of the sorted waits, whether the waits come shuffled, sorted, or sorted but for their last two",
        arguments: [1, 2, 3, 19, 20, 100, 1_001])
    func percentiles(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        for duplicates in [false, true] {
            let shuffled = (0..<count).map { _ in Int64(random.next() % (duplicates ? 5 : 1_000_000)) }
            let sorted = shuffled.sorted()
            var lastTwoSwapped = sorted
            if count > 1 { lastTwoSwapped.swapAt(count - 2, count - 1) }
            for waits in [shuffled, sorted, lastTwoSwapped] {
                summarize(waits, sorted: sorted)
            }
        }
    }

    /// Checks the summary of `waits` against `sorted`, the same waits in order.
    private func summarize(_ waits: [Int64], sorted: [Int64]) {
        let count = waits.count
        let summary = WaitSummary(task: "t", grade: "g", waits: waits)
        func rank(_ p: Int) -> Int64 { sorted[min(count, max(1, (p * count + 99) / 100)) - 1] }
        #expect(summary.customers == count)
        #expect(summary.median == .nanoseconds(rank(50)))
        #expect(summary.p95 == .nanoseconds(rank(95)))
        #expect(summary.longest == .nanoseconds(sorted[count - 1]))
        let mean = Double(waits.reduce(0, +)) / Double(count)
        #expect(summary.mean == .nanoseconds(Int64(mean.rounded())))
    }

    @Test("sorted and equal waits do not go quadratic, and come out right")
    func adversarial() {
        let ascending = WaitSummary(task: "t", grade: "g", waits: (0..<200_000).map(Int64.init))
        #expect(ascending.median == .nanoseconds(99_999))
        #expect(ascending.p95 == .nanoseconds(189_999))
        let equal = WaitSummary(task: "t", grade: "g", waits: Array(repeating: 7, count: 200_000))
        #expect(equal.median == .nanoseconds(7) && equal.p95 == .nanoseconds(7))
    }
}
