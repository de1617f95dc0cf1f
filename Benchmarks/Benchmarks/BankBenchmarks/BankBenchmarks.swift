import Bank
import Benchmark
import Foundation
import KioskCore

/// The bank's two targets: throughput of the real `Bank` actor with instant services, and
/// fidelity of bank time to the wall clock when the clock is scaled.
let benchmarks: @Sendable () -> Void = {
    // One iteration admits a million customers with zero service time to 3 clerks
    // (deposit 2, loan 1) and waits until every one is served; throughput is customers/s.
    Benchmark(
        "Bank: 1M instant customers, 3 clerks, one subscriber",
        configuration: .init(
            metrics: [.throughput, .wallClock, .mallocCountTotal],
            scalingFactor: .mega, maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        let events = await BenchmarkBank.instant().serve(
            customers: benchmark.scaledIterations.count, subscribed: true,
            start: benchmark.startMeasurement, stop: benchmark.stopMeasurement)
        blackHole(events)
    }

    Benchmark(
        "Bank: 1M instant customers, 3 clerks, no subscriber",
        configuration: .init(
            metrics: [.throughput, .wallClock],
            scalingFactor: .mega, maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        _ = await BenchmarkBank.instant().serve(
            customers: benchmark.scaledIterations.count, subscribed: false,
            start: benchmark.startMeasurement, stop: benchmark.stopMeasurement)
    }

    // Virtual time (`--speed max`), the classic bank: a million customers arrive at once and
    // the engine plays them out, no subscriber, no rendering. Throughput is customers/s; the
    // resident memory peak over the million waiting customers gives bytes per customer.
    Benchmark(
        "Bank virtual time: 1M classic customers at once, engine only",
        configuration: .init(
            metrics: [.throughput, .wallClock, .peakMemoryResident],
            scalingFactor: .mega, maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        let bank = Bank(
            setup: BenchmarkBank.classic(speed: 1).setup, clock: VirtualClock(), bus: EventBus<KioskEvent>(),
            random: SplitMix64(seed: 1))
        benchmark.startMeasurement()
        await BenchmarkBank.admit(benchmark.scaledIterations.count, to: bank)
        _ = await bank.waitUntilIdle()
        benchmark.stopMeasurement()
    }

    // The same with one subscriber that takes every event, as the terminal does: the bank
    // builds and publishes its three events per customer, and between runs of services the
    // consumer drains its mailbox (the pace a terminal sets). Rendering is not included.
    Benchmark(
        "Bank virtual time: 1M classic customers at once, one subscriber draining",
        configuration: .init(
            metrics: [.throughput, .wallClock], scalingFactor: .mega, maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        let bus = EventBus<KioskEvent>()
        // As the terminal's in virtual time: every event is kept, and the bank waits for the
        // consumer (its pacer drains) rather than let any be skipped.
        let mailbox = bus.subscribe(
            policy: .waiting(Watermarks(high: EventMailbox<KioskEvent>.defaultCapacity, low: 0)))
        defer { mailbox.cancel() }
        let bank = Bank(
            setup: BenchmarkBank.classic(speed: 1).setup, clock: VirtualClock(), bus: bus, random: SplitMix64(seed: 1))
        await bank.pace { blackHole(mailbox.drain().count) }
        benchmark.startMeasurement()
        await BenchmarkBank.admit(benchmark.scaledIterations.count, to: bank)
        _ = await bank.waitUntilIdle()
        blackHole(mailbox.drain().count)
        benchmark.stopMeasurement()
    }

    // The same with the terminal's subscription in virtual time: it takes the bank's progress
    // in runs of records (one event per run of a few thousand), as the transcript renders
    // them; it only counts the records here.
    Benchmark(
        "Bank virtual time: 1M classic customers at once, one subscriber taking runs",
        configuration: .init(
            metrics: [.throughput, .wallClock, .cpuTotal], scalingFactor: .mega, maxDuration: .seconds(20),
            maxIterations: 10)
    ) { benchmark in
        let bus = EventBus<KioskEvent>()
        let mailbox = bus.subscribe(
            policy: .waiting(Watermarks(high: EventMailbox<KioskEvent>.defaultCapacity / 2, low: 0)), takesRuns: true)
        defer { mailbox.cancel() }
        let bank = Bank(
            setup: BenchmarkBank.classic(speed: 1).setup, clock: VirtualClock(), bus: bus, random: SplitMix64(seed: 1))
        await bank.pace { blackHole(BenchmarkBank.records(in: mailbox.drain())) }
        benchmark.startMeasurement()
        await BenchmarkBank.admit(benchmark.scaledIterations.count, to: bank)
        _ = await bank.waitUntilIdle()
        blackHole(BenchmarkBank.records(in: mailbox.drain()))
        benchmark.stopMeasurement()
    }

    // Memory kept per served customer: the resident peak of serving a million classic
    // customers admitted at once (in line, then in the books `bank export` and the waits
    // read), less that of serving one. The custom metric is bytes per customer.
    let perCustomer = BenchmarkMetric.custom(
        "peak resident bytes per served customer", polarity: .prefersSmaller, useScalingFactor: false)

    Benchmark(
        "Bank virtual time: memory per served customer, 1M classic customers",
        // No warm-up: a run before would leave its memory with the allocator, and this one
        // would reuse it rather than grow.
        configuration: .init(
            metrics: [perCustomer, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(60),
            maxIterations: 1)
    ) { benchmark in
        let customers = 1_000_000
        // The peak so far is forgotten (Linux resets VmHWM on `5` in clear_refs), so the one
        // read afterwards is this run's.
        BenchmarkBank.resetResidentPeak()
        let before = BenchmarkBank.resident("VmRSS:")
        let bank = Bank(
            setup: BenchmarkBank.classic(speed: 1).setup, clock: VirtualClock(), bus: EventBus<KioskEvent>(),
            random: SplitMix64(seed: 1))
        await BenchmarkBank.admit(customers, to: bank)
        _ = await bank.waitUntilIdle()
        let after = BenchmarkBank.resident("VmHWM:")
        blackHole(await bank.departedCustomers().count)
        benchmark.measurement(perCustomer, max(0, after - before) / customers)
    }

    // Fidelity: wall-clock time from `bank open` to the idle event, times the speed, over
    // the ideal (the busiest desk's rounds of service). Reported as the excess over 1 in
    // parts per million: 1.0015 shows as 1500; the target at speed 200 is at most 20000.
    let fidelity = BenchmarkMetric.custom(
        "wall x speed / ideal - 1 (ppm)", polarity: .prefersSmaller, useScalingFactor: false)

    Benchmark(
        "Bank fidelity: 1,000 customers at speed 200",
        configuration: .init(metrics: [fidelity, .wallClock], maxDuration: .seconds(30), maxIterations: 5)
    ) { benchmark in
        let ratio = await BenchmarkBank.classic(speed: 200).fidelity(customers: 1_000)
        benchmark.measurement(fidelity, Int(((ratio - 1) * 1_000_000).rounded()))
    }

    Benchmark(
        "Bank fidelity: 1,000 customers at speed 200, 2021-05 preset",
        configuration: .init(metrics: [fidelity, .wallClock], maxDuration: .seconds(30), maxIterations: 5)
    ) { benchmark in
        guard let setup = try? BankPresets.setup(named: "2021-05") else { return }
        let ratio = await BenchmarkBank(setup: setup, speed: 200).fidelity(customers: 1_000)
        benchmark.measurement(fidelity, Int(((ratio - 1) * 1_000_000).rounded()))
    }

    Benchmark(
        "Bank fidelity: 30 customers at speed 1",
        configuration: .init(metrics: [fidelity, .wallClock], maxDuration: .seconds(60), maxIterations: 2)
    ) { benchmark in
        let ratio = await BenchmarkBank.classic(speed: 1).fidelity(customers: 30)
        benchmark.measurement(fidelity, Int(((ratio - 1) * 1_000_000).rounded()))
    }

    planBenchmarks()
}

/// A bank on a real (scaled) clock, with its clerks running while it serves.
struct BenchmarkBank {
    let setup: KioskConfig.BankSetup
    let speed: Double

    /// Adds `count` customers to `bank` at once, in as few admissions as `bank add` allows.
    static func admit(_ count: Int, to bank: Bank) async {
        var left = count
        while left > 0 {
            let batch = min(left, Bank.admissionRange.upperBound)
            _ = try? await bank.add(customers: batch)
            left -= batch
        }
    }

    /// How many events the drained items stand for (a run counts its records).
    static func records(in items: [EventMailbox<KioskEvent>.Item]) -> Int {
        items.reduce(0) { total, item in
            if case .event(.bankProgress(let run)) = item { return total + run.count }
            return total + 1
        }
    }

    /// Forgets the resident peak so far: Linux resets `VmHWM` on `5` in clear_refs (written
    /// as one `write`, which Foundation's file writing is not).
    static func resetResidentPeak() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }

    /// The process's resident set (`VmRSS:`) or its peak (`VmHWM:`), in bytes, from
    /// /proc/self/status.
    static func resident(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1_024
    }

    /// Deposit 2 clerks and loan 1 clerk, both with zero service time.
    static func instant() -> BenchmarkBank {
        BenchmarkBank(
            setup: KioskConfig.BankSetup(
                customers: 1...1,
                desks: [
                    KioskConfig.Desk(task: "deposit", name: "Deposit", clerks: 2, serviceTime: .zero),
                    KioskConfig.Desk(task: "loan", name: "Loan", clerks: 1, serviceTime: .zero),
                ]),
            speed: 1)
    }

    /// The classic bank: deposit 0.7 s with 2 clerks, loan 1.1 s with 1 clerk.
    static func classic(speed: Double) -> BenchmarkBank {
        BenchmarkBank(
            setup: KioskConfig.BankSetup(
                customers: 10...30,
                desks: [
                    KioskConfig.Desk(task: "deposit", name: "Deposit", clerks: 2, serviceTime: .milliseconds(700)),
                    KioskConfig.Desk(task: "loan", name: "Loan", clerks: 1, serviceTime: .milliseconds(1_100)),
                ]),
            speed: speed)
    }

    /// Admits `customers` (at most a million per call) and waits until all are served;
    /// `start` and `stop` bracket exactly that. When `subscribed`, a consumer task drains a
    /// mailbox of the bus as the events come, the way the presenter does.
    /// - Returns: how many events the consumer took (zero when not subscribed).
    func serve(customers: Int, subscribed: Bool, start: () -> Void, stop: () -> Void) async -> Int {
        let bus = EventBus<KioskEvent>()
        // Bank progress may be skipped when the consumer falls behind, as the presenter's may.
        let mailbox = subscribed ? bus.subscribe(droppable: { Self.isProgress($0) }) : nil
        let bank = Bank(setup: setup, clock: ScaledClock(speed: speed), bus: bus, random: SplitMix64(seed: 1))
        return await withTaskGroup(of: Int.self) { group in
            group.addTask {
                await bank.run()
                return 0
            }
            if let mailbox {
                group.addTask {
                    var count = 0
                    while await mailbox.wait() { count += mailbox.drain().count }
                    return count + mailbox.drain().count
                }
            }
            start()
            var left = customers
            while left > 0 {
                let batch = min(left, Bank.admissionRange.upperBound)
                _ = try? await bank.add(customers: batch)
                left -= batch
            }
            _ = await bank.waitUntilIdle()
            stop()
            mailbox?.cancel()
            group.cancelAll()
            return await group.reduce(0, +)
        }
    }

    /// Arrivals, starts and ends: what a consumer that falls behind may skip (with a count).
    static func isProgress(_ event: KioskEvent) -> Bool {
        switch event {
        case .customerArrived, .serviceStarted, .serviceFinished: true
        default: false
        }
    }

    /// The business time of `customers` (drawn with `seed`) in virtual time: exact, event by
    /// event, with no clock to lag behind.
    static func idealMakespan(setup: KioskConfig.BankSetup, customers: Int, seed: UInt64) async -> Duration {
        let bank = Bank(
            setup: setup, clock: VirtualClock(), bus: EventBus<KioskEvent>(), random: SplitMix64(seed: seed))
        _ = try? await bank.open(customers: customers)
        if case .idle(let tally) = await bank.waitUntilIdle() { return tally.businessTime }
        return .zero
    }

    /// Opens the bank with `customers` and measures the wall-clock time until the idle
    /// event. - Returns: that time times the speed, over the ideal business time.
    func fidelity(customers: Int) async -> Double {
        let bus = EventBus<KioskEvent>()
        let wall = ContinuousClock()
        let mailbox = bus.subscribe(accepts: { if case .bankIdle = $0 { true } else { false } })
        defer { mailbox.cancel() }
        let bank = Bank(setup: setup, clock: ScaledClock(speed: speed), bus: bus, random: SplitMix64(seed: 42))
        return await withDiscardingTaskGroup { group in
            group.addTask { await bank.run() }
            defer { group.cancelAll() }
            let opened = wall.now
            guard let admission = try? await bank.open(customers: customers) else { return .nan }
            // The idle event is the only one the mailbox accepts: the moment it is delivered
            // is the moment a presenter could show it.
            guard await mailbox.wait() else { return .nan }
            let idle = wall.now
            // The ideal makespan: what the bank computes in virtual time for the same customers.
            let ideal = await Self.idealMakespan(setup: setup, customers: customers, seed: 42)
            _ = admission
            return (opened.duration(to: idle) * speed) / ideal
        }
    }
}
