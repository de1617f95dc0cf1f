import KioskCore
import Testing

@Suite("ScaledClock and Duration")
struct ScaledClockTests {
    @Test(
        "a speed outside the accepted range is clamped into it; not a number is real time",
        arguments: [
            (1e-21, ScaledClock.speeds.lowerBound), (0, ScaledClock.speeds.lowerBound),
            (-5, ScaledClock.speeds.lowerBound), (-.infinity, ScaledClock.speeds.lowerBound),
            (1e300, ScaledClock.speeds.upperBound), (.infinity, ScaledClock.speeds.upperBound),
            (.nan, 1),
        ] as [(Double, Double)])
    func clampedSpeed(_ speed: Double, _ expected: Double) {
        let clock = ScaledClock(speed: speed)
        #expect(clock.speed == expected)
        #expect(ScaledClock.speeds.contains(clock.speed))
    }

    @Test("a speed within the range is kept", arguments: [0.001, 0.5, 1, 50, 1_000_000])
    func validSpeed(_ speed: Double) {
        #expect(ScaledClock(speed: speed).speed == speed)
    }

    @Test(
        "at any speed, reading the clock and sleeping neither traps nor runs backwards",
        arguments: [1e-21, 1e300, .infinity, .nan, -5] as [Double])
    func extremeSpeedsKeepWorking(_ speed: Double) async throws {
        let clock = ScaledClock(speed: speed)
        let start = clock.now
        #expect(start.offset >= .zero)
        #expect(clock.minimumResolution > .zero)

        // One bank-microsecond: at the slowest speed a millisecond of real time, at the fastest far less.
        let deadline = start.advanced(by: .microseconds(1))
        try await clock.sleep(until: deadline, tolerance: nil)
        let woken = clock.now
        #expect(start <= woken)
        // A deadline already passed returns at once, whatever the tolerance.
        try await clock.sleep(until: start, tolerance: .seconds(1))
        try await clock.sleep(for: .zero)
        #expect(woken <= clock.now)
    }

    @Test("now advances `speed` times faster than the continuous clock, from zero at creation")
    func nowIsScaled() {
        let speed = 250.0
        let real = ContinuousClock()
        let beforeCreation = real.now
        let clock = ScaledClock(speed: speed)
        let afterCreation = real.now
        let first = clock.now
        // Read the real clock until it has moved on; no sleeping, just reading both clocks.
        var beforeRead = real.now
        while beforeRead - afterCreation < .microseconds(200) { beforeRead = real.now }
        let reading = clock.now
        let afterRead = real.now

        // Each bound is a real interval that surely lies inside / around the scaled one.
        let slack = Duration.microseconds(1)
        #expect(first.offset >= .zero)
        #expect(reading.offset >= (beforeRead - afterCreation) * speed - slack)
        #expect(reading.offset <= (afterRead - beforeCreation) * speed + slack)
        #expect(first < reading)
    }

    @Test("minimum resolution is scaled like every other duration")
    func resolution() {
        #expect(ScaledClock(speed: 4).minimumResolution == ContinuousClock().minimumResolution * 4)
        #expect(ScaledClock().minimumResolution == ContinuousClock().minimumResolution)
    }

    @Test("instants add durations, measure the distance between them, and order by offset")
    func instantArithmetic() {
        let start = ScaledClock.Instant(offset: .milliseconds(700))
        let later = start.advanced(by: .milliseconds(1_100))
        #expect(later.offset == .milliseconds(1_800))
        #expect(start.duration(to: later) == .milliseconds(1_100))
        #expect(later.duration(to: start) == .milliseconds(-1_100))
        #expect(start < later)
        #expect(!(later < start))
        #expect(start.advanced(by: .zero) == start)
        #expect(later.advanced(by: .milliseconds(-1_100)) == start)
        #expect(Set([start, later, start.advanced(by: .zero)]).count == 2)
    }

    @Test("minimum resolution at the bounds is the continuous clock's, scaled")
    func resolutionAtBounds() {
        let real = ContinuousClock().minimumResolution
        #expect(ScaledClock(speed: .infinity).minimumResolution == real * ScaledClock.speeds.upperBound)
        #expect(ScaledClock(speed: 0).minimumResolution == real * ScaledClock.speeds.lowerBound)
    }

    // MARK: Duration

    @Test(
        "scaling a century or a day by the bounds of the speeds stays inside Duration and keeps its value",
        arguments: [
            Duration.seconds(100 * 366 * 86_400), .seconds(86_400), .milliseconds(86_400_000), .nanoseconds(1),
        ])
    func scalingAtTheBounds(_ duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        for (scaled, factor) in [
            (duration * ScaledClock.speeds.upperBound, ScaledClock.speeds.upperBound),
            (duration / ScaledClock.speeds.lowerBound, 1 / ScaledClock.speeds.lowerBound),
            (duration * ScaledClock.speeds.lowerBound, ScaledClock.speeds.lowerBound),
            (duration / ScaledClock.speeds.upperBound, 1 / ScaledClock.speeds.upperBound),
        ] {
            let scaledSeconds = Double(scaled.components.seconds) + Double(scaled.components.attoseconds) / 1e18
            #expect(abs(scaledSeconds - seconds * factor) <= seconds * factor * 1e-9, "\(duration) scaled by \(factor)")
        }
        // What the clock does with it: bank time to real time and back again.
        #expect(
            abs((duration / ScaledClock.speeds.lowerBound * ScaledClock.speeds.lowerBound - duration).wholeMilliseconds)
                <= 1)
        #expect(
            abs((duration * ScaledClock.speeds.upperBound / ScaledClock.speeds.upperBound - duration).wholeMilliseconds)
                <= 1)
    }

    @Test("a wall-clock interval scales exactly at ordinary speeds")
    func ordinaryScaling() {
        #expect(Duration.milliseconds(700) / 50.0 == .milliseconds(14))
        #expect(Duration.milliseconds(14) * 50.0 == .milliseconds(700))
        #expect(Duration.milliseconds(700) * 1.0 == .milliseconds(700))
    }

    @Test(
        "wholeMilliseconds rounds toward negative infinity",
        arguments: [
            (Duration.zero, 0),
            (.milliseconds(700), 700),
            (.milliseconds(15_400), 15_400),
            (.seconds(2), 2_000),
            (.microseconds(1_999), 1),
            (.nanoseconds(999_999), 0),
            (.nanoseconds(1), 0),
            (.nanoseconds(-1), -1),
            (.milliseconds(-1_500), -1_500),
            (.microseconds(-1_001), -2),
            (.seconds(-1) - .nanoseconds(1), -1_001),
            (.seconds(Int64.max), Int.max),
            (.seconds(Int64.min), Int.min),
            (.seconds(Int64(Int.max / 1_000)) + .milliseconds(999), Int.max),
        ])
    func wholeMilliseconds(_ duration: Duration, _ expected: Int) {
        #expect(duration.wholeMilliseconds == expected)
    }

    @Test(
        "clockText is mm:ss.SSS under an hour and h:mm:ss.SSS from an hour on, never negative",
        arguments: [
            (Duration.zero, "00:00.000"),
            (.milliseconds(1), "00:00.001"),
            (.microseconds(999), "00:00.000"),
            (.milliseconds(15_400), "00:15.400"),
            (.seconds(15.4), "00:15.400"),
            (.milliseconds(59_999), "00:59.999"),
            (.seconds(60), "01:00.000"),
            (.milliseconds(3_599_999), "59:59.999"),
            (.seconds(3_600), "1:00:00.000"),
            (.seconds(61 * 60), "1:01:00.000"),
            (.milliseconds(360_000_005), "100:00:00.005"),
            (.milliseconds(550_066_658), "152:47:46.658"),
            (.milliseconds(-5), "00:00.000"),
        ])
    func clockText(_ duration: Duration, _ expected: String) {
        #expect(duration.clockText == expected)
    }
}
