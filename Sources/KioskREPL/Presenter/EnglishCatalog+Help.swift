import JuiceMaker
import KioskCore

/// `help`, in English.
extension EnglishCatalog {
    func help(for topic: CommandTopic, context: HelpContext) -> CommandHelp {
        switch topic {
        case .help:
            return CommandHelp(summary: "Lists the commands, or shows how to use one.")
        case .menu:
            return CommandHelp(
                summary: "Lists every juice, its recipe, and how many the stock makes now.",
                discussion: "'can make' counts whole juices from the fruit on the shelves right now.")
        case .order:
            let counts = Inventory.orderCounts
            return CommandHelp(
                summary: "Makes juice, taking every fruit it needs or none at all.",
                arguments: [
                    "juice": "by its id, name or alias, in any case; a count (default 1) before or after it"
                ],
                discussion: """
                    An order checks every fruit for all the juices before taking any: it is made \
                    in full or not at all. When fruit is short, the error names each missing fruit \
                    with what the order needs and what the shelf has, and the 'stock add' that fixes it.
                    The count goes before or after the juice ('order 2 <juice>' or \
                    'order <juice> 2'). Several juices make one order, all or none, separated by \
                    commas or spaces ('order <juice>, <juice> 2').
                    A name of several words needs no quotes: the longest run of words that names \
                    a juice is taken. Quote a name to stop at it. Up to \(counts.upperBound) of \
                    each juice an order.
                    """)
        case .stock:
            return CommandHelp(
                summary: "Shows how much of each fruit is on the shelves.",
                discussion: """
                    Each shelf holds from 0 up to its max. Change it with 'stock set', 'stock add' \
                    and 'stock remove', for one fruit or several at once (a fruit and an amount, \
                    then the next), all of them or none; 'stock fill' fills shelves to their max; 'stock reset' \
                    restores the configured stock.
                    """)
        case .stockSet:
            return CommandHelp(
                summary: "Puts exactly this many of a fruit on its shelf.",
                arguments: ["fruit": "by its id or name", "amount": "up to the shelf's max"],
                discussion: Self.severalFruits)
        case .stockAdd:
            return CommandHelp(
                summary: "Adds fruit to its shelf, up to the shelf's max.",
                arguments: ["fruit": "by its id or name", "amount": "at most the room left on the shelf"],
                discussion: Self.severalFruits)
        case .stockRemove:
            return CommandHelp(
                summary: "Takes fruit off its shelf, down to none.",
                arguments: ["fruit": "by its id or name", "amount": "at most what the shelf has"],
                discussion: Self.severalFruits)
        case .stockFill:
            return CommandHelp(
                summary: "Fills shelves to their max: the fruits named, or every fruit.",
                arguments: ["fruit": "by its id or name; default every fruit"],
                discussion: "Every shelf named is filled in one change, recorded in the ledger.")
        case .stockReset:
            return CommandHelp(summary: "Puts every fruit back to its configured initial stock.")
        case .sales:
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
        case .salesExport:
            return CommandHelp(
                summary: "Writes a row per order line of a day or a range of days, as CSV or JSON Lines.",
                arguments: [
                    "file": "where to write; .csv or .jsonl chooses the format",
                    "day": "default today", "all": "every order ever recorded",
                    "from": "the first day written", "to": "the last day written, in full",
                ],
                discussion: """
                    The days are those 'sales' would report. A row holds the time (ISO 8601, local), \
                    the juice, the count, the kiosk that took it (named on PostgreSQL) and the fruit it \
                    took. The file is replaced whole, or left as it was if writing fails; a leading ~ \
                    is your home directory.
                    """)
        case .bankOpen:
            let range = context.customers
            return CommandHelp(
                summary: "Opens the bank: customers take tickets and the clerks serve them in the background.",
                arguments: ["customers": "default: a random number from \(range.lowerBound) to \(range.upperBound)"],
                discussion: """
                    Each customer comes for a random task. The command returns at once; service \
                    events follow as they happen. --seed makes counts and tasks reproducible.
                    """)
        case .bankAdd:
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
        case .bankStatus:
            return CommandHelp(
                summary: "Shows each desk's waiting tickets, whom each clerk serves, and the business time.")
        case .bankWait:
            return CommandHelp(
                summary: "Waits until every customer is served, then shows the summary.",
                discussion: "Ctrl-C stops the waiting, not the bank: the clerks go on serving.")
        case .bankReport:
            return CommandHelp(
                summary:
                    "Per task and grade: customers, mean, p50, p95 and longest wait; how busy each desk and office was.",
                discussion: "A wait is the time a customer spent in lines, over all the stages of their task.")
        case .bankPlan:
            return CommandHelp(
                summary: "Finds the cheapest staffing that meets a service target, by simulating days in virtual time.",
                arguments: [
                    "hours": "opening hours of a day, default 8",
                    "rate": "arrivals of a task: deposit=60/h or 2/m; default 60 an hour split by the tasks' shares",
                    "service": "fixed or exponential; default: as configured",
                    "target":
                        "\"85% within 2 minutes\", \"mean within 45s\" or a wait alone (\"2 min\"); default 85% within 1m",
                    "clerks": "a desk's bounds: deposit=2..6 (any case); default 1 to its clerks plus 20",
                    "replications": "days simulated per staffing, default 20",
                    "cost": "what one clerk there costs, a whole number; default 1",
                    "plot": "also writes an SVG chart there",
                ],
                discussion: """
                    Customers arrive as Poisson streams from an empty bank; those still waiting at closing are \
                    served. The cheapest staffing whose 95% lower bound meets the target for every task is \
                    recommended.
                    """)
        case .bankExport:
            return CommandHelp(
                summary: "Writes a row per customer who finished, with each stage's times, as CSV or JSON Lines.",
                arguments: [
                    "file": "where to write; .csv or .jsonl chooses the format",
                    "format": "whatever the file's name says",
                ],
                discussion:
                    "A row holds the ticket, task, grade and arrival, and each stage's desk, clerk, start and end, in milliseconds of bank time. The file is replaced. The customers are those 'bank report' counts: since the bank opened or was last reset."
            )
        case .bankReset:
            return CommandHelp(
                summary: "Cancels all service and every waiting customer; tickets and the timer start over.")
        case .bankHistory:
            return CommandHelp(
                summary: "Lists the latest bank sessions: when they opened, whom they served, business time.",
                arguments: ["count": "how many sessions, default 10"])
        case .history:
            return CommandHelp(
                summary: "Lists the lines typed at the prompt, oldest first.",
                arguments: ["count": "how many of the last lines; default 20"],
                discussion: """
                    The history is kept in $KIOSK_HISTFILE, or $XDG_STATE_HOME/kiosk/history \
                    (~/.local/state/kiosk/history), up to \(context.historyCapacity) lines. \
                    A line that starts with a space is not kept.
                    """)
        case .bankWatch:
            return CommandHelp(
                summary: "Shows the bank full screen as it serves: lines, clerks, the timer, the latest events.",
                discussion: """
                    Keys: a adds 10 customers, A adds 100, r resets (asks first), ? lists the keys, \
                    q, Esc or Ctrl-C go back to the prompt while the bank goes on serving. \
                    It needs the interactive prompt on a terminal.
                    """)
        case .bankPreset:
            return CommandHelp(
                summary: "Names the bank preset in force, or builds the bank again from another.",
                arguments: ["preset": "the preset to build the bank from"],
                discussion:
                    "Only while the bank is idle: nobody waiting, in service or still to arrive. The new bank is the one --preset NAME starts with: tickets from #1, a new session in 'bank history'."
            )
        case .events:
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
        case .quit:
            return CommandHelp(
                summary: "Leaves kiosk (Ctrl-D does the same at an empty prompt).",
                discussion: """
                    At the prompt with customers still at the bank, the first 'quit' or Ctrl-D \
                    warns and leaves them be; a second one in a row sends them away and names \
                    their tickets. In a script, reading stops and the bank finishes its work \
                    first, as at the end of the script.
                    """)
        case .clear:
            return CommandHelp(summary: "Clears the screen (Ctrl-L does the same at the prompt).")
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
    var helpAcceptsSeparator: String { "; " }
    var listsKoreanCommandWords: Bool { false }
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
}
