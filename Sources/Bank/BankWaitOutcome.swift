import KioskCore

/// How ``Bank/waitUntilIdle()`` ended.
public enum BankWaitOutcome: Sendable, Equatable {
    /// The bank became idle while waiting; the tally of that moment.
    case idle(BankTally)
    /// Nobody was waiting or in service to begin with; the tally so far.
    case alreadyIdle(BankTally)
    /// The waiting task was cancelled; the bank goes on serving.
    case interrupted(waiting: Int, inService: Int)
    /// `bank reset` cancelled every customer while waiting.
    case reset
}
