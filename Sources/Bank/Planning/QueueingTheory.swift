import Foundation
import KioskCore

/// Steady-state formulas for a desk of `c` clerks fed by Poisson arrivals: Erlang C for
/// exponential service (M/M/c), and Allen–Cunneen's correction of it for fixed service (M/D/c).
public struct QueueingTheory: Sendable, Equatable {
    /// Clerks.
    public let clerks: Int
    /// Offered load in clerks' worth of work: arrivals a second × mean service in seconds.
    public let load: Double
    /// Mean service time in seconds.
    public let service: Double
    /// The squared coefficient of variation of service: 1 exponential, 0 fixed.
    public let serviceVariability: Double

    public init(clerks: Int, load: Double, service: Double, serviceVariability: Double) {
        self.clerks = clerks
        self.load = load
        self.service = service
        self.serviceVariability = serviceVariability
    }

    /// Whether the desk keeps up at all (load below the clerks).
    public var isStable: Bool { load < Double(clerks) }

    /// Erlang C: the chance that an arriving customer has to wait.
    public var waitingChance: Double {
        guard isStable else { return 1 }
        guard load > 0 else { return 0 }
        // The Erlang B recursion, then C from B: stable for hundreds of clerks.
        var blocking = 1.0
        for k in 1...clerks {
            blocking = load * blocking / (Double(k) + load * blocking)
        }
        let c = Double(clerks)
        return blocking / (1 - (load / c) * (1 - blocking))
    }

    /// How fast the queue drains, per second, scaled by Allen–Cunneen's (1 + Cs²) / 2.
    private var drain: Double {
        (Double(clerks) - load) / service * 2 / (1 + serviceVariability)
    }

    /// The mean wait in line, in seconds (infinite for an unstable desk).
    public var meanWait: Double {
        guard isStable else { return .infinity }
        guard load > 0 else { return 0 }
        return waitingChance / drain
    }

    /// The chance of waiting no longer than `seconds`.
    public func withinChance(_ seconds: Double) -> Double {
        guard isStable else { return 0 }
        guard load > 0 else { return 1 }
        return 1 - waitingChance * exp(-drain * seconds)
    }

    /// Whether the formulas say the desk meets `target`.
    func meets(_ target: ServiceTarget) -> Bool {
        switch target {
        case .share(let share, let within): withinChance(within.seconds) >= share
        case .mean(let within): meanWait <= within.seconds
        }
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
