import KioskCore

/// One simulated day of a staffing: Poisson arrivals at the request's rates from an empty
/// bank, served by the bank's own floor in virtual time until the last customer leaves.
struct DayReplication {
    /// What one day measured, per task and grade and per desk.
    struct Measures: Sendable {
        /// Waits in nanoseconds by `task * grades + grade`, sorted.
        let waits: [[Int64]]
        /// Busy clerk time over clerks × (the day, or later when customers stayed past closing), per place.
        let utilisation: [Double]
    }

    /// The seed of replication `index`'s arrivals and of its service times, the same for
    /// every staffing (common random numbers: candidates differ by clerks, not by luck).
    static func seeds(plan seed: UInt64, index: Int) -> (arrivals: UInt64, service: UInt64) {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return (mixer.next(), mixer.next())
    }

    /// Runs the day of `setup` (already staffed) with `rates` customers an hour per task.
    static func run(
        setup: KioskConfig.BankSetup, rates: [Double], hours: Double, seed: UInt64, index: Int,
        bus: EventBus<KioskEvent>
    ) -> Measures {
        let seeds = seeds(plan: seed, index: index)
        var random = SplitMix64(seed: seeds.arrivals)
        var floor = BankFloor(setup: setup, bus: bus, seed: seeds.service)
        floor.isSilent = true
        let closing = Int64(hours * 3_600e9)
        // Each task's stream is drawn apart, so a task's arrivals do not depend on another's rate.
        var arrivals: [(at: Int64, route: Int)] = []
        for (route, rate) in rates.enumerated() where rate > 0 {
            let meanGap = Duration.nanoseconds(Int64((3_600e9 / rate).rounded()))
            var at: Int64 = 0
            while true {
                at += BankFloor.exponential(mean: meanGap, bits: random.next()).clampedNanoseconds
                guard at < closing else { break }
                arrivals.append((at, route))
            }
        }
        arrivals.sort { ($0.at, $0.route) < ($1.at, $1.route) }
        let gradeShares = setup.grades.map { UInt64(max(0, $0.share)) }
        let gradeTotal = gradeShares.reduce(0, +)
        for (offset, arrival) in arrivals.enumerated() {
            var grade = 0
            if gradeShares.count > 1, gradeTotal > 0 {
                let draw = random.next().multipliedFullWidth(by: gradeTotal).high
                var sum: UInt64 = 0
                for (rank, share) in gradeShares.enumerated() {
                    sum += share
                    if draw < sum {
                        grade = rank
                        break
                    }
                }
            }
            floor.announce(
                Visitor(
                    ticket: offset + 1, arrival: .nanoseconds(arrival.at), route: UInt16(arrival.route),
                    grade: UInt8(grade), stage: 0))
        }
        // Far beyond any day: every customer who came is served, however late.
        _ = floor.endServices(by: .seconds(Int64(1) << 40), budget: .max)
        let grades = max(1, setup.grades.count)
        var waits: [[Int64]] = []
        for task in floor.routes.indices {
            for grade in 0..<grades {
                waits.append(floor.statistics.waits(task: task, grade: grade).sorted())
            }
        }
        let horizon = max(Double(closing), Double(floor.lastFinishNanoseconds))
        let utilisation = floor.points.map { point in
            horizon > 0 ? Double(point.busyNanoseconds) / (horizon * Double(max(1, point.clerkCount))) : 0
        }
        return Measures(waits: waits, utilisation: utilisation)
    }
}
