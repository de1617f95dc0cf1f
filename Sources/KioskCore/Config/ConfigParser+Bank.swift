import Foundation
import TOMLKit

extension ConfigParser {
    /// Reads a document holding only a `[bank]` table (a preset) into a bank setup.
    /// - Throws: ``ConfigError`` as ``parse(_:file:)`` does for the bank.
    public static func parseBank(_ text: String, file: String) throws(ConfigError) -> KioskConfig.BankSetup {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                file: file, line: error.source.begin.line, key: nil,
                problem: .syntax(column: error.source.begin.column, detail: error.description))
        } catch {
            throw ConfigError(file: file, line: nil, key: nil, problem: .notTOML(detail: String(describing: error)))
        }
        let reader = Reader(file: file, text: text)
        try reader.rejectUnknownKeys(in: root, allowed: ["bank"], place: .root)
        return try reader.readBank(root)
    }
}

/// The bank's limits: every configured number stays small enough that no sum or product
/// the bank computes with it can overflow.
public enum BankLimits {
    /// Desks and offices together.
    public static let places = 64
    /// Clerks at one desk or office.
    public static let clerks = 1_000
    /// Tasks.
    public static let tasks = 64
    /// Stages of one task.
    public static let stages = 16
    /// Grades.
    public static let grades = 16
    /// The longest service time of one stage, in milliseconds: a day.
    public static let serviceMilliseconds = 86_400_000
    /// The largest share of a task or grade.
    public static let share = 1_000_000
}

/// Reads the desks, offices, tasks and grades of `[bank]`, in either form: classic desks
/// (`task`, `clerks`, `service_ms`: a desk serving one task in one stage) and desks,
/// offices and tasks declared apart, the tasks as routes of stages.
struct BankShapeReader {
    let reader: Reader

    struct Shape {
        var places: [KioskConfig.BankPlace] = []
        var tasks: [KioskConfig.BankRoute] = []
        var grades: [KioskConfig.BankGrade] = []
    }

    func read(_ bank: TOMLTable, place: Place) throws(ConfigError) -> Shape {
        var shape = Shape()
        let desks = try reader.arrayOfTables(bank, key: "desk", header: "bank.desk", place: place)
        let offices = try reader.arrayOfTables(bank, key: "office", header: "bank.office", place: place)
        guard !desks.isEmpty else {
            throw reader.error(place, key: "desk", .noneConfigured(.desk))
        }
        guard desks.count + offices.count <= BankLimits.places else {
            throw reader.error(
                place, key: "desk",
                .tooMany(.deskOrOffice, limit: BankLimits.places, actual: desks.count + offices.count))
        }
        var placeIDs: Set<String> = []
        var taskIDs: Set<String> = []
        for (index, table) in desks.enumerated() {
            let deskPlace = Place.element("bank.desk", index)
            if table["task"] != nil {
                try readClassicDesk(table, place: deskPlace, into: &shape, placeIDs: &placeIDs, taskIDs: &taskIDs)
            } else {
                try readPlace(table, kind: .desk, place: deskPlace, into: &shape, ids: &placeIDs)
            }
        }
        for (index, table) in offices.enumerated() {
            try readPlace(table, kind: .office, place: .element("bank.office", index), into: &shape, ids: &placeIDs)
        }
        let tasks = try reader.arrayOfTables(bank, key: "task", header: "bank.task", place: place)
        guard shape.tasks.count + tasks.count <= BankLimits.tasks else {
            throw reader.error(
                place, key: "task", .tooMany(.task, limit: BankLimits.tasks, actual: shape.tasks.count + tasks.count))
        }
        for (index, table) in tasks.enumerated() {
            try readTask(table, place: .element("bank.task", index), into: &shape, taskIDs: &taskIDs)
        }
        guard !shape.tasks.isEmpty else {
            throw reader.error(place, key: "task", .noneConfigured(.task))
        }
        guard shape.tasks.contains(where: { $0.share > 0 }) else {
            throw reader.error(place, key: "task", .noShare(.task))
        }
        try checkHolding(shape.tasks, classic: shape.tasks.count - tasks.count)
        try readGrades(bank, place: place, into: &shape)
        return shape
    }

    private func readClassicDesk(
        _ table: TOMLTable, place: Place, into shape: inout Shape, placeIDs: inout Set<String>,
        taskIDs: inout Set<String>
    ) throws(ConfigError) {
        try reader.rejectUnknownKeys(in: table, allowed: ["task", "name", "clerks", "service_ms"], place: place)
        let task = try reader.string(table, "task", place: place)
        try reader.checkIdentifier(task, key: "task", place: place)
        guard taskIDs.insert(task).inserted else {
            throw reader.error(place, key: "task", .duplicateID(.deskTask, id: task))
        }
        guard placeIDs.insert(task).inserted else {
            throw reader.error(place, key: "task", .idNamesPlace(task))
        }
        let (name, translations) = try reader.displayName(table, place: place, fallback: task.capitalized)
        let clerks = try readClerks(table, place: place, isOffice: false)
        let service = try readServiceTime(table, place: place)
        shape.places.append(
            KioskConfig.BankPlace(id: task, name: name, kind: .desk, clerks: clerks, translations: translations))
        shape.tasks.append(
            KioskConfig.BankRoute(
                id: task, name: name, share: 1,
                stages: [
                    KioskConfig.BankStage(
                        id: task, name: name, place: task, serviceTime: service, translations: translations)
                ],
                translations: translations))
    }

    private func readPlace(
        _ table: TOMLTable, kind: KioskConfig.BankPlace.Kind, place: Place, into shape: inout Shape,
        ids: inout Set<String>
    ) throws(ConfigError) {
        try reader.rejectUnknownKeys(in: table, allowed: ["id", "name", "clerks"], place: place)
        let id = try reader.string(table, "id", place: place)
        try reader.checkIdentifier(id, key: "id", place: place)
        guard ids.insert(id).inserted else {
            throw reader.error(place, key: "id", .duplicateID(.deskOrOffice, id: id))
        }
        let (name, translations) = try reader.displayName(table, place: place, fallback: id.capitalized)
        let clerks = try readClerks(table, place: place, isOffice: kind == .office)
        shape.places.append(
            KioskConfig.BankPlace(id: id, name: name, kind: kind, clerks: clerks, translations: translations))
    }

    private func readClerks(_ table: TOMLTable, place: Place, isOffice: Bool) throws(ConfigError) -> Int {
        let clerks = try reader.integer(table, "clerks", place: place)
        guard clerks >= 1 else {
            throw reader.error(place, key: "clerks", .noClerk(isOffice: isOffice, actual: clerks))
        }
        guard clerks <= BankLimits.clerks else {
            throw reader.error(
                place, key: "clerks", .tooManyClerks(isOffice: isOffice, limit: BankLimits.clerks, actual: clerks))
        }
        return clerks
    }

    private func readServiceTime(_ table: TOMLTable, place: Place) throws(ConfigError) -> Duration {
        let milliseconds = try reader.integer(table, "service_ms", place: place)
        guard milliseconds >= 0, milliseconds <= BankLimits.serviceMilliseconds else {
            throw reader.error(
                place, key: "service_ms",
                .outOfRange(.between(0, BankLimits.serviceMilliseconds), actual: milliseconds))
        }
        return .milliseconds(milliseconds)
    }

    private func readShare(_ table: TOMLTable, place: Place) throws(ConfigError) -> Int {
        let share = try reader.optionalInteger(table, "share", place: place) ?? 1
        guard share >= 0, share <= BankLimits.share else {
            throw reader.error(place, key: "share", .outOfRange(.between(0, BankLimits.share), actual: share))
        }
        return share
    }

    private func readTask(
        _ table: TOMLTable, place: Place, into shape: inout Shape, taskIDs: inout Set<String>
    ) throws(ConfigError) {
        try reader.rejectUnknownKeys(in: table, allowed: ["id", "name", "share", "stages"], place: place)
        let id = try reader.string(table, "id", place: place)
        try reader.checkIdentifier(id, key: "id", place: place)
        guard taskIDs.insert(id).inserted else {
            throw reader.error(place, key: "id", .duplicateID(.task, id: id))
        }
        let (name, translations) = try reader.displayName(table, place: place, fallback: id.capitalized)
        let share = try readShare(table, place: place)
        guard let stagesValue = table["stages"] else {
            throw reader.error(
                place, key: "stages", .missingKey("stages", example: "[{ at = \"counter\", service_ms = 700 }]"))
        }
        guard let array = stagesValue.array else {
            throw reader.error(
                place, key: "stages", .wrongType(expected: .tableArray, found: reader.kind(stagesValue)))
        }
        guard !array.isEmpty else {
            throw reader.error(place, key: "stages", .noneConfigured(.stage))
        }
        guard array.count <= BankLimits.stages else {
            throw reader.error(place, key: "stages", .tooMany(.stage, limit: BankLimits.stages, actual: array.count))
        }
        let placeIDs = shape.places.map(\.id)
        var stages: [KioskConfig.BankStage] = []
        var stageIDs: Set<String> = []
        for (number, element) in array.enumerated() {
            func stageError(at key: String? = nil, _ problem: ConfigProblem) -> ConfigError {
                reader.error(place, key: "stages", .inStage(number + 1, key: key, problem))
            }
            guard let stage = element.table else {
                throw stageError(.wrongType(expected: .table(example: nil), found: reader.kind(element)))
            }
            let allowed = ["id", "name", "at", "service_ms", "clerk_stays", "timing"]
            for key in stage.keys where !allowed.contains(key) {
                throw stageError(
                    .unknownKey(key, suggestion: Suggestion.closest(to: key, among: allowed), allowed: allowed))
            }
            let stageID: String
            if let value = stage["id"] {
                guard let text = value.string else {
                    throw stageError(at: "id", .wrongType(expected: .string, found: reader.kind(value)))
                }
                try reader.checkIdentifier(text, key: "stages", place: place)
                stageID = text
            } else {
                stageID = array.count == 1 ? id : "\(id)-\(number + 1)"
            }
            guard stageIDs.insert(stageID).inserted else {
                throw stageError(.duplicateID(.stage, id: stageID))
            }
            // A stage's name is read as any other (`name = { en = "Loan Review", ko = "대출심사" }`),
            // and a problem with it is told as the stage's. A task's only stage, unnamed, is
            // the task itself and has the names the task gives.
            var stageName = (name: name, translations: translations)
            if array.count > 1 || stage["name"] != nil || table["name"] == nil {
                do throws(ConfigError) {
                    stageName = try reader.displayName(stage, place: place, fallback: stageID)
                } catch {
                    throw stageError(at: "name", error.problem)
                }
            }
            guard let atValue = stage["at"], let at = atValue.string else {
                throw stageError(.missingKey("at", example: "\"counter\""))
            }
            guard placeIDs.contains(at) else {
                throw stageError(
                    .unknownPlace(at, suggestion: Suggestion.closest(to: at, among: placeIDs), known: placeIDs))
            }
            guard let msValue = stage["service_ms"], let milliseconds = msValue.int else {
                throw stageError(.missingKey("service_ms", example: "700"))
            }
            guard milliseconds >= 0, milliseconds <= BankLimits.serviceMilliseconds else {
                throw stageError(
                    at: "service_ms", .outOfRange(.between(0, BankLimits.serviceMilliseconds), actual: milliseconds))
            }
            var stays = false
            if let value = stage["clerk_stays"] {
                guard let flag = value.bool else {
                    throw stageError(at: "clerk_stays", .wrongType(expected: .boolean, found: reader.kind(value)))
                }
                stays = flag
            }
            if stays, number == 0 {
                throw stageError(.clerkStaysOnFirstStage)
            }
            var timing = KioskConfig.BankStage.Timing.fixed
            if let value = stage["timing"] {
                guard let text = value.string, let parsed = KioskConfig.BankStage.Timing(rawValue: text) else {
                    throw stageError(at: "timing", .notOneOf(allowed: ["fixed", "exponential"]))
                }
                timing = parsed
            }
            stages.append(
                KioskConfig.BankStage(
                    id: stageID, name: stageName.name, place: at, serviceTime: .milliseconds(milliseconds),
                    clerkStays: stays, timing: timing, translations: stageName.translations))
        }
        shape.tasks.append(
            KioskConfig.BankRoute(id: id, name: name, share: share, stages: stages, translations: translations))
    }

    /// Rejects routes whose held clerks could wait for each other forever: a customer who
    /// keeps a clerk of place A while waiting at place B makes an edge A → B; a cycle of
    /// such edges (A → A included) can leave every clerk of A and B held by a customer
    /// waiting for another of them.
    private func checkHolding(_ tasks: [KioskConfig.BankRoute], classic: Int) throws(ConfigError) {
        var edges: [String: [(to: String, task: Int)]] = [:]
        for (index, task) in tasks.enumerated() {
            var clerkPlace: String?
            for stage in task.stages {
                if stage.clerkStays, let held = clerkPlace {
                    edges[held, default: []].append((stage.place, index))
                } else {
                    clerkPlace = stage.place
                }
            }
        }
        // Depth-first search for a cycle, in declaration order so the error is stable.
        var state: [String: Int] = [:]  // 1: on the path, 2: done
        var path: [(place: String, task: Int)] = []
        func visit(_ place: String) -> [(place: String, task: Int)]? {
            state[place] = 1
            for edge in edges[place] ?? [] {
                path.append((place, edge.task))
                if state[edge.to] == 1 {
                    let start = path.firstIndex { $0.place == edge.to } ?? 0
                    return Array(path[start...]) + [(edge.to, edge.task)]
                }
                if state[edge.to] == nil, let cycle = visit(edge.to) { return cycle }
                path.removeLast()
            }
            state[place] = 2
            return nil
        }
        let order = tasks.flatMap { $0.stages.map(\.place) }
        for place in order where state[place] == nil {
            guard let cycle = visit(place) else { continue }
            let task = cycle.first?.task ?? 0
            let location: Place = task >= classic ? .element("bank.task", task - classic) : .table("bank")
            throw reader.error(location, key: task >= classic ? "stages" : nil, .heldClerkCycle(cycle.map(\.place)))
        }
    }

    private func readGrades(_ bank: TOMLTable, place: Place, into shape: inout Shape) throws(ConfigError) {
        let tables = try reader.arrayOfTables(bank, key: "grade", header: "bank.grade", place: place)
        guard tables.count <= BankLimits.grades else {
            throw reader.error(place, key: "grade", .tooMany(.grade, limit: BankLimits.grades, actual: tables.count))
        }
        var ids: Set<String> = []
        for (index, table) in tables.enumerated() {
            let gradePlace = Place.element("bank.grade", index)
            try reader.rejectUnknownKeys(in: table, allowed: ["id", "name", "share"], place: gradePlace)
            let id = try reader.string(table, "id", place: gradePlace)
            try reader.checkIdentifier(id, key: "id", place: gradePlace)
            guard ids.insert(id).inserted else {
                throw reader.error(gradePlace, key: "id", .duplicateID(.grade, id: id))
            }
            let (name, translations) = try reader.displayName(table, place: gradePlace, fallback: id.uppercased())
            shape.grades.append(
                KioskConfig.BankGrade(
                    id: id, name: name, share: try readShare(table, place: gradePlace), translations: translations))
        }
        if !shape.grades.isEmpty, !shape.grades.contains(where: { $0.share > 0 }) {
            throw reader.error(place, key: "grade", .noShare(.grade))
        }
    }
}
