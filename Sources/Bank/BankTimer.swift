/// Bank time: a stopwatch on the injected clock that runs only while the bank is busy.
///
/// Clock time is measured from the bank's creation; bank (business) time is clock time
/// minus every stretch the bank spent idle. Deadlines are converted back to clock time,
/// so a service end is always an absolute instant on the injected clock.
struct BankTimer {
    let clock: any ElapsedClock
    /// Clock time that is not business time: every idle stretch so far.
    private var excluded = Duration.zero
    /// The clock time at which the stopwatch stopped; nil while it runs.
    private var stoppedAt: Duration? = .zero

    init(clock: any Clock<Duration>) {
        self.clock = Self.anchored(clock)
    }

    /// Whether business time is running.
    var isRunning: Bool { stoppedAt == nil }

    /// The current bank time.
    var now: Duration {
        (stoppedAt ?? clock.elapsed()) - excluded
    }

    /// Starts business time again from where it stopped.
    mutating func resume() {
        guard let stoppedAt else { return }
        excluded += clock.elapsed() - stoppedAt
        self.stoppedAt = nil
    }

    /// Stops business time at bank time `time` (the planned end of the last service,
    /// so that a late wake-up never counts as business time).
    mutating func stop(at time: Duration) {
        stoppedAt = time + excluded
    }

    /// Stops business time at zero.
    mutating func reset() {
        let clockNow = clock.elapsed()
        excluded = clockNow
        stoppedAt = clockNow
    }

    /// The clock time at which bank time reaches `time` (while business time runs).
    func clockTime(at time: Duration) -> Duration {
        time + excluded
    }

    private static func anchored(_ clock: some Clock<Duration>) -> any ElapsedClock {
        AnchoredClock(clock: clock, anchor: clock.now)
    }
}

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
        // No tolerance: without one, the runtime lets the timer fire up to a tenth of the
        // wait (at least a millisecond) late, and a service that ends late shows as a late
        // bank at any speed.
        try await clock.sleep(until: anchor.advanced(by: deadline), tolerance: .zero)
    }
}
