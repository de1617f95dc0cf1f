/// A continuous clock that runs `speed` times faster than real time.
///
/// The bank reads bank time from it: at `--speed 50`, a 700 ms deposit takes 14 ms of
/// wall-clock time but still reports 700 bank-ms.
///
/// ```swift
/// let clock = ScaledClock(speed: 50)
/// try await clock.sleep(for: .milliseconds(700))   // about 14 ms of real time
/// ```
public struct ScaledClock: Clock {
    public typealias Duration = Swift.Duration

    /// A point in scaled time, measured from the clock's creation.
    public typealias Instant = OffsetInstant

    /// The speeds a clock accepts: from a thousandth of real time to a million times faster.
    /// Within them, scaling any bank time or wall-clock interval shorter than a century stays
    /// far inside `Duration`'s range, so no sleep or reading can trap.
    public static let speeds: ClosedRange<Double> = 0.001...1_000_000

    /// How many times faster than real time the clock runs.
    public let speed: Double
    private static let farthest = Duration.seconds(100 * 365 * 86_400)
    private let base = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// - Parameter speed: how many times faster than real time; a value outside ``speeds``
    ///   (or not a number) is clamped into them, so no speed can make the clock trap.
    public init(speed: Double = 1) {
        self.speed = speed.isNaN ? 1 : min(max(speed, Self.speeds.lowerBound), Self.speeds.upperBound)
        self.origin = base.now
    }

    public var now: Instant {
        Instant(offset: scaled(base.now - origin))
    }

    public var minimumResolution: Duration {
        scaled(base.minimumResolution)
    }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        // A deadline past a century (a "sleep until cancelled") waits a century: far enough,
        // and its conversion to real time stays inside Duration's range at every speed.
        let offset = min(deadline.offset, Self.farthest)
        let realDeadline = origin + (speed == 1 ? offset : offset / speed)
        try await base.sleep(until: realDeadline, tolerance: tolerance.map { min($0, Self.farthest) / speed })
    }

    private func scaled(_ duration: Duration) -> Duration {
        speed == 1 ? duration : duration * speed
    }
}
