/// A clock read as the time elapsed since a fixed instant, so that the bank can keep
/// `Duration`s rather than the clock's own instant type.
protocol ElapsedClock: Sendable {
    func elapsed() -> Duration
    /// Sleeps until `elapsed()` reaches `deadline`.
    func sleep(untilElapsed deadline: Duration) async throws
}
