import Bank
import Benchmark
import Foundation
import KioskCore

/// `bank plan`'s target: 50 staffings × 20 replications of an 8-hour day at 60 customers an
/// hour in under 2 s on 2 cores, at least 10× faster than the same plan written in SimPy
/// (`Benchmarks/SimPy/staffing_plan.py`), which runs as the peer in the same run.
func planBenchmarks() {
    Benchmark(
        "Bank plan: 50 staffings x 20 replications, 8-hour day, 60 customers/h",
        configuration: .init(metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        let request: PlanRequest
        do {
            request = try PlanBenchmark.request()
        } catch {
            benchmark.error("\(error)")
            return
        }
        let planner = StaffingPlanner(request: request)
        benchmark.startMeasurement()
        var met = 0
        for deposit in 3...12 {
            for loan in 3...7 where await planner.evaluate(clerks: [deposit, loan]).meetsTarget {
                met += 1
            }
        }
        benchmark.stopMeasurement()
        blackHole(met)
    }

    Benchmark(
        "Bank plan peer: the same plan in SimPy (process per customer, Resource)",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(60), maxIterations: 3)
    ) { benchmark in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PlanBenchmark.simPyScript]
        process.standardOutput = FileHandle.nullDevice
        do {
            benchmark.startMeasurement()
            try process.run()
            process.waitUntilExit()
            benchmark.stopMeasurement()
        } catch {
            benchmark.error("python3 \(PlanBenchmark.simPyScript): \(error); pip install simpy")
            return
        }
        if process.terminationStatus != 0 {
            benchmark.error(
                "python3 \(PlanBenchmark.simPyScript) exited with \(process.terminationStatus); pip install simpy")
        }
    }
}

enum PlanBenchmark {
    /// Deposit (mean 3 min) and loan (mean 6 min), exponential; 40 + 20 customers an hour.
    static func request() throws -> PlanRequest {
        let setup = KioskConfig.BankSetup(
            customers: 1...1,
            desks: [
                KioskConfig.Desk(task: "deposit", name: "Deposit", clerks: 3, serviceTime: .seconds(180)),
                KioskConfig.Desk(task: "loan", name: "Loan", clerks: 3, serviceTime: .seconds(360)),
            ])
        return try PlanRequest(
            setup: setup, hours: 8, rates: [Named("deposit", 40), Named("loan", 20)], timing: .exponential,
            target: .share(0.85, within: .seconds(60)), clerks: [Named("deposit", 3...12), Named("loan", 3...7)],
            replications: 20, seed: 1)
    }

    /// The SimPy script, found from this file's path so the working directory does not matter.
    static var simPyScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../SimPy/staffing_plan.py"
        )
        .standardizedFileURL.path
    }
}
