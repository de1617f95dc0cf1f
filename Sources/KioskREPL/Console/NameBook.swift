import KioskCore

/// Display names from the config, for event text, made safe to print once, when the
/// config is read, rather than on every event.
struct NameBook: Sendable {
    private let fruits: [String: String]
    private let juices: [String: String]
    /// Desk and office names by place id, and by the task id of a classic desk.
    private let desks: [String: String]
    private let tasks: [String: String]
    private let grades: [String: String]
    private let stages: [String: String]
    private let multiStageTasks: Set<String>
    /// Whether the bank has more than one grade, so that events name a customer's grade.
    let hasGrades: Bool

    /// A book without names: every id stands for itself.
    init() {
        fruits = [:]
        juices = [:]
        desks = [:]
        tasks = [:]
        grades = [:]
        stages = [:]
        multiStageTasks = []
        hasGrades = false
    }

    init(config: KioskConfig) {
        func book(_ pairs: [(String, String)]) -> [String: String] {
            Dictionary(pairs.map { ($0, Sanitized.text($1, limit: 64)) }, uniquingKeysWith: { first, _ in first })
        }
        fruits = book(config.fruits.map { ($0.id, $0.name) })
        juices = book(config.juices.map { ($0.id, $0.name) })
        let bank = config.bank
        desks = book(bank.places.map { ($0.id, $0.name) } + bank.desks.map { ($0.task, $0.name) })
        tasks = book(bank.tasks.map { ($0.id, $0.id) })
        grades = book(bank.grades.map { ($0.id, $0.name) })
        stages = book(bank.tasks.flatMap { $0.stages.map { ($0.id, $0.id) } })
        multiStageTasks = Set(bank.tasks.filter { $0.stages.count > 1 }.map(\.id))
        hasGrades = bank.grades.count > 1
    }

    func fruit(_ id: String) -> String { fruits[id] ?? Sanitized.text(id, limit: 64) }
    func juice(_ id: String) -> String { juices[id] ?? Sanitized.text(id, limit: 64) }
    /// The name of a desk or office, by its id (or a classic desk's task id).
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
