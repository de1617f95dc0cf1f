import KioskCore

/// The classic console's words for a stage served at an office, which the 2021-05
/// exercise prints by the stage's own name (`3번 VIP고객 대출심사 시작`) rather than as one
/// more line of the task's business, as the stages at the customer's desk are.
protocol ClassicCatalog: Sendable {
    /// A clerk of an office started `stage` for customer `ticket` (of `grade`, in a bank with grades).
    func classicStageStarted(ticket: Int, grade: String?, stage: String) -> String
    /// A clerk of an office finished `stage` for customer `ticket`.
    func classicStageFinished(ticket: Int, grade: String?, stage: String) -> String
}

extension Language {
    /// The classic console's words in this language.
    var classicCatalog: any ClassicCatalog {
        switch self {
        case .english: EnglishCatalog()
        case .korean: KoreanCatalog()
        }
    }
}

extension KoreanCatalog: ClassicCatalog {
    // The grade goes before 고객 with no space, as the exercise writes it: `1번 VVIP고객`.
    func classicStageStarted(ticket: Int, grade: String?, stage: String) -> String {
        "\(ticket)번 \(grade ?? "")고객 \(stage) 시작"
    }

    func classicStageFinished(ticket: Int, grade: String?, stage: String) -> String {
        "\(ticket)번 \(grade ?? "")고객 \(stage) 완료"
    }
}

extension EnglishCatalog: ClassicCatalog {
    func classicStageStarted(ticket: Int, grade: String?, stage: String) -> String {
        "Customer #\(ticket)\(grade.map { " (\($0))" } ?? "") \(stage) started"
    }

    func classicStageFinished(ticket: Int, grade: String?, stage: String) -> String {
        "Customer #\(ticket)\(grade.map { " (\($0))" } ?? "") \(stage) finished"
    }
}

/// What the classic console names a service line after: the stages served at an office
/// (by task and stage id), with their names in the console's language.
struct ClassicStageNames: Sendable {
    /// Names by task id, then stage id (stage ids are unique within a task only).
    private let officeStages: [String: [String: String]]

    /// The office stages of `bank`'s tasks, named in `language` (a name without a
    /// translation stays as configured).
    init(bank: KioskConfig.BankSetup, language: Language) {
        let offices = Set(bank.places.filter { $0.kind == .office }.map(\.id))
        var names: [String: [String: String]] = [:]
        for task in bank.tasks {
            for stage in task.stages where offices.contains(stage.place) {
                let name = stage.translations[language.rawValue] ?? stage.name
                names[task.id, default: [:]][stage.id] = Sanitized.text(name, limit: 64)
            }
        }
        officeStages = names
    }

    /// The name of `stage` of `task` when an office serves it; nil for a stage at a desk,
    /// which the console shows as the task's business.
    func officeStage(task: String, stage: String) -> String? {
        officeStages[task]?[stage]
    }
}
