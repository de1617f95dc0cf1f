/// A clock read as the time elapsed since a fixed instant, so that the bank can keep
/// `Duration`s rather than the clock's own instant type.
protocol ElapsedClock: Sendable {
    func elapsed() -> Duration
    /// Sleeps until `elapsed()` reaches `deadline`.
    func sleep(untilElapsed deadline: Duration) async throws
}

/// Any `Clock<Duration>` measured from `anchor`.
struct AnchoredClock<Base: Clock<Duration>>: ElapsedClock {
    let clock: Base
    let anchor: Base.Instant

    func elapsed() -> Duration {
        anchor.duration(to: clock.now)
    }

    func sleep(untilElapsed deadline: Duration) async throws {
        try await clock.sleep(until: anchor.advanced(by: deadline), tolerance: nil)
    }
}
