import Bank
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage

/// kiosk's English.
struct EnglishCatalog: MessageCatalog {
    // MARK: - The command line

    /// The environment variables kiosk reads, for `--help` and the man page.
    static let environment: [(name: String, meaning: String)] = [
        ("KIOSK_CONFIG", "The config file to read when --config is not given."),
        ("KIOSK_DATABASE", "The PostgreSQL database to share, when --database is not given."),
        ("KIOSK_HISTFILE", "The prompt's history file (default $XDG_STATE_HOME/kiosk/history)."),
        ("KIOSK_LANG", "The language, en or ko, when --lang is not given (else LC_ALL, LC_MESSAGES or LANG)."),
        ("KIOSK_LIBPQ", "The libpq file to load for a PostgreSQL database (default libpq.so.5)."),
        ("NO_COLOR", "When set and not empty, no colour (no-color.org); so does TERM=dumb."),
        ("PAGER", "Pages long output at the prompt (default less; empty or cat pages nothing)."),
        ("TZ", "The time zone whose midnights start and end the days of 'sales'."),
        ("XDG_CONFIG_HOME", "The config is read from $XDG_CONFIG_HOME/kiosk/kiosk.toml (default ~/.config)."),
        ("XDG_DATA_HOME", "The database lives in $XDG_DATA_HOME/kiosk (default ~/.local/share)."),
        ("XDG_STATE_HOME", "The history lives in $XDG_STATE_HOME/kiosk (default ~/.local/state)."),
    ]

    /// The exit codes of the user's contract.
    static let exitStatuses: [(code: Int, meaning: String)] = [
        (0, "Every command succeeded."),
        (1, "A command failed (the others still ran, unless --bail)."),
        (64, "Bad usage: an unknown flag, a bad flag value, an unreadable --file."),
        (74, "Storage I/O: the data directory or the database cannot be used, or standard output cannot be written."),
        (78, "A bad config."),
        (130, "Interrupted by Ctrl-C (SIGTERM exits 143, SIGHUP 129)."),
        (141, "The reader of standard output went away (a broken pipe)."),
    ]

    var manDescription: String {
        """
        kiosk runs a juice bar and a bank counter from one prompt. On a terminal with no \
        -c, --file or command words it starts an interactive prompt; type 'help' there. \
        Otherwise it runs the command given after the flags, the -c commands, the script \
        file, or the lines of standard input, and exits. A '#' that starts a word begins a \
        comment. The commands are listed below.
        """
    }

    var manFiles: String {
        """
        $XDG_DATA_HOME/kiosk/kiosk.sqlite holds the stock, the sales and the bank sessions; \
        $XDG_STATE_HOME/kiosk/history the prompt's history; $XDG_CONFIG_HOME/kiosk/kiosk.toml \
        the config, when present.
        """
    }

    /// The part of `--help` after the options: what runs, the environment, the exit codes.
    static var commandLineDiscussion: String {
        let width = environment.map(\.name.count).max() ?? 0
        let variables = environment.map { variable in
            "  " + variable.name + String(repeating: " ", count: width - variable.name.count + 2) + variable.meaning
        }
        return """
            With no options on a terminal, kiosk starts an interactive prompt; type 'help' there.
            Otherwise it runs the command given after the flags ('kiosk menu', 'kiosk order \
            banana 2'), the -c commands, the --file script or standard input, and exits.

            Environment:
            \(variables.joined(separator: "\n"))

            Exit codes: 0 ok, 1 a command failed, 64 bad usage, 74 storage I/O error
            (or standard output cannot be written), 78 bad config, 130 interrupted,
            141 the reader of standard output went away.
            """
    }

    // MARK: - Help

    func help(for name: String, context: HelpContext) -> CommandHelp {
        switch name {
        case "help":
            return CommandHelp(summary: "Lists the commands, or shows how to use one.")
        case "menu":
            return CommandHelp(
                summary: "Lists every juice, its recipe, and how many the stock makes now.",
                discussion: "'can make' counts whole juices from the fruit on the shelves right now.")
        case "order":
            let counts = Inventory.orderCounts
            return CommandHelp(
                summary: "Makes juice, taking every fruit it needs or none at all.",
                arguments: [
                    "juice": "by its id, name or alias, in any case",
                    "count": "how many juices; default 1",
                ],
                discussion: """
                    An order checks every fruit for all the juices before taking any: it is made \
                    in full or not at all. When fruit is short, the error names each missing fruit \
                    with what the order needs and what the shelf has, and the 'stock add' that fixes it.
                    A name of several words needs no quotes: the longest run of words that names \
                    a juice is taken, and a number after it is the count. Quote a name to stop \
                    at it. Up to \(counts.upperBound) juices an order.
                    """)
        case "stock":
            return CommandHelp(
                summary: "Shows how much of each fruit is on the shelves.",
                discussion: """
                    Each shelf holds from 0 up to its max. Change it with 'stock set', 'stock add' \
                    and 'stock remove', for one fruit or several at once (a fruit and an amount, \
                    then the next), all of them or none; 'stock fill' fills shelves to their max; 'stock reset' \
                    restores the configured stock.
                    """)
        case "stock set":
            return CommandHelp(
                summary: "Puts exactly this many of a fruit on its shelf.",
                arguments: ["fruit": "by its id or name", "amount": "up to the shelf's max"],
                discussion: Self.severalFruits)
        case "stock add":
            return CommandHelp(
                summary: "Adds fruit to its shelf, up to the shelf's max.",
                arguments: ["fruit": "by its id or name", "amount": "at most the room left on the shelf"],
                discussion: Self.severalFruits)
        case "stock remove":
            return CommandHelp(
                summary: "Takes fruit off its shelf, down to none.",
                arguments: ["fruit": "by its id or name", "amount": "at most what the shelf has"],
                discussion: Self.severalFruits)
        case "stock fill":
            return CommandHelp(
                summary: "Fills shelves to their max: the fruits named, or every fruit.",
                arguments: ["fruit": "by its id or name; default every fruit"],
                discussion: "Every shelf named is filled in one change, recorded in the ledger.")
        case "stock reset":
            return CommandHelp(summary: "Puts every fruit back to its configured initial stock.")
        case "sales":
            return CommandHelp(
                summary: "Shows the orders of a day or a range of days, per juice, with the fruit they used.",
                arguments: [
                    "day": "default today", "all": "every order ever recorded",
                    "from": "the first day counted", "to": "the last day counted, in full",
                ],
                discussion: """
                    A day runs from midnight to midnight in the kiosk's local time zone (TZ), so \
                    'sales yesterday' run at 00:05 reports the whole day before. Give a day, a \
                    range (--from, --to, either may be left out) or --all, not two of them.
                    """)
        case "bank open":
            let range = context.customers
            return CommandHelp(
                summary: "Opens the bank: customers take tickets and the clerks serve them in the background.",
                arguments: ["customers": "default: a random number from \(range.lowerBound) to \(range.upperBound)"],
                discussion: """
                    Each customer comes for a random task. The command returns at once; service \
                    events follow as they happen. --seed makes counts and tasks reproducible.
                    """)
        case "bank add":
            return CommandHelp(
                summary: "Adds customers to the lines; opens the bank if it is idle.",
                arguments: [
                    "customers": "default \(context.defaultAdmission)",
                    "task": "default: a random task for each customer",
                    "over": "arrivals evenly spread over this time, the first now",
                    "rate": "arrivals as a Poisson stream at this mean rate (drawn from --seed)",
                ],
                discussion:
                    "Tickets go on from the last one handed out; only 'bank reset' starts them at 1 again. In a bank with grades, a grade may follow the task; without one, each customer gets a random grade by the grades' shares."
            )
        case "bank status":
            return CommandHelp(
                summary: "Shows each desk's waiting tickets, whom each clerk serves, and the business time.")
        case "bank wait":
            return CommandHelp(
                summary: "Waits until every customer is served, then shows the summary.",
                discussion: "Ctrl-C stops the waiting, not the bank: the clerks go on serving.")
        case "bank report":
            return CommandHelp(
                summary:
                    "Per task and grade: customers, mean, p50, p95 and longest wait; how busy each desk and office was.",
                discussion: "A wait is the time a customer spent in lines, over all the stages of their task.")
        case "bank plan":
            return CommandHelp(
                summary: "Finds the cheapest staffing that meets a service target, by simulating days in virtual time.",
                arguments: [
                    "hours": "opening hours of a day, default 8",
                    "rate": "arrivals of a task: deposit=60/h or 2/m; default 60 an hour split by the tasks' shares",
                    "service": "fixed or exponential; default: as configured",
                    "target": "\"85% within 1m\" or \"mean within 45s\"; default 85% within 1m",
                    "clerks": "a desk's bounds: deposit=2..6; default its clerks to 20 more",
                    "replications": "days simulated per staffing, default 20",
                    "cost": "what one clerk there costs, a whole number; default 1",
                    "plot": "also writes an SVG chart there",
                ],
                discussion: """
                    Customers arrive as Poisson streams from an empty bank; those still waiting at closing are \
                    served. The cheapest staffing whose 95% lower bound meets the target for every task is \
                    recommended.
                    """)
        case "bank export":
            return CommandHelp(
                summary: "Writes a row per customer who finished, with each stage's times, as CSV or JSON Lines.",
                arguments: [
                    "file": "where to write; .csv or .jsonl chooses the format",
                    "format": "whatever the file's name says",
                ],
                discussion:
                    "A row holds the ticket, task, grade and arrival, and each stage's desk, clerk, start and end, in milliseconds of bank time. The file is replaced. The customers are those 'bank report' counts: since the bank opened or was last reset."
            )
        case "bank reset":
            return CommandHelp(
                summary: "Cancels all service and every waiting customer; tickets and the timer start over.")
        case "bank history":
            return CommandHelp(
                summary: "Lists the latest bank sessions: when they opened, whom they served, business time.",
                arguments: ["count": "how many sessions, default 10"])
        case "history":
            return CommandHelp(
                summary: "Lists the lines typed at the prompt, oldest first.",
                arguments: ["count": "how many of the last lines; default 20"],
                discussion: """
                    The history is kept in $KIOSK_HISTFILE, or $XDG_STATE_HOME/kiosk/history \
                    (~/.local/state/kiosk/history), up to \(context.historyCapacity) lines. \
                    A line that starts with a space is not kept.
                    """)
        case "bank watch":
            return CommandHelp(
                summary: "Shows the bank full screen as it serves: lines, clerks, the timer, the latest events.",
                discussion: """
                    Keys: a adds 10 customers, A adds 100, r resets (asks first), ? lists the keys, \
                    q, Esc or Ctrl-C go back to the prompt while the bank goes on serving. \
                    It needs the interactive prompt on a terminal.
                    """)
        case "events":
            return CommandHelp(
                summary: "Shows or chooses what the bank prints above the prompt.",
                arguments: [
                    "mode": """
                    all: every service start and end; summary: one line of totals at most once a second; \
                    off: only the closing summary
                    """
                ],
                discussion: """
                    Results of your own commands always show. At the prompt the choice is remembered \
                    in the settings file beside the history ($XDG_STATE_HOME/kiosk/settings).
                    """)
        case "quit":
            return CommandHelp(
                summary: "Leaves kiosk (Ctrl-D does the same at an empty prompt).",
                discussion: """
                    At the prompt with customers still at the bank, the first 'quit' or Ctrl-D \
                    warns and leaves them be; a second one in a row sends them away and names \
                    their tickets. In a script, reading stops and the bank finishes its work \
                    first, as at the end of the script.
                    """)
        case "clear":
            return CommandHelp(summary: "Clears the screen (Ctrl-L does the same at the prompt).")
        default:
            return CommandHelp(summary: "")
        }
    }

    var helpOverviewTitle: String { "Commands:" }
    func helpGroupTitle(_ group: String) -> String { "'\(group)' commands:" }
    var helpUsageColumn: String { "usage" }
    var helpSummaryColumn: String { "what it does" }
    var helpMoreHint: String { "Type 'help <command>' for its arguments and examples." }
    func helpUsage(_ usage: String) -> String { "Usage: \(usage)" }
    var helpArgumentColumn: String { "argument" }
    var helpAcceptsColumn: String { "accepts" }
    var helpSubcommands: String { "Subcommands:" }
    func helpAlso(_ aliases: [String]) -> String { "Also: \(aliases.joined(separator: ", "))" }
    var helpExamples: String { "Examples:" }
    func accepts(integersFrom low: Int, to high: Int) -> String { "a whole number from \(low) to \(high)" }
    func accepts(choice noun: String, ids: [String]) -> String { "a \(noun): \(ids.joined(separator: ", "))" }
    var acceptsCommandName: String { "a command name" }
    var acceptsDay: String { "today, yesterday, or a date as YYYY-MM-DD" }
    func accepts(durationsFrom low: String, to high: String) -> String {
        "a length of time with its unit (ms, s, m, h: 700ms, 45s, 10m, 1.5h) from \(low) to \(high)"
    }
    func accepts(ratesFrom low: String, to high: String) -> String {
        "a number per s, min or h (2/min, 60/h) from \(low) to \(high)"
    }

    func helpTopic(_ topic: HelpTopicKind) -> String {
        switch topic {
        case .shop: "Juice bar:"
        case .bank: "Bank:"
        case .session: "Kiosk:"
        }
    }

    var helpNamesHint: String {
        "Words after '#' are a comment. '?' is help too."
    }

    private static let severalFruits =
        "Name several fruits, each with its amount, to change them in one go: all of them, or none if one cannot be."

    // MARK: - Shop

    func orderMade(count: Int, juice: String) -> String { "Made \(count) \(juice)." }

    func stockUsed(_ changes: [(fruit: String, old: Int, new: Int)]) -> String {
        // Every order prints this line: appended in place, without a string per fruit.
        var text = "Stock: "
        for (position, change) in changes.enumerated() {
            if position > 0 { text += ", " }
            text += change.fruit
            text += " "
            text += String(change.old)
            text += " -> "
            text += String(change.new)
        }
        return text
    }

    func stockStays(fruit: String, level: Int, maximum: Int) -> String {
        "\(fruit) stays at \(level) (max \(maximum))."
    }

    func stockMoved(fruit: String, old: Int, new: Int, maximum: Int) -> String {
        "\(fruit): \(old) -> \(new) (max \(maximum))."
    }

    var stockResetDone: String { "Stock reset to the configured amounts." }
    var menuColumns: (juice: String, name: String, recipe: String, canMake: String) {
        ("juice", "name", "recipe", "can make")
    }
    var stockColumns: (fruit: String, name: String, stock: String, maximum: String) {
        ("fruit", "name", "stock", "max")
    }

    func amounts(_ pairs: [(name: String, amount: Int)]) -> String {
        pairs.map { "\($0.name) \($0.amount)" }.joined(separator: ", ")
    }

    func salesHeading(_ period: SalesPeriod, juices: Int) -> String {
        "Sales, \(days(period)): \(juices) \(plural(juices, "juice", "juices"))"
    }

    func noSales(_ period: SalesPeriod) -> String {
        switch period.span {
        case .all: "No orders recorded yet."
        case .today: "No orders today (\(period.first.map(String.init(describing:)) ?? "?"))."
        case .day, .range: "No orders \(days(period))."
        }
    }

    /// "today (2026-11-24)", "2026-11-23", "2026-11-01 to 2026-11-30", "since 2026-11-01".
    private func days(_ period: SalesPeriod) -> String {
        switch (period.span, period.first, period.last) {
        case (.all, _, _), (_, nil, nil): return "all time"
        case (.today, let first?, _): return "today (\(first))"
        case (_, let first?, let last?) where first == last: return "on \(first)"
        case (_, let first?, let last?): return "from \(first) to \(last)"
        case (_, let first?, nil): return "since \(first)"
        case (_, nil, let last?): return "until \(last)"
        }
    }

    var salesColumns: (juice: String, made: String, orders: String, fruitUsed: String) {
        ("juice", "made", "orders", "fruit used")
    }

    func fruitUsedInAll(_ amounts: String) -> String { "Fruit used in all: \(amounts)" }

    func soldOut(juice: String, lacking: [(fruit: String, have: Int, need: Int)]) -> String {
        let reasons = lacking.map { "\($0.fruit) \($0.have) left, needs \($0.need)" }
        return "\(juice) is sold out: \(reasons.joined(separator: ", "))."
    }

    func availableAgain(juice: String) -> String { "\(juice) is available again." }

    func menuAliases(_ juices: [(id: String, aliases: [String])]) -> String {
        "Also ordered as: "
            + juices.map { juice in
                juice.aliases.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: ", ") + " (\(juice.id))"
            }.joined(separator: "; ") + "."
    }

    func stockFilled(_ fruits: Int) -> String {
        fruits == 1 ? "Filled 1 shelf to its max." : "Filled \(fruits) shelves to their max."
    }

    var stockEditedTogether: String { "Stock changed in one go:" }

    // MARK: - Bank

    func admitted(customers: Int, tickets: ClosedRange<Int>, byTask: String, opened: Bool) -> String {
        let who =
            customers == 1
            ? "1 customer took ticket #\(tickets.lowerBound)"
            : "\(customers) customers took tickets #\(tickets.lowerBound)–#\(tickets.upperBound)"
        return (opened ? "Bank open: " : "") + "\(who) (\(byTask))."
    }

    func bankOpenHeadline(time: String, served: Int, waiting: Int, inService: Int) -> String {
        "Bank open · business time \(time) · served \(served) · \(waiting) waiting · \(inService) in service"
    }

    var bankNeverOpenedHeadline: String { "Bank closed · no customers yet; 'bank open' lets them in" }

    func bankClosedHeadline(time: String, served: Int) -> String {
        "Bank closed · business time \(time) · served \(served)"
    }

    var statusColumns: (desk: String, clerk: String, serving: String, until: String, served: String, waiting: String) {
        ("Desk", "Clerk", "Serving", "Until", "Served", "Waiting")
    }
    var clerkIdle: String { "idle" }
    var noReport: String { "Nobody has finished a task yet: 'bank open' lets customers in." }
    var reportColumns:
        (task: String, grade: String, customers: String, mean: String, median: String, p95: String, longest: String)
    { ("Task", "Grade", "Customers", "Mean wait", "p50", "p95", "Max") }
    var utilisationColumns: (desk: String, clerks: String, busy: String, share: String) {
        ("Desk", "Clerks", "Busy", "Utilisation")
    }
    func clerkHeld(ticket: Int) -> String { "#\(ticket) held" }
    var nobodyWaiting: String { "none" }
    func andMore(_ count: Int) -> String { "and \(count) more" }
    var allServed: String { "All customers are served." }
    var idleNeverOpened: String { "The bank is idle: nobody is waiting. 'bank open' lets customers in." }
    var idleNobodyWaiting: String { "The bank is idle: nobody is waiting." }

    func stoppedWaiting(waiting: Int, inService: Int) -> String {
        "Stopped waiting. The bank goes on serving: \(waiting) waiting, \(inService) in service."
    }

    var stoppedWaitingByReset: String { "Stopped waiting: the bank was reset." }
    var summaryColumns: (desk: String, clerks: String, served: String) { ("Desk", "Clerks", "Served") }
    var routeSummaryColumns: (task: String, route: String, served: String) { ("Task", "Route", "Served") }
    var summaryTotal: String { "Total" }
    func businessTime(_ time: String) -> String { "Business time \(time)." }
    var nothingToCancel: String { "Nobody was waiting or in service." }

    func cancelled(waiting: Int, inService: Int) -> String {
        "Cancelled \(waiting) waiting and \(inService) in-service \(plural(inService, "customer", "customers"))."
    }

    var noBankSessions: String { "No bank sessions recorded yet. Start one with 'bank open'." }
    var historyColumns:
        (number: String, opened: String, state: String, served: String, byTask: String, business: String)
    {
        ("#", "opened", "state", "served", "by task", "business")
    }

    func sessionState(ended: String?, idle: Bool) -> String {
        ended ?? (idle ? "idle" : "serving")
    }

    func recordingFailed(_ reason: String) -> String { "Recording the bank session failed: \(reason)" }

    func exported(customers: Int, path: String, format: String) -> String {
        "Exported \(customers) \(plural(customers, "customer", "customers")) to \(path) (\(format == "csv" ? "CSV" : "JSON Lines"))."
    }

    func describe(_ error: BankExportError, path: String) -> String {
        switch error {
        case .unknownFormat:
            "Cannot tell the format of '\(path)' from its name. End it in .csv or .jsonl, or add --format csv or --format jsonl."
        case .cannotWrite(_, let reason):
            "Cannot write '\(path)': \(reason). Choose a file in a directory you can write to."
        }
    }

    var acceptsPath: String { "a file's path" }

    func serviceStarted(time: String, ticket: Int, task: String, desk: String, clerk: Int) -> String {
        "[\(time)] #\(ticket) \(task) started at \(desk) clerk \(clerk)"
    }

    func serviceFinished(time: String, ticket: Int, task: String, desk: String, clerk: Int) -> String {
        "[\(time)] #\(ticket) \(task) finished at \(desk) clerk \(clerk)"
    }

    func serviceSubject(task: String, grade: String?, stage: String?) -> String {
        [grade, task, stage.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
    }

    func bankClosed(served: Int, byTask: String, time: String, seconds: String) -> String {
        "Bank closed: served \(served) \(plural(served, "customer", "customers")) (\(byTask)) in \(time) of business time."
    }

    func closingWaits(group: String, customers: Int, mean: String, p50: String, p95: String, longest: String) -> String
    {
        "  \(group) waited, \(customers) \(plural(customers, "customer", "customers")): mean \(mean) · p50 \(p50) · p95 \(p95) · max \(longest)"
    }

    var bankWasReset: String { "Bank reset: service cancelled, tickets and timer start over." }

    func skippedBankEvents(_ count: Int) -> String {
        "… \(count) bank \(plural(count, "event", "events")) not shown: the terminal fell behind."
    }

    // MARK: - Front end

    var historyEmpty: String { "The history is empty." }

    func banner(version: String, config: String, data: String) -> String {
        "kiosk \(version) · config: \(config) · \(data) · Type 'help' for commands, Ctrl-D to quit."
    }

    var inMemory: String { "in memory" }
    func dataIn(_ directory: String) -> String { "data in \(directory)" }
    func sharedDatabase(_ server: String) -> String { "database \(server)" }

    func quitWarning(waiting: Int, inService: Int) -> String {
        let customers = waiting + inService
        return "The bank still has \(customers) \(plural(customers, "customer", "customers")) "
            + "(\(waiting) waiting, \(inService) in service). "
            + "Leaving sends them away: 'quit' or Ctrl-D again to leave, 'bank wait' to serve them first."
    }

    func cancelledTickets(_ ranges: [(task: String, tickets: [ClosedRange<Int>])]) -> String {
        "Tickets sent away: "
            + ranges.map { entry in
                entry.task + " "
                    + entry.tickets.map { $0.count == 1 ? "#\($0.lowerBound)" : "#\($0.lowerBound)–#\($0.upperBound)" }
                    .joined(separator: ", ")
            }.joined(separator: "; ") + "."
    }

    func interrupted(cancelled: String?) -> String {
        ["Interrupted.", cancelled].compactMap { $0 }.joined(separator: " ")
    }

    // MARK: - Classic console

    var classicMenu: [String] { ["1 : Open the bank", "2 : Quit"] }
    var classicPrompt: String { "Input : " }
    var classicWrongInput: String { "Wrong input." }

    func classicStarted(ticket: Int, grade: String?, task: String) -> String {
        "Customer #\(ticket)\(grade.map { " (\($0))" } ?? "") \(task) started"
    }

    func classicFinished(ticket: Int, grade: String?, task: String) -> String {
        "Customer #\(ticket)\(grade.map { " (\($0))" } ?? "") \(task) finished"
    }

    func classicClosed(served: Int, seconds: String) -> String {
        "The bank is closed. Today we served \(served) \(plural(served, "customer", "customers")) "
            + "in \(seconds) seconds of business time."
    }

    // MARK: - Errors

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
            return "An order is for \(range.lowerBound) to \(range.upperBound) juices, not \(count)."
        case .invalidAmount(let amount):
            return "A stock amount must be 0 or more, not \(amount)."
        case .unknownFruit(let fruit):
            return "Unknown fruit '\(Sanitized.text(fruit))'. Type 'stock' to list the fruits."
        case .unknownJuice(let juice):
            return "Unknown juice '\(Sanitized.text(juice))'. Type 'menu' to list the juices."
        case .menuMismatch:
            return
                "The stock to reset to belongs to a different menu. Use 'stock reset' to restore the configured stock."
        case .invalidMenu(let problem):
            return "The menu cannot be used: \(problem). Fix the configuration file."
        case .invalidEdit(let kind):
            return
                "'\(kind.rawValue)' cannot change several fruits in one go. Use 'stock set', 'stock add' or 'stock remove'."
        case .invalidPeriod(let first, let last):
            return "The period ends on \(last), before it starts on \(first). Swap --from and --to."
        }
    }

    /// "Cannot make 1 Strawberry Juice: strawberry needs 16, has 10. Fix: stock add strawberry 6"
    private func describe(_ refusal: OrderRefusal) -> String {
        let lacks = refusal.shortages.map { "\($0.fruit) needs \($0.need), has \($0.have)" }
        let head =
            "Cannot make \(refusal.count) \(Sanitized.text(refusal.juiceName, limit: 64)): \(lacks.joined(separator: "; "))."
        guard refusal.count <= refusal.mostEverAvailable else {
            if refusal.mostEverAvailable == 0 {
                return "\(head) One juice needs more than a full shelf holds, so it cannot be made."
            }
            return "\(head) Full shelves make at most \(refusal.mostEverAvailable); order at most that many."
        }
        return "\(head) Fix: \(refusal.fixes.joined(separator: ", then "))"
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
            return
                "The bank holds at most \(capacity) customers at once and has \(present); it cannot take \(adding) more. "
                + "Wait for some to be served ('bank wait'), or add at most \(max(0, capacity - present))."
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
        }
    }

    func describe(_ error: PostgresError) -> String {
        switch error {
        case .unreachable(let server, let reason):
            "Cannot reach the database \(server): \(reason)"
        case .connectionLost(let server, let reason):
            "Lost the connection to \(server) (\(reason)); nothing was changed. The next command connects again."
        case .newerSchema(let server, let version, let known):
            "\(server) was written by a newer kiosk (schema \(version); this kiosk knows up to \(known)). Upgrade kiosk, or choose another --database."
        case .notKioskDatabase(let server):
            "\(server) holds tables that are not kiosk's. Choose an empty database with --database; kiosk will not write into this one."
        case .busy(let server, let waited):
            "\(server) kept the stock locked for \(waited.wholeMilliseconds / 1_000) s (another kiosk's transaction). Try again; nothing was changed."
        case .server(let server, let state, let message):
            "Database error in \(server): \(message)" + (state.isEmpty ? "" : " (SQLSTATE \(state))")
        case .clientLibraryUnavailable(let library, let reason):
            "Cannot load PostgreSQL's client library \(library) (\(reason)). Install libpq (libpq5 on Debian and Ubuntu), or set KIOSK_LIBPQ to its file."
        }
    }

    private func tamperedStock(path: String, fruit: String, column: String, value: String, maximum: Int?) -> String {
        let rule =
            column == "max"
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
        case .missing: "Cannot read script '\(path)': no such file or no permission."
        case .directory:
            "Cannot read script '\(path)': it is a directory. Give a file, a pipe, or '-' for standard input."
        case .notAFileOrPipe(let kind):
            "Cannot read script '\(path)': it is a \(describe(kind)), not a file or a pipe. Give a file, a pipe, or '-' for standard input."
        case .unreadable(let reason): "Cannot read script '\(path)': \(reason)."
        }
    }

    func unexpected(_ error: String) -> String { "Unexpected error: \(error)" }

    func shelfLimitChanged(fruit: String, stored: Int, configured: Int) -> String {
        "warning: the database kept \(fruit)'s shelf max at \(stored); this config says \(configured), which every kiosk on this database uses from now on."
    }

    func cannotWriteOutput(reason: String) -> String {
        "Cannot write to standard output: \(reason). Stopped; the rest of the output is lost."
    }

    private func plural(_ count: Int, _ one: String, _ other: String) -> String {
        count == 1 ? one : other
    }
}
