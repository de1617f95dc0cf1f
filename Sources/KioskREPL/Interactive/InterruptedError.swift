import Bank
import KioskCore

/// A command or a script was stopped by Ctrl-C or a signal.
struct InterruptedError: KioskError {
    /// Whom stopping sent away from the bank, when anyone.
    let cancelled: BankCancellation?

    var code: String { "interrupted" }
}
