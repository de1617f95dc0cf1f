import Bank
import Benchmark
import KioskCore
import KioskREPL

/// `bank watch`: what one frame costs with a very long line, and whether watching costs the
/// bank any fidelity to its scaled clock.
let benchmarks: @Sendable () -> Void = {
    // One iteration is one frame as the view draws it: the bank's status (read through
    // `bank status`), the board, the layout at 100 × 30, and the cells that changed since
    // the last frame. The bank's clock barely moves (speed 0.001), so every frame differs
    // from the last only where the timer and progress bars move, as while watching.
    Benchmark(
        "Live view: one frame with 100,000 waiting customers (status, layout, diff)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 2_000)
    ) { benchmark in
        let watched = await WatchedBank.classic(speed: 0.001)
        _ = try? await watched.bank.open(customers: 100_000)
        var frames = FrameDrawer()
        _ = frames.draw(await watched.status())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(frames.draw(await watched.status()))
        }
        benchmark.stopMeasurement()
        watched.stop()
    }

    // The same frame without reading the status: the view's own drawing only.
    Benchmark(
        "Live view: layout and diff of a frame with 100,000 waiting customers",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 2_000)
    ) { benchmark in
        let watched = await WatchedBank.classic(speed: 0.001)
        _ = try? await watched.bank.open(customers: 100_000)
        let status = await watched.status()
        watched.stop()
        var frames = FrameDrawer()
        _ = frames.draw(status)
        var now = status
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            // The timer moves a millisecond a frame, so each frame has cells to write.
            now = status.advanced(by: .milliseconds(index))
            blackHole(frames.draw(now))
        }
        benchmark.stopMeasurement()
    }

    // Fidelity as BankBenchmarks measures it, without and with a live view drawing 20
    // frames a second from the same bank, measured in the same run.
    let fidelity = BenchmarkMetric.custom(
        "wall x speed / ideal - 1 (ppm)", polarity: .prefersSmaller, useScalingFactor: false)

    Benchmark(
        "Bank fidelity: 1,000 customers at speed 200, not watched",
        configuration: .init(metrics: [fidelity, .wallClock], maxDuration: .seconds(30), maxIterations: 5)
    ) { benchmark in
        let ratio = await WatchedBank.classic(speed: 200).fidelity(customers: 1_000, watching: false)
        benchmark.measurement(fidelity, Int(((ratio - 1) * 1_000_000).rounded()))
    }

    Benchmark(
        "Bank fidelity: 1,000 customers at speed 200, watched (20 frames/s)",
        configuration: .init(metrics: [fidelity, .wallClock], maxDuration: .seconds(30), maxIterations: 5)
    ) { benchmark in
        let ratio = await WatchedBank.classic(speed: 200).fidelity(customers: 1_000, watching: true)
        benchmark.measurement(fidelity, Int(((ratio - 1) * 1_000_000).rounded()))
    }
}

/// Draws boards the way `bank watch` does, keeping the last frame for the diff.
struct FrameDrawer {
    let layout = BankBoardLayout(words: .english)
    var writer = FrameWriter(colors: true)

    /// The bytes of the frame showing `status`.
    mutating func draw(_ status: BankStatus) -> Int {
        let grid = layout.draw(BankBoard(status: status), width: 100, height: 30)
        return writer.frame(grid).count
    }
}

extension BankStatus {
    /// The same bank `duration` later: the timer and the progress bars move.
    func advanced(by duration: Duration) -> BankStatus {
        BankStatus(isOpen: isOpen, businessTime: businessTime + duration, nextTicket: nextTicket, desks: desks)
    }
}

/// A classic bank with its clerks running, and its status read through `bank status`.
struct WatchedBank {
    let bank: Bank
    let bus: EventBus<KioskEvent>
    let speed: Double
    /// The classic bank's desks, for the ideal time (the setup keeps places and routes).
    let desks: [KioskConfig.Desk]
    private let clerks: Task<Void, Never>
    private let statusCommand: Command?

    static func classic(speed: Double) async -> WatchedBank {
        let desks = [
            KioskConfig.Desk(task: "deposit", name: "Deposit", clerks: 2, serviceTime: .milliseconds(700)),
            KioskConfig.Desk(task: "loan", name: "Loan", clerks: 1, serviceTime: .milliseconds(1_100)),
        ]
        let setup = KioskConfig.BankSetup(customers: 10...30, desks: desks)
        let bus = EventBus<KioskEvent>()
        let bank = Bank(setup: setup, clock: ScaledClock(speed: speed), bus: bus, random: SplitMix64(seed: 42))
        return WatchedBank(bank: bank, bus: bus, speed: speed, desks: desks)
    }

    private init(bank: Bank, bus: EventBus<KioskEvent>, speed: Double, desks: [KioskConfig.Desk]) {
        self.bank = bank
        self.bus = bus
        self.speed = speed
        self.desks = desks
        clerks = Task { await bank.run() }
        statusCommand = bank.commands().first { $0.spec.path == ["bank", "status"] }
    }

    func stop() {
        clerks.cancel()
    }

    /// The status, as `bank watch` reads it.
    func status() async -> BankStatus {
        guard let statusCommand, case .perform(let run) = statusCommand.action,
            case .status(let status)? = try? await run(Invocation(command: statusCommand)) as? BankOutcome
        else { return BankStatus(isOpen: false, businessTime: .zero, nextTicket: 1, desks: []) }
        return status
    }

    /// Wall-clock time from opening to the idle event, times the speed, over the ideal;
    /// with `watching`, a view reads the status, drains a mailbox of events and draws a
    /// frame every 50 ms meanwhile.
    func fidelity(customers: Int, watching: Bool) async -> Double {
        let wall = ContinuousClock()
        let idle = bus.subscribe(accepts: { if case .bankIdle = $0 { true } else { false } })
        defer {
            idle.cancel()
            stop()
        }
        let opened = wall.now
        guard let admission = try? await bank.open(customers: customers) else { return .nan }
        let viewer = Task {
            guard watching else { return 0 }
            let events = bus.subscribe(capacity: 1_024, droppable: { _ in true })
            defer { events.cancel() }
            var frames = FrameDrawer()
            var drawn = 0
            while !Task.isCancelled {
                blackHole(events.drain())
                drawn += frames.draw(await status())
                try? await wall.sleep(for: .milliseconds(50))
            }
            return drawn
        }
        guard await idle.wait() else { return .nan }
        let finished = wall.now
        viewer.cancel()
        blackHole(await viewer.value)
        var ideal = Duration.zero
        for (desk, count) in zip(desks, admission.byTask) {
            let rounds: Int = (count.count + desk.clerks - 1) / desk.clerks
            let busy: Duration = desk.serviceTime * rounds
            ideal = max(ideal, busy)
        }
        return (opened.duration(to: finished) * speed) / ideal
    }
}
