import Synchronization
import Testing

@testable import KioskCore

@Suite("VirtualClock")
struct VirtualClockTests {
    @Test("a sleeper resumes when time reaches its deadline, not before")
    func resumesAtDeadline() async throws {
        let clock = VirtualClock()
        let deadline = clock.now.advanced(by: .seconds(3))
        let sleeper = Task { try await clock.sleep(until: deadline) }
        while clock.nextDeadline == nil { await Task.yield() }
        clock.advance(to: clock.now.advanced(by: .seconds(2)))
        #expect(clock.nextDeadline == deadline, "still asleep a second early")
        clock.advance(to: deadline)
        try await sleeper.value
        #expect(clock.now == deadline)
        #expect(clock.nextDeadline == nil)
    }

    @Test("a sleep whose deadline has come returns at once")
    func pastDeadline() async throws {
        let clock = VirtualClock()
        clock.advance(to: OffsetInstant(offset: .seconds(5)))
        try await clock.sleep(until: OffsetInstant(offset: .seconds(1)))
        #expect(clock.nextDeadline == nil)
    }

    @Test("a sleeper cancelled before it sleeps throws at once and never registers")
    func cancelledBeforeSleeping() async {
        let clock = VirtualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.nextDeadline == nil)
    }

    @Test(
        "a sleeper cancelled at any step of its sleep throws CancellationError and leaves no sleeper behind",
        .timeLimit(.minutes(1)), arguments: VirtualClock.SleepStep.allCases)
    func cancelledAtEveryStep(step: VirtualClock.SleepStep) async {
        // The sleeping task cancels itself at `step`, so the cancel lands exactly there; the
        // test learns when the sleep has registered (or declined) its sleeper.
        let (registered, signal) = AsyncStream.makeStream(of: Void.self)
        let clock = VirtualClock(onStep: { current in
            if current == step { withUnsafeCurrentTask { $0?.cancel() } }
            if current == .registered { signal.yield() }
        })
        let deadline = clock.now.advanced(by: .seconds(1))
        let sleeper = Task { try await clock.sleep(until: deadline) }
        for await _ in registered { break }
        #expect(clock.nextDeadline == nil, "a cancelled sleeper stays parked")
        // Resumes a sleeper left parked, so that a failure ends rather than hangs.
        clock.advance(to: deadline)
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test(
        "a sleeper cancelled from another task while it sleeps throws, and the others sleep on", .timeLimit(.minutes(1))
    )
    func cancelledWhileAsleep() async throws {
        let clock = VirtualClock()
        let early = clock.now.advanced(by: .seconds(1))
        let late = clock.now.advanced(by: .seconds(2))
        let cancelled = Task { try await clock.sleep(until: early) }
        while clock.nextDeadline == nil { await Task.yield() }
        let kept = Task { try await clock.sleep(until: late) }
        while clock.sleeperCount < 2 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.nextDeadline == late)
        clock.advance(to: late)
        try await kept.value
    }
}
