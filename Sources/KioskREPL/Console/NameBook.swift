import KioskCore

/// Display names from the config in the session's language, for results, errors and events,
/// made safe to print once, when the config is read, rather than at every result and event.
struct NameBook: Sendable {
    private let fruits: [String: String]
    private let juices: [String: String]
    /// Desk and office names by place id (a classic desk's id is its task).
    private let desks: [String: String]
    private let juiceAliases: [String: [String]]
    /// Tasks as a person reads them: the id in English (`deposit`, as typed), the task's
    /// name in another language that gives one (`예금`).
    private let tasks: [String: String]
    private let grades: [String: String]
    private let stages: [String: String]
    private let multiStageTasks: Set<String>
    /// Whether names are the config's English ones, which the live view shows as they are.
    private let isEnglish: Bool
    /// Whether the bank has more than one grade, so that events name a customer's grade.
    let hasGrades: Bool

    /// A book without names: every id stands for itself.
    init() {
        fruits = [:]
        juices = [:]
        desks = [:]
        juiceAliases = [:]
        tasks = [:]
        grades = [:]
        stages = [:]
        multiStageTasks = []
        isEnglish = true
        hasGrades = false
    }

    /// The names `config` gives in `language`; a name without a translation stays as configured.
    init(config: KioskConfig, language: Language = .english) {
        func book(_ entries: [(id: String, name: String, translations: [String: String])]) -> [String: String] {
            Dictionary(
                entries.map { ($0.id, Sanitized.text($0.translations[language.rawValue] ?? $0.name, limit: 64)) },
                uniquingKeysWith: { first, _ in first })
        }
        fruits = book(config.fruits.map { ($0.id, $0.name, $0.translations) })
        juices = book(config.juices.map { ($0.id, $0.name, $0.translations) })
        let bank = config.bank
        desks = book(bank.places.map { ($0.id, $0.name, $0.translations) })
        tasks = book(bank.tasks.map { ($0.id, $0.id, language == .english ? [:] : $0.translations) })
        grades = book(bank.grades.map { ($0.id, $0.name, $0.translations) })
        // English reads a stage by its id (`review`), as events and JSON name it; another
        // language by the stage's name in it (`대출심사`).
        stages = book(
            bank.tasks.flatMap { $0.stages.map { ($0.id, $0.id, language == .english ? [:] : $0.translations) } })
        multiStageTasks = Set(bank.tasks.filter { $0.stages.count > 1 }.map(\.id))
        isEnglish = language == .english
        hasGrades = bank.grades.count > 1
        juiceAliases = Dictionary(config.juices.map { ($0.id, $0.aliases) }, uniquingKeysWith: { first, _ in first })
    }

    /// The juice's display name and aliases, safe to print: every other word `order` takes for it.
    func juiceSpellings(_ id: String) -> [String] {
        var seen: Set<String> = []
        return ([juices[id]].compactMap { $0 } + (juiceAliases[id] ?? []).map { Sanitized.text($0, limit: 64) })
            .filter { seen.insert($0.lowercased()).inserted }
    }

    func fruit(_ id: String) -> String { fruits[id] ?? Sanitized.text(id, limit: 64) }
    /// A fruit as a line names it among amounts and commands: the id in English
    /// (`banana 10 -> 8`, `stock add banana 2`); in another language its name in it (`바나나`),
    /// else its name as configured (`name = "포도"`), as ``fruit(_:)`` gives and `stock` shows.
    func fruitWord(_ id: String) -> String { isEnglish ? id : fruit(id) }
    func juice(_ id: String) -> String { juices[id] ?? Sanitized.text(id, limit: 64) }
    /// The name of a desk or office, by its id (a classic desk's id is its task).
    func desk(_ id: String) -> String { desks[id] ?? Sanitized.text(id, limit: 64) }
    /// A task id as typed (`deposit`), safe to print.
    func task(_ task: String) -> String { tasks[task] ?? Sanitized.text(task, limit: 64) }
    /// A grade's display name (`VVIP`), by its id.
    func grade(_ id: String) -> String { grades[id] ?? Sanitized.text(id, limit: 64) }
    /// A stage id, safe to print.
    func stage(_ id: String) -> String { stages[id] ?? Sanitized.text(id, limit: 64) }
    /// Whether `task` has several stages, so that events name the stage.
    func isMultiStage(_ task: String) -> Bool { multiStageTasks.contains(task) }
}
