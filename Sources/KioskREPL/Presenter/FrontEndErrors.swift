import Bank
import KioskCore

/// A bad flag or flag value, carried as a kiosk error so that `--json` users get a JSON
/// Lines error too; the presenter words it in the user's language.
public struct UsageError: DetailedError {
    /// What is wrong on the command line.
    public let problem: CommandLineProblem
    /// `bad_usage`; `unknown_user` for a `~name` with no such user, as the prompt says it.
    public var code: String {
        if case .unknownUser = problem { return "unknown_user" }
        return "bad_usage"
    }
    /// None for most: the line is the problem and the usage, worded in `message` (the line a
    /// script checks is `{"type":"error","code":"bad_usage","message":...}`); the user and the
    /// path as given for `unknown_user`, as the prompt's error has them.
    public var details: ErrorDetails {
        if case .unknownUser(_, let user, let given) = problem { return ["user": .text(user), "given": .text(given)] }
        return .none
    }

    public init(_ problem: CommandLineProblem) {
        self.problem = problem
    }
}

/// What is wrong on kiosk's command line, with the values that explain it.
public enum CommandLineProblem: Equatable, Sendable {
    /// `--speed` or `--seed` without its value.
    case missingNumber(flag: String)
    /// `--speed` outside 0.001…1,000,000 (or `max`).
    case speedOutOfRange(String)
    /// `--speed` that is a word other than `max`.
    case speedNotANumber(String)
    /// `--seed` that is not a whole number from 0 to `UInt64.max`.
    case seedNotWhole(String)
    case unknownPreset(String, choices: [String])
    case unknownLanguage(String)
    case unknownDurability(String)
    /// `--events` other than `all`, `summary` or `off`.
    case unknownEventsMode(String)
    /// A flag that takes no value given one after `=` (`--json=1`).
    case flagTakesNoValue(flag: String, given: String)
    case emptyDataDirectory
    /// `--database` given empty (or only spaces).
    case emptyDatabase
    /// `kiosk classic` with `-c` or `--file`.
    case classicWithCommands
    /// `kiosk classic --json`: the console prints the exercise's own lines only.
    case classicWithJSON
    case fileWithCommands
    /// Command words after the flags with `-c` or `--file`.
    case wordsWithCommands
    case databaseWithLocalStore
    /// `--reconnect-window` (`source`), or `$KIOSK_RECONNECT_WINDOW`, that is not a number of
    /// seconds within ``PostgresTarget/reconnectWindows``.
    case reconnectWindowOutOfRange(source: String, given: String)
    /// `--database` (`source`), or `$KIOSK_DATABASE`, that libpq cannot read as a URL or a
    /// conninfo: `given` and libpq's `reason` without the password.
    case unparsableDatabase(source: String, given: String, reason: String)
    case inMemoryWithDataDirectory
    /// `--data-dir`, `--config` or `--file` starting `~name` where there is no user `name`.
    case unknownUser(flag: String, user: String, given: String)
    /// argument-parser: a flag kiosk does not have.
    case unknownOption(String)
    /// argument-parser: a flag without its value; `flag` as its help shows it (`--config <path>`).
    case missingValue(flag: String)
    /// argument-parser's own sentence, for what kiosk does not name itself.
    case parser(String)
}

/// `--file` names a file that cannot be read, or standard input cannot be read as a script.
public struct ScriptFileError: DetailedError {
    let path: String
    /// Why it cannot be read.
    let failure: ReadableFile.Failure
    public var code: String { "no_script" }
    public var details: ErrorDetails { ["path": .text(path)] }
}

/// Standard output could not be written (a full disk, a closed descriptor): the rest of
/// the output is lost, so kiosk stops.
struct OutputError: DetailedError {
    /// The system's text for the failure (`strerror`).
    let reason: String

    var code: String { "output_failed" }
    /// None: the system's reason is words, in `message`.
    var details: ErrorDetails { .none }
}

/// A command or a script was stopped by Ctrl-C or a signal.
struct InterruptedError: DetailedError {
    /// Whom stopping sent away from the bank, when anyone.
    let cancelled: BankDeparture?

    var code: String { "interrupted" }
    /// Whom stopping sent away, when anyone.
    var details: ErrorDetails {
        guard let cancelled else { return .none }
        return [
            "waiting": .integer(cancelled.cancelled.waiting), "in_service": .integer(cancelled.cancelled.inService),
            "to_arrive": .integer(cancelled.cancelled.toArrive),
        ]
    }
}

/// The history file could not be written.
struct HistoryError: DetailedError, Equatable {
    let path: String
    let reason: String

    var code: String { "history_not_saved" }
    var details: ErrorDetails { ["path": .text(path)] }
}

/// An error from outside the kiosk's own types, shown with its system description.
struct UnexpectedError: DetailedError {
    let underlying: any Error
    var code: String { "internal_error" }
    /// None: what went wrong is the underlying error's own description, in `message`.
    var details: ErrorDetails { .none }
}

/// `quit` or Ctrl-D while customers are at the bank: the first one only warns.
struct LeavingWithCustomers: DetailedError {
    let waiting: Int
    let inService: Int
    /// Customers announced to arrive later, whom leaving sends away too.
    var toArrive = 0

    var code: String { "bank_busy" }
    var details: ErrorDetails {
        ["waiting": .integer(waiting), "in_service": .integer(inService), "to_arrive": .integer(toArrive)]
    }
}
