import KioskCore

/// Display names from the config in the session's language, for results, errors and events.
struct NameBook: Sendable {
    private let fruits: [String: String]
    private let juices: [String: String]
    private let desks: [String: String]
    /// Tasks as a person reads them: the id in English (`deposit`, as typed), the desk's
    /// name in another language that gives one (`예금`).
    private let tasks: [String: String]

    /// A book without names: every id stands for itself.
    init() {
        fruits = [:]
        juices = [:]
        desks = [:]
        tasks = [:]
    }

    /// The names `config` gives in `language`; a name without a translation stays as configured.
    init(config: KioskConfig, language: Language = .english) {
        func named(_ id: String, _ name: String, _ translations: [String: String]) -> (String, String) {
            // Sanitized once here rather than at every result and event that shows it.
            (id, Sanitized.text(translations[language.rawValue] ?? name, limit: 64))
        }
        fruits = Dictionary(
            config.fruits.map { named($0.id, $0.name, $0.translations) }, uniquingKeysWith: { first, _ in first })
        juices = Dictionary(
            config.juices.map { named($0.id, $0.name, $0.translations) }, uniquingKeysWith: { first, _ in first })
        desks = Dictionary(
            config.bank.desks.map { named($0.task, $0.name, $0.translations) }, uniquingKeysWith: { first, _ in first })
        tasks = Dictionary(
            config.bank.desks.map { named($0.task, $0.task, language == .english ? [:] : $0.translations) },
            uniquingKeysWith: { first, _ in first })
    }

    func fruit(_ id: String) -> String { fruits[id] ?? Sanitized.text(id, limit: 64) }
    func juice(_ id: String) -> String { juices[id] ?? Sanitized.text(id, limit: 64) }
    func desk(_ task: String) -> String { desks[task] ?? Sanitized.text(task, limit: 64) }
    /// A task id as typed (`deposit`), safe to print.
    func task(_ task: String) -> String { tasks[task] ?? Sanitized.text(task, limit: 64) }
}
