import Bank
import Glibc
import KioskCore
import Synchronization

/// Where `bank watch` finds a terminal to take over: the interactive REPL attaches one once
/// its terminal thread runs; a script never does, and the command refuses to run there.
final class WatchHost: Sendable {
    /// Everything a live view needs from the session and the front end.
    struct Attachment: Sendable {
        let terminal: any WatchTerminal
        let bank: BankWatch.Bank
        let bus: EventBus<KioskEvent>
        let presenter: Presenter
        let colors: Bool
        /// Muted while the view is up, so the prompt does not collect what the view shows.
        let events: EventsPreference
    }

    private let attachment = Mutex<Attachment?>(nil)
    /// Whether standard output is a terminal (the view draws there).
    let outputIsTerminal: Bool
    /// `$TERM`: a `dumb` terminal has no alternate screen and no cursor addressing.
    let terminalType: String?

    init(
        outputIsTerminal: Bool = isatty(STDOUT_FILENO) == 1,
        terminalType: String? = getenv("TERM").map { String(cString: $0) }
    ) {
        self.outputIsTerminal = outputIsTerminal
        self.terminalType = terminalType
    }

    /// Makes the REPL's terminal the one `bank watch` takes over.
    func attach(_ attachment: Attachment) {
        self.attachment.withLock { $0 = attachment }
    }

    /// `bank watch`.
    var command: Command {
        Command(CommandSpec(path: ["bank", "watch"], topic: .bankWatch, examples: ["bank watch"])) { [self] _ in
            guard outputIsTerminal else { throw WatchError.notATerminal }
            guard terminalType != "dumb" else { throw WatchError.dumbTerminal }
            guard let attached = attachment.withLock({ $0 }) else { throw WatchError.needsPrompt }
            attached.events.mute(true)
            defer { attached.events.mute(false) }
            await BankWatch(
                terminal: attached.terminal, bank: attached.bank, bus: attached.bus, presenter: attached.presenter,
                colors: attached.colors, clock: ContinuousClock()
            ).run()
            return WatchOutcome(status: await attached.bank.status())
        }
    }
}

/// `bank watch` cannot show the view here.
enum WatchError: DetailedError, Equatable {
    /// Standard output is a pipe or a file.
    case notATerminal
    /// A script (`-c`, `--file`, piped lines) is running, not the interactive prompt.
    case needsPrompt
    /// `TERM=dumb`: the terminal cannot switch screens or move the cursor.
    case dumbTerminal

    var code: String { "not_a_terminal" }

    /// Which of the three it is, as all share one code.
    var details: ErrorDetails {
        switch self {
        case .notATerminal: ["reason": .text("not_a_terminal")]
        case .needsPrompt: ["reason": .text("needs_prompt")]
        case .dumbTerminal: ["reason": .text("dumb_terminal")]
        }
    }
}

/// Back from `bank watch`: the bank as the view last showed it.
struct WatchOutcome: CommandOutcome {
    let status: BankStatus?
}
