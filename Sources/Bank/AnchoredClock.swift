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
