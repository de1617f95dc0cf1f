import KioskCore

/// Display names from the config, for event text.
struct NameBook: Sendable {
    private let fruits: [String: String]
    private let juices: [String: String]
    private let desks: [String: String]
    private let juiceAliases: [String: [String]]

    /// A book without names: every id stands for itself.
    init() {
        fruits = [:]
        juices = [:]
        desks = [:]
        juiceAliases = [:]
    }

    init(config: KioskConfig) {
        fruits = Dictionary(config.fruits.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        juices = Dictionary(config.juices.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        desks = Dictionary(config.bank.desks.map { ($0.task, $0.name) }, uniquingKeysWith: { first, _ in first })
        juiceAliases = Dictionary(config.juices.map { ($0.id, $0.aliases) }, uniquingKeysWith: { first, _ in first })
    }

    /// The juice's display name and aliases, safe to print: every other word `order` takes for it.
    func juiceSpellings(_ id: String) -> [String] {
        ([juices[id]].compactMap { $0 } + (juiceAliases[id] ?? [])).map { Sanitized.text($0, limit: 64) }
    }

    func fruit(_ id: String) -> String { Sanitized.text(fruits[id] ?? id, limit: 64) }
    func juice(_ id: String) -> String { Sanitized.text(juices[id] ?? id, limit: 64) }
    func desk(_ task: String) -> String { Sanitized.text(desks[task] ?? task, limit: 64) }
    /// A task id as typed (`deposit`), safe to print.
    func task(_ task: String) -> String { Sanitized.text(task, limit: 64) }
}
