import Bank
import KioskCore

/// `history [n]`: the numbered lines typed at the prompt.
struct HistoryListing: CommandOutcome {
    let entries: [(number: Int, line: String)]
}

/// `help [command]`: what the registry knows about the words given.
struct HelpOutcome: CommandOutcome {
    let topic: CommandRegistry.HelpTopic
}

/// Leaving the REPL: whom the bank sent away, if anyone.
struct QuitOutcome: CommandOutcome {
    let cancelled: BankDeparture?
}

/// `clear`: the front end clears the screen when it is a terminal.
struct ClearScreenOutcome: CommandOutcome {}
