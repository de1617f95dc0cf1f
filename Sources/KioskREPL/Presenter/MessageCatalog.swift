import Bank
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage

/// Every sentence kiosk shows, keyed by what it says and the values it needs; one conforming
/// type per language (``EnglishCatalog``). The presenter composes results from these and
/// never words anything itself, so a second language is one more file, and a key missing
/// in it does not compile.
///
/// Names (`juice`, `fruit`, `desk`) arrive already sanitized and in display form.
protocol MessageCatalog: Sendable {
    // MARK: Help
    /// The summary, argument help and discussion of the command named `name` (`"stock set"`).
    func help(for name: String, context: HelpContext) -> CommandHelp
    var helpOverviewTitle: String { get }
    func helpGroupTitle(_ group: String) -> String
    var helpUsageColumn: String { get }
    var helpSummaryColumn: String { get }
    var helpMoreHint: String { get }
    func helpUsage(_ usage: String) -> String
    var helpArgumentColumn: String { get }
    var helpAcceptsColumn: String { get }
    var helpSubcommands: String { get }
    func helpAlso(_ aliases: [String]) -> String
    var helpExamples: String { get }
    func accepts(integersFrom low: Int, to high: Int) -> String
    func accepts(choice noun: String, ids: [String]) -> String
    var acceptsCommandName: String { get }
    var acceptsDay: String { get }
    /// A length of time from `low` to `high`, as typed (`1ms`, `168h`).
    func accepts(durationsFrom low: String, to high: String) -> String
    /// A rate from `low` to `high`, as typed (`1/h`, `1000000/s`).
    func accepts(ratesFrom low: String, to high: String) -> String
    /// The title of a group of commands in `help`: `.shop` is "Juice bar".
    func helpTopic(_ topic: HelpTopicKind) -> String
    /// Shown under the command list: how words and names are matched.
    var helpNamesHint: String { get }

    // MARK: Shop
    func orderMade(count: Int, juice: String) -> String
    func stockUsed(_ changes: [(fruit: String, old: Int, new: Int)]) -> String
    func stockStays(fruit: String, level: Int, maximum: Int) -> String
    func stockMoved(fruit: String, old: Int, new: Int, maximum: Int) -> String
    var stockResetDone: String { get }
    var menuColumns: (juice: String, name: String, recipe: String, canMake: String) { get }
    var stockColumns: (fruit: String, name: String, stock: String, maximum: String) { get }
    func amounts(_ pairs: [(name: String, amount: Int)]) -> String
    func salesHeading(_ period: SalesPeriod, juices: Int) -> String
    func noSales(_ period: SalesPeriod) -> String
    var salesColumns: (juice: String, made: String, orders: String, fruitUsed: String) { get }
    func fruitUsedInAll(_ amounts: String) -> String
    func soldOut(juice: String, lacking: [(fruit: String, have: Int, need: Int)]) -> String
    func availableAgain(juice: String) -> String
    /// Under `menu`: the other names each juice answers to.
    func menuAliases(_ juices: [(id: String, aliases: [String])]) -> String
    func stockFilled(_ fruits: Int) -> String
    var stockEditedTogether: String { get }

    // MARK: Bank
    func admitted(customers: Int, tickets: ClosedRange<Int>, byTask: String, opened: Bool) -> String
    func bankOpenHeadline(time: String, served: Int, waiting: Int, inService: Int, toArrive: Int) -> String
    var bankNeverOpenedHeadline: String { get }
    func bankClosedHeadline(time: String, served: Int) -> String
    var statusColumns: (desk: String, clerk: String, serving: String, until: String, served: String, waiting: String) {
        get
    }
    var clerkIdle: String { get }
    /// `bank report` before anyone has finished their task.
    var noReport: String { get }
    /// The columns of `bank report`'s waits: task, grade, customers, mean, p50, p95, max.
    var reportColumns:
        (task: String, grade: String, customers: String, mean: String, median: String, p95: String, longest: String)
    { get }
    /// The columns of `bank report`'s utilisation: desk or office, clerks, busy time, share.
    var utilisationColumns: (desk: String, clerks: String, busy: String, share: String) { get }
    // MARK: Bank plan
    /// The service target: `85% within 1m` (`share` nil: the mean wait within `within`).
    func planTarget(share: Double?, within: String) -> String
    /// The first line: target, opening hours, replications, and the rates (`deposit 40/h, loan 20/h`).
    func planHeadline(target: String, hours: String, replications: Int, rates: String) -> String
    /// The candidates table's first columns, and the mark of the recommendation.
    var planColumns: (staffing: String, cost: String, utilisation: String) { get }
    var planRecommendedMark: String { get }
    /// The cheapest staffing that meets the target.
    func planRecommended(staffing: String, cost: String) -> String
    /// No staffing within the bounds meets it: the best reached and what its worst task reaches.
    func planUnreachable(best: String, reaches: String) -> String
    /// The detail table's columns for one staffing.
    var planDetailColumns:
        (
            task: String, grade: String, customers: String, mean: String, p50: String, p95: String, within: String,
            theory: String
        )
    { get }
    /// The title of the detail table of `staffing`.
    func planDetailTitle(staffing: String) -> String
    /// The bar chart's title.
    var planChartTitle: String { get }
    /// A task whose theory lies outside the simulation's interval.
    var planTheoryDisagrees: String { get }
    /// Routes of several stages or shared desks: theory is only a guide there.
    var planNetworkNote: String { get }
    func describe(_ error: PlanError) -> String
    /// A clerk held by customer `ticket` while one of its stages is served elsewhere.
    func clerkHeld(ticket: Int) -> String
    var nobodyWaiting: String { get }
    func andMore(_ count: Int) -> String
    var allServed: String { get }
    var idleNeverOpened: String { get }
    var idleNobodyWaiting: String { get }
    func stoppedWaiting(waiting: Int, inService: Int) -> String
    var stoppedWaitingByReset: String { get }
    var summaryColumns: (desk: String, clerks: String, served: String) { get }
    /// The columns of the closing summary of a bank whose tasks take routes: task, route, served.
    var routeSummaryColumns: (task: String, route: String, served: String) { get }
    var summaryTotal: String { get }
    func businessTime(_ time: String) -> String
    var nothingToCancel: String { get }
    func cancelled(waiting: Int, inService: Int) -> String
    var noBankSessions: String { get }
    var historyColumns:
        (number: String, opened: String, state: String, served: String, byTask: String, business: String)
    {
        get
    }
    func sessionState(ended: String?, idle: Bool) -> String
    func recordingFailed(_ reason: String) -> String
    /// `bank export` wrote `customers` rows to `path` as `format` (`csv`, `jsonl`).
    func exported(customers: Int, path: String, format: String) -> String
    /// Why `bank export` failed; `path` is already made safe to print.
    func describe(_ error: BankExportError, path: String) -> String
    /// What a `.text` argument (a file's path) accepts.
    var acceptsPath: String { get }
    func serviceStarted(time: String, ticket: Int, task: String, desk: String, clerk: Int) -> String
    func serviceFinished(time: String, ticket: Int, task: String, desk: String, clerk: Int) -> String
    /// What a service line calls the customer's business: the task, with the grade (in a
    /// bank with grades) and the stage (of a task with several): `VIP loan (review)`.
    func serviceSubject(task: String, grade: String?, stage: String?) -> String
    /// `time` as mm:ss.SSS, `seconds` as the exercises print it (`6.60`).
    func bankClosed(served: Int, byTask: String, time: String, seconds: String) -> String
    /// One line of the closing summary's waits: the task (with its grade where the bank has
    /// grades), its customers, and their mean, p50, p95 and longest wait.
    func closingWaits(group: String, customers: Int, mean: String, p50: String, p95: String, longest: String) -> String
    var bankWasReset: String { get }
    func skippedBankEvents(_ count: Int) -> String

    // MARK: Front end
    var historyEmpty: String { get }
    func banner(version: String, config: String, data: String) -> String
    var inMemory: String { get }
    func dataIn(_ directory: String) -> String
    func sharedDatabase(_ server: String) -> String
    func interrupted(cancelled: String?) -> String
    /// The first `quit` or Ctrl-D while customers are at the bank.
    func quitWarning(waiting: Int, inService: Int, toArrive: Int) -> String
    /// Which tickets leaving cancelled, one range per task: `deposit #3–#7, loan #4`.
    func cancelledTickets(_ ranges: [(task: String, tickets: [ClosedRange<Int>])]) -> String

    // MARK: Classic console (`kiosk classic`)
    var classicMenu: [String] { get }
    var classicPrompt: String { get }
    var classicWrongInput: String { get }
    func classicStarted(ticket: Int, grade: String?, task: String) -> String
    func classicFinished(ticket: Int, grade: String?, task: String) -> String
    func classicClosed(served: Int, seconds: String) -> String

    // MARK: Errors
    func describe(_ error: JuiceError) -> String
    func describe(_ error: BankError) -> String
    func describe(_ error: StorageError) -> String
    func describe(_ error: PostgresError) -> String
    func describe(_ error: ParseError) -> String
    func describe(_ error: InvocationError) -> String
    func cannotSaveHistory(path: String, reason: String) -> String
    /// What is wrong on the command line (no "Error:" before it, no usage after it).
    func describe(_ problem: CommandLineProblem) -> String
    /// A usage error's line: the problem, then how to use kiosk.
    func usageLine(_ problem: String) -> String
    /// What is wrong in a configuration, without where: the file, line and key come before it.
    func describe(_ problem: ConfigProblem) -> String
    /// Where the configuration came from, for the banner: a path or the built-in default.
    func configOrigin(_ origin: ConfigLoader.Origin) -> String
    /// What a path names that is neither a file nor a pipe: "character device".
    func describe(_ kind: ReadableFile.Kind) -> String
    func cannotReadScript(path: String, failure: ReadableFile.Failure) -> String
    func unexpected(_ error: String) -> String
    func cannotWriteOutput(reason: String) -> String
    func shelfLimitChanged(fruit: String, stored: Int, configured: Int) -> String

    // MARK: Live view and events
    /// The words `bank watch` draws.
    var watchWords: WatchWords { get }
    func describe(_ error: WatchError) -> String
    /// `events`: the mode in effect, and where it is remembered.
    func eventsMode(_ mode: EventsMode, changed: Bool, rememberedIn path: String?) -> String
    func cannotSaveSettings(path: String, reason: String) -> String
    /// The line `events summary` prints at most once a second.
    func bankSummary(waiting: Int, inService: Int, served: Int, time: String) -> String
}

/// What help may mention about a command beyond its spec: the configured ranges.
struct HelpContext: Sendable {
    /// The configured range of customers `bank open` picks from.
    let customers: ClosedRange<Int>
    /// How many customers `bank add` admits by default.
    let defaultAdmission: Int
    /// How many lines the history keeps.
    let historyCapacity: Int
}

/// The words `help` shows for one command.
struct CommandHelp: Sendable {
    var summary: String
    /// Extra help per argument or flag name.
    var arguments: [String: String] = [:]
    var discussion: String?
}

/// The groups `help` lists commands in.
enum HelpTopicKind: Sendable, Equatable, CaseIterable {
    /// menu, order, stock, sales.
    case shop
    /// bank ...
    case bank
    /// help, history, clear, quit and whatever else the front end answers.
    case session
}

/// What every language writes the same way: file positions and lists of spellings.
extension MessageCatalog {
    /// One value of a choice with its other spellings: `mango-kiwi (Mango-Kiwi Juice, mangki, "mango kiwi")`.
    func choiceWithSpellings(_ id: String, _ spellings: [String]) -> String {
        let shown = spellings.map { $0.contains(" ") ? "\"\($0)\"" : $0 }
        return shown.isEmpty ? id : "\(id) (\(shown.joined(separator: ", ")))"
    }

    /// A configuration's error: `file:line: key: ` and the problem in this language.
    func describe(_ error: ConfigError) -> String {
        var location = Sanitized.text(error.file, limit: 256)
        if let line = error.line { location += ":\(line)" }
        let subject = error.key.map { "\(Sanitized.text($0)): " } ?? ""
        return "\(location): \(subject)\(describe(error.problem))"
    }
}
