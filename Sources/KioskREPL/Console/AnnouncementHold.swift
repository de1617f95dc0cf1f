import KioskCore
import Synchronization

/// Keeps the juice shop's sold-out and available-again notices that a command raises until
/// that command's result has been shown, so text reads "Made 4 Mango-Kiwi Juice." before
/// "Mango Juice is sold out: ...". Every other event (bank progress) passes straight
/// through, and JSON Lines keep the order events happened in.
final class AnnouncementHold: Sendable {
    private struct State {
        var isHolding = false
        var kept: [KioskEvent] = []
    }

    private let state = Mutex(State())
    private let isEnabled: Bool

    init(format: Console.Format) {
        isEnabled = format == .text
    }

    /// Starts holding notices; call before a command runs.
    func begin() {
        state.withLock { $0.isHolding = true }
    }

    /// Whether `event` was kept for later instead of being shown now.
    func keep(_ event: KioskEvent) -> Bool {
        guard isEnabled else { return false }
        switch event {
        case .juiceSoldOut, .juiceAvailable: break
        default: return false
        }
        return state.withLock { state in
            guard state.isHolding else { return false }
            state.kept.append(event)
            return true
        }
    }

    /// Stops holding; returns the kept notices in the order they were raised.
    func end() -> [KioskEvent] {
        state.withLock { state in
            state.isHolding = false
            defer { state.kept.removeAll() }
            return state.kept
        }
    }
}
