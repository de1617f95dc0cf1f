import Bank
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage

/// Each module's errors, in English.
extension EnglishCatalog {
    func describe(_ error: JuiceError) -> String {
        switch error {
        case .outOfStock(let refusal):
            return describe(refusal)
        case .aboveMaximum(let fruit, .set, let amount, _, let maximum):
            return "Cannot set \(fruit) to \(amount): the shelf holds at most \(maximum). Set at most \(maximum)."
        case .aboveMaximum(let fruit, _, let amount, let have, let maximum):
            let room = maximum - have
            let next = room > 0 ? "Add at most \(room)." : "The shelf is full."
            return "Cannot add \(amount) \(fruit): the shelf holds at most \(maximum) and has \(have). \(next)"
        case .belowZero(let fruit, let amount, let have):
            if have == 0 {
                return "Cannot remove \(amount) \(fruit): the shelf is empty."
            }
            return "Cannot remove \(amount) \(fruit): the shelf has \(have). Remove at most \(have)."
        case .invalidCount(let count):
            let range = Inventory.orderCounts
            // The bound is per juice: `order banana 60, banana 60` asks 120 of one.
            return "An order makes \(range.lowerBound) to \(range.upperBound) of each juice, not \(count)."
        case .invalidAmount(let amount):
            return "A stock amount must be 0 or more, not \(amount)."
        case .unknownFruit(let fruit):
            return "Unknown fruit '\(Sanitized.text(fruit))'. Type 'stock' to list the fruits."
        case .menuMismatch:
            return
                "The stock to reset to belongs to a different menu. Use 'stock reset' to restore the configured stock."
        case .invalidEdit(let kind):
            return
                "'\(kind.rawValue)' cannot change several fruits in one go. Use 'stock set', 'stock add' or 'stock remove'."
        case .invalidPeriod(let first, let last):
            return "The period ends on \(last), before it starts on \(first). Swap --from and --to."
        }
    }

    /// "Cannot make 1 Strawberry Juice: strawberry needs 16, has 10. Fix: 'stock add strawberry 6' adds
    /// just what this order takes (the shelf is empty after it), or 'stock fill strawberry' fills the shelf."
    private func describe(_ refusal: OrderRefusal) -> String {
        let lacks = refusal.shortages.map { "\($0.fruit) needs \($0.need), has \($0.have)" }
        let juices = refusal.lines.map { "\($0.count) \(Sanitized.text($0.juiceName, limit: 64))" }
        let head = "Cannot make \(listed(juices)): \(lacks.joined(separator: "; "))."
        if refusal.hasSeveralLines, !refusal.fitsShelves {
            return "\(head) Full shelves cannot fill this order; order fewer juices."
        }
        guard refusal.count <= refusal.mostEverAvailable else {
            if refusal.mostEverAvailable == 0 {
                return "\(head) One juice needs more than a full shelf holds, so it cannot be made."
            }
            return "\(head) Full shelves make at most \(refusal.mostEverAvailable); order at most that many."
        }
        let fix = refusal.addition
        let (shelf, isEmpty) =
            refusal.shortages.count > 1 ? ("shelves", "those shelves are") : ("shelf", "the shelf is")
        return
            "\(head) Fix: '\(fix.add)' adds just what this order takes (\(isEmpty) empty after it), or '\(fix.fill)' fills the \(shelf)."
    }

    func describe(_ error: BankError) -> String {
        switch error {
        case .alreadyOpen(let waiting, let inService):
            return "The bank is already open (\(waiting) waiting, \(inService) in service). "
                + "Use 'bank add [n]' to add customers, or 'bank reset' to start over."
        case .customerCountOutOfRange(let count):
            let range = Bank.admissionRange
            return "<customers> must be between \(range.lowerBound) and \(range.upperBound), not \(count)."
        case .unknownTask(let given, let suggestion, let tasks):
            let hint = suggestion.map { "Did you mean '\($0)'?" } ?? "Choose one of: \(tasks.joined(separator: ", "))."
            return "Unknown task '\(Sanitized.text(given))'. \(hint)"
        case .noDesks:
            return "The bank has no desks. Add a [[bank.desk]] table to the config."
        case .unknownGrade(let given, let grades):
            return "Unknown grade '\(Sanitized.text(given))'. Choose one of: \(grades.joined(separator: ", "))."
        case .bankFull(let present, let adding, let capacity):
            let room = max(0, capacity - present)
            return
                "The bank holds at most \(capacity.grouped) customers at once and has \(present.grouped); it cannot take \(adding.grouped) more. "
                + (room == 0
                    ? "Wait for some to be served ('bank wait')."
                    : "Wait for some to be served ('bank wait'), or add at most \(room.grouped).")
        case .notIdle(let waiting, let inService, let toArrive):
            return
                "The bank's preset can change only while the bank is idle, and it has \(waiting) waiting, \(inService) in service and \(toArrive) to arrive. "
                + "Serve them first with 'bank wait', or send them away with 'bank reset'."
        }
    }

    func describe(_ error: StorageError) -> String {
        switch error {
        case .directoryUnwritable(let path, let reason):
            "Cannot use data directory \(path): \(reason). Choose another with --data-dir, or run with --in-memory."
        case .notADirectory(let path):
            "Cannot use data directory \(path): it is a file, not a directory. Choose another with --data-dir, or run with --in-memory."
        case .noHome(let path):
            "Cannot use data directory \(path): HOME is not set. Choose one with --data-dir, or run with --in-memory."
        case .notADatabase(let path):
            "\(path) is not a kiosk database (it is not SQLite). Move it away or choose another --data-dir; kiosk will not overwrite it."
        case .damaged(let path):
            "\(path) is damaged: it begins as an SQLite database, but SQLite finds it malformed (cut short or overwritten). Restore it from a backup, or choose another --data-dir; kiosk will not overwrite it."
        case .readOnly(let path, let mode):
            "\(path) is read-only (mode \(mode)), and kiosk writes every sale and stock edit to it. Make it writable ('chmod u+w \(path)'), choose another --data-dir, or run with --in-memory."
        case .newerSchema(let path, let unknown):
            "\(path) was written by a newer kiosk (schema \(unknown.sorted().joined(separator: ", "))). Upgrade kiosk, or choose another --data-dir."
        case .diskFull(let path):
            "The disk holding \(path) is full. Free some space; nothing was changed."
        case .busy(let path, let waited):
            // The kernel did not say who holds it: it may be any program, not only a kiosk.
            "\(path) stayed locked by another process for \(waited.wholeMilliseconds / 1_000) s. Try again; nothing was changed."
        case .lockHeld(let path, let waited, let holder):
            "\(path) stayed locked by \(holder.isKiosk ? "another kiosk" : Sanitized.text(holder.program)) (pid \(holder.pid)) for \(waited.wholeMilliseconds / 1_000) s. Try again when it ends; nothing was changed."
        case .sqlite(let path, let message):
            "Database error in \(path): \(message)"
        case .foreignDatabase(let path):
            "\(path) is another application's SQLite database (it has no kiosk tables). kiosk left it untouched; move it away or choose another --data-dir."
        case .notARegularFile(let path, let kind):
            "\(path) is a \(kind), not a database file. Move it away or choose another --data-dir."
        case .tamperedStock(let path, let fruit, let column, let value, let maximum):
            tamperedStock(path: path, fruit: fruit, column: column, value: value, maximum: maximum)
        case .untrustedDirectory(let path, let risk): untrustedDirectory(path: path, risk: risk)
        }
    }

    func describe(_ error: PostgresError) -> String {
        switch error {
        case .unreachable(let server, let reason):
            "Cannot reach the database \(server): \(reason)"
        case .unparsable(let given, let reason):
            "'\(given)' is not a postgresql:// URL or a libpq conninfo (\(reason))."
        case .connectionLost(let server, let reason):
            "Lost the connection to \(server) (\(reason)); nothing was changed. The next command connects again."
        case .newerSchema(let server, let version, let known):
            "\(server) was written by a newer kiosk (schema \(version); this kiosk knows up to \(known)). Upgrade kiosk, or choose another --database."
        case .notKioskDatabase(let server):
            "\(server) holds tables that are not kiosk's. Choose an empty database with --database; kiosk will not write into this one."
        case .unanswered(let server, let waited):
            "\(server) sent no answer for \(waited.wholeMilliseconds / 1_000) s (the server or the network is not responding), so kiosk gave the connection up; the next command connects again."
        case .interrupted(let server):
            "Stopped waiting for \(server) (interrupted) and gave the connection up; nothing was changed. The next command connects again."
        case .outcomeUnknown(let server, let reason):
            "\(server) did not confirm the last changes (\(unconfirmed(reason))): their outcome is unknown (they may have been made), so their results are not printed. 'stock' and 'sales' show what the database holds."
        case .busy(let server, let waited):
            "\(server) kept the stock locked for \(waited.wholeMilliseconds / 1_000) s (another transaction held it: a kiosk's, or another client's). Try again; nothing was changed."
        case .server(let server, let state, let message):
            "Database error in \(server): \(message)" + (state.isEmpty ? "" : " (SQLSTATE \(state))")
        case .clientLibraryUnavailable(let library, let reason):
            "Cannot load PostgreSQL's client library \(library) (\(reason)). Install libpq (libpq5 on Debian and Ubuntu), or set KIOSK_LIBPQ to its file."
        case .tamperedStock(let server, let fruit, let column, let value, let maximum):
            tamperedStock(path: server, fruit: fruit, column: column, value: value, maximum: maximum)
        }
    }

    /// Why changes went unconfirmed, for the parentheses of `outcomeUnknown`'s line.
    private func unconfirmed(_ reason: UnconfirmedReason) -> String {
        switch reason {
        case .unanswered(let waited): "no answer within \(waited.wholeMilliseconds / 1_000) s"
        case .connectionLost: "the connection was lost"
        case .resentDifferently: "a change the server lost came out differently when sent again"
        case .interrupted: "interrupted"
        case .reported(let text): text
        }
    }

    func describeEndingRun(_ error: PostgresError) -> String {
        switch error {
        case .interrupted(let server):
            "Stopped waiting for \(server) (interrupted) and gave the connection up; nothing was changed, and kiosk stops here."
        case .connectionLost(let server, let reason):
            "Lost the connection to \(server) (\(reason)); nothing was changed, and kiosk stops here. When the server is back, 'stock' and 'sales' show what the database holds."
        case .unanswered(let server, let waited):
            "\(server) sent no answer for \(waited.wholeMilliseconds / 1_000) s (the server or the network is not responding), so kiosk gave the connection up and stops here. When the server answers again, 'stock' and 'sales' show what the database holds."
        default: describe(error)
        }
    }

    private func tamperedStock(path: String, fruit: String, column: String, value: String, maximum: Int?) -> String {
        let rule =
            column == "max" || column == "maximum"
            ? "a shelf max is a whole number of at least 1"
            : "a level is a whole number from 0 to its shelf's max" + (maximum.map { " (\($0))" } ?? "")
        return
            "The stock row of \(Sanitized.text(fruit)) in \(path) holds \(column) \(Sanitized.text(value)), which kiosk never writes: \(rule). Correct the row or restore a backup; nothing was changed."
    }

    /// An argument as errors name it: `<count>`, or an option as typed (`--over`).
    private func label(_ name: String) -> String { name.hasPrefix("--") ? name : "<\(name)>" }

    func describe(_ error: ParseError) -> String {
        switch error {
        case .unterminatedQuote(let quote, let column):
            return "Unterminated \(quote) quote starting at column \(column). Close it with \(quote)."
        case .danglingEscape(let column):
            return "A backslash at column \(column) escapes nothing. Remove it or write \\\\ for a backslash."
        case .unknownCommand(let given, let suggestion):
            let hint = suggestion.map { "Did you mean '\($0)'?" } ?? "Type 'help' to list commands."
            return "Unknown command '\(Sanitized.text(given))'. \(hint)"
        case .missingSubcommand(let command, let subcommands):
            return "'\(command)' needs one of: \(subcommands.joined(separator: ", ")). Try 'help \(command)'."
        case .unknownSubcommand(let command, let given, let suggestion, let subcommands):
            let hint =
                suggestion.map { "Did you mean '\(command) \($0)'?" }
                ?? "Use one of: \(subcommands.joined(separator: ", "))."
            return "Unknown subcommand '\(Sanitized.text(given))' for '\(command)'. \(hint)"
        case .missingArgument(let name, let usage):
            return "Missing \(label(name)). Usage: \(usage)"
        case .extraArgument(let given, let usage):
            return "Unexpected argument '\(Sanitized.text(given))'. Usage: \(usage)"
        case .countAfterCountsFirst(let given, let fix, let usage):
            let command = usage.split(separator: " ").first.map(String.init) ?? ""
            return
                "The count '\(Sanitized.text(given))' comes after its juice, but the first count came before one: "
                + "between commas, write every count before its juice or every count after it. "
                + "Separate the juices with a comma: '\(command) \(Sanitized.text(fix))'."
        case .notANumber(let name, let given, let usage):
            return "\(label(name)) must be a whole number, not '\(Sanitized.text(given))'. Usage: \(usage)"
        case .outOfRange(let name, let given, let range):
            return
                "\(label(name)) must be between \(range.lowerBound) and \(range.upperBound), not \(Sanitized.text(given))."
        case .unknownValue(let noun, let given, let suggestion, let choices):
            let hint =
                suggestion.map { "Did you mean '\($0)'?" }
                ?? "Choose one of: \(choices.joined(separator: ", "))."
            return "Unknown \(noun) '\(Sanitized.text(given))'. \(hint)"
        case .unknownFlag(let given, let usage):
            return "Unknown option '\(Sanitized.text(given))'. Usage: \(usage)"
        case .missingOptionValue(let option, let name, let usage):
            return "\(option) needs a \(label(name)) after it. Usage: \(usage)"
        case .notADay(let name, let given, let usage):
            return
                "\(label(name)) must be today, yesterday or a date as YYYY-MM-DD, not '\(Sanitized.text(given))'. Usage: \(usage)"
        case .notADuration(let name, let given, let usage):
            return
                "\(label(name)) must be a length of time with its unit (ms, s, m or h: 700ms, 45s, 10m, 1.5h), not '\(Sanitized.text(given))'. Usage: \(usage)"
        case .durationOutOfRange(let name, let given, let range):
            return
                "\(label(name)) must be from \(range.lowerBound.typedSpelling) to \(range.upperBound.typedSpelling), not \(Sanitized.text(given))."
        case .notARate(let name, let given, let usage):
            return
                "\(label(name)) must be a number per s, min or h (2/min, 60/h, 0.5/s), more than 0, not '\(Sanitized.text(given))'. Usage: \(usage)"
        case .rateOutOfRange(let name, let given, let range):
            return
                "\(label(name)) must be from \(range.lowerBound) to \(range.upperBound), not \(Sanitized.text(given))."
        case .conflictingArguments(let first, let second, let usage):
            return "Give either \(first) or \(second), not both. Usage: \(usage)"
        case .badPlanArgument(let problem):
            return describe(PlanError(problem))
        case .commandOfGroups(let given, let commands):
            let named = commands.map { "'\($0)'" }
            let choices =
                named.count > 1
                ? named.dropLast().joined(separator: ", ") + " or " + (named.last ?? "") : named.joined()
            return "Unknown command '\(Sanitized.text(given))'. Did you mean \(choices)?"
        case .unknownUser(let user, let given):
            return
                "No user '\(Sanitized.text(user))' here, so '\(Sanitized.text(given))' names no home directory. Write the path out, or quote it to keep the '~'."
        }
    }

    func describe(_ error: InvocationError) -> String {
        switch error {
        case .missingValue(let command, let argument):
            "Internal error: '\(command)' ran without its <\(argument)>. Please report this."
        case .wrongType(let command, let argument, let expected):
            "Internal error: '\(command)' expected its <\(argument)> to be a \(expected). Please report this."
        }
    }

    func cannotSaveHistory(path: String, reason: String) -> String {
        "Cannot save the history to '\(path)': \(reason). Set KIOSK_HISTFILE to a writable file."
    }

    func cannotReadScript(path: String, failure: ReadableFile.Failure) -> String {
        switch failure {
        // A path that cannot be searched is `unreadable`, with the system's reason.
        case .missing: "Cannot read script '\(path)': no such file."
        case .directory:
            "Cannot read script '\(path)': it is a directory. Give a file, a pipe, or '-' for standard input."
        case .notAFileOrPipe(let kind):
            "Cannot read script '\(path)': it is a \(describe(kind)), not a file or a pipe. Give a file, a pipe, or '-' for standard input."
        case .unreadable(let reason): "Cannot read script '\(path)': \(reason)."
        }
    }

    func unexpected(_ error: String) -> String { "Unexpected error: \(error)" }

    func shelfLimitChanged(fruit: String, stored: Int, configured: Int, loweredFrom: Int?) -> String {
        "warning: the database kept \(fruit)'s shelf max at \(stored); this config says \(configured), which every kiosk on this database uses from now on."
            + (loweredFrom.map { " The shelf held \($0), so its stock is now \(configured) (recorded in the ledger)." }
                ?? "")
    }

    func unreadableTimeZone(_ value: String) -> String {
        "warning: TZ='\(value)' names no time zone kiosk can read, so the days of 'sales' are counted in UTC. Name the zone (TZ=Asia/Seoul)."
    }

    func cannotWriteOutput(reason: String) -> String {
        "Cannot write to standard output: \(reason). Stopped; the rest of the output is lost."
    }
}
