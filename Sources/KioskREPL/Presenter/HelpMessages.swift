import KioskCore

/// The words of `help`: titles, columns, what each kind of argument accepts, and each
/// command's summary, argument help and discussion, found by its spec's ``CommandTopic``.
protocol HelpMessages: Sendable {
    /// The summary, argument help and discussion of a command, found by its spec's topic.
    func help(for topic: CommandTopic, context: HelpContext) -> CommandHelp
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
    /// Between what an argument accepts and its help: `; ` in English, ` · ` in Korean,
    /// which joins no sentences with a semicolon.
    var helpAcceptsSeparator: String { get }
    /// Whether `help` lists each command's Korean words (`재고 추가`) beside it.
    var listsKoreanCommandWords: Bool { get }
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

    /// What a `.text` argument (a file's path) accepts.
    var acceptsPath: String { get }
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

extension CommandTopic {
    /// The group `help` lists the command in.
    var group: HelpTopicKind {
        switch self {
        case .menu, .order, .stock, .stockSet, .stockAdd, .stockRemove, .stockFill, .stockReset, .sales, .salesExport:
            .shop
        case .bankOpen, .bankAdd, .bankStatus, .bankWait, .bankReport, .bankPlan, .bankExport, .bankReset,
            .bankHistory, .bankWatch, .bankPreset:
            .bank
        case .help, .history, .events, .quit, .clear: .session
        }
    }
}
