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
                problem: "TOML syntax error at column \(error.source.begin.column): \(error.description)")
        } catch {
            throw ConfigError(file: file, line: nil, key: nil, problem: "not a TOML document: \(error)")
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
            throw reader.error(place, key: "desk", "the bank has no desks; add at least one [[bank.desk]] table")
        }
        guard desks.count + offices.count <= BankLimits.places else {
            throw reader.error(
                place, key: "desk", "at most \(BankLimits.places) desks and offices, not \(desks.count + offices.count)"
            )
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
                place, key: "task", "at most \(BankLimits.tasks) tasks, not \(shape.tasks.count + tasks.count)")
        }
        for (index, table) in tasks.enumerated() {
            try readTask(table, place: .element("bank.task", index), into: &shape, taskIDs: &taskIDs)
        }
        guard !shape.tasks.isEmpty else {
            throw reader.error(place, key: "task", "the bank serves no task; add at least one [[bank.task]] table")
        }
        guard shape.tasks.contains(where: { $0.share > 0 }) else {
            throw reader.error(place, key: "task", "every task has share 0; give at least one task a share above 0")
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
            throw reader.error(place, key: "task", "duplicate desk task '\(task)'; each task has one desk")
        }
        guard placeIDs.insert(task).inserted else {
            throw reader.error(place, key: "task", "'\(task)' already names a desk or office; use another id")
        }
        let (name, translations) = try reader.displayName(table, place: place, fallback: task.capitalized)
        let clerks = try readClerks(table, place: place, noun: "desk")
        let service = try readServiceTime(table, place: place)
        shape.places.append(
            KioskConfig.BankPlace(id: task, name: name, kind: .desk, clerks: clerks, translations: translations))
        shape.tasks.append(
            KioskConfig.BankRoute(
                id: task, name: name, share: 1,
                stages: [KioskConfig.BankStage(id: task, place: task, serviceTime: service)],
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
            throw reader.error(place, key: "id", "duplicate desk or office id '\(id)'; each needs its own id")
        }
        let (name, translations) = try reader.displayName(table, place: place, fallback: id.capitalized)
        let clerks = try readClerks(table, place: place, noun: kind.rawValue)
        shape.places.append(
            KioskConfig.BankPlace(id: id, name: name, kind: kind, clerks: clerks, translations: translations))
    }

    private func readClerks(_ table: TOMLTable, place: Place, noun: String) throws(ConfigError) -> Int {
        let clerks = try reader.integer(table, "clerks", place: place)
        guard clerks >= 1 else {
            let article = noun == "office" ? "an" : "a"
            throw reader.error(place, key: "clerks", "\(article) \(noun) needs at least 1 clerk, not \(clerks)")
        }
        guard clerks <= BankLimits.clerks else {
            throw reader.error(place, key: "clerks", "at most \(BankLimits.clerks) clerks per \(noun), not \(clerks)")
        }
        return clerks
    }

    private func readServiceTime(_ table: TOMLTable, place: Place) throws(ConfigError) -> Duration {
        let milliseconds = try reader.integer(table, "service_ms", place: place)
        guard milliseconds >= 0, milliseconds <= BankLimits.serviceMilliseconds else {
            throw reader.error(
                place, key: "service_ms",
                "must be between 0 and \(BankLimits.serviceMilliseconds) ms, not \(milliseconds)")
        }
        return .milliseconds(milliseconds)
    }

    private func readShare(_ table: TOMLTable, place: Place) throws(ConfigError) -> Int {
        let share = try reader.optionalInteger(table, "share", place: place) ?? 1
        guard share >= 0, share <= BankLimits.share else {
            throw reader.error(place, key: "share", "must be between 0 and \(BankLimits.share), not \(share)")
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
            throw reader.error(place, key: "id", "duplicate task id '\(id)'; each task needs its own id")
        }
        let (name, translations) = try reader.displayName(table, place: place, fallback: id.capitalized)
        let share = try readShare(table, place: place)
        guard let stagesValue = table["stages"] else {
            throw reader.error(
                place, key: "stages", "missing key 'stages' (an array such as [{ at = \"counter\", service_ms = 700 }])"
            )
        }
        guard let array = stagesValue.array else {
            throw reader.error(place, key: "stages", "must be an array of tables, not \(reader.describe(stagesValue))")
        }
        guard !array.isEmpty else {
            throw reader.error(place, key: "stages", "a task needs at least one stage")
        }
        guard array.count <= BankLimits.stages else {
            throw reader.error(place, key: "stages", "at most \(BankLimits.stages) stages per task, not \(array.count)")
        }
        let placeIDs = shape.places.map(\.id)
        var stages: [KioskConfig.BankStage] = []
        var stageIDs: Set<String> = []
        for (number, element) in array.enumerated() {
            let label = "stage \(number + 1)"
            guard let stage = element.table else {
                throw reader.error(place, key: "stages", "\(label) must be a table, not \(reader.describe(element))")
            }
            for key in stage.keys where !["id", "at", "service_ms", "clerk_stays", "timing"].contains(key) {
                throw reader.error(
                    place, key: "stages",
                    "\(label): unknown key '\(Sanitized.text(key))'. Allowed: id, at, service_ms, clerk_stays, timing.")
            }
            let stageID: String
            if let value = stage["id"] {
                guard let text = value.string else {
                    throw reader.error(
                        place, key: "stages", "\(label): id must be a string, not \(reader.describe(value))")
                }
                try reader.checkIdentifier(text, key: "stages", place: place)
                stageID = text
            } else {
                stageID = array.count == 1 ? id : "\(id)-\(number + 1)"
            }
            guard stageIDs.insert(stageID).inserted else {
                throw reader.error(place, key: "stages", "\(label): duplicate stage id '\(stageID)'")
            }
            guard let atValue = stage["at"], let at = atValue.string else {
                throw reader.error(place, key: "stages", "\(label): needs at = \"<desk or office id>\"")
            }
            guard placeIDs.contains(at) else {
                let hint = Suggestion.closest(to: at, among: placeIDs).map { " Did you mean '\($0)'?" } ?? ""
                throw reader.error(
                    place, key: "stages",
                    "\(label) is at unknown desk or office '\(Sanitized.text(at))'.\(hint) Known: \(placeIDs.joined(separator: ", "))."
                )
            }
            guard let msValue = stage["service_ms"], let milliseconds = msValue.int else {
                throw reader.error(place, key: "stages", "\(label): needs service_ms = <whole number of milliseconds>")
            }
            guard milliseconds >= 0, milliseconds <= BankLimits.serviceMilliseconds else {
                throw reader.error(
                    place, key: "stages",
                    "\(label): service_ms must be between 0 and \(BankLimits.serviceMilliseconds), not \(milliseconds)")
            }
            var stays = false
            if let value = stage["clerk_stays"] {
                guard let flag = value.bool else {
                    throw reader.error(place, key: "stages", "\(label): clerk_stays must be true or false")
                }
                stays = flag
            }
            if stays, number == 0 {
                throw reader.error(
                    place, key: "stages", "\(label): the first stage has no clerk yet to stay; remove clerk_stays")
            }
            var timing = KioskConfig.BankStage.Timing.fixed
            if let value = stage["timing"] {
                guard let text = value.string, let parsed = KioskConfig.BankStage.Timing(rawValue: text) else {
                    throw reader.error(place, key: "stages", "\(label): timing must be \"fixed\" or \"exponential\"")
                }
                timing = parsed
            }
            stages.append(
                KioskConfig.BankStage(
                    id: stageID, place: at, serviceTime: .milliseconds(milliseconds), clerkStays: stays, timing: timing)
            )
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
            let places = cycle.map(\.place).joined(separator: " → ")
            let location: Place = task >= classic ? .element("bank.task", task - classic) : .table("bank")
            throw reader.error(
                location, key: task >= classic ? "stages" : nil,
                "clerks could wait for each other forever (a cycle of held clerks: \(places)); a stage with clerk_stays must not wait at a place whose clerks are held, directly or in turn, by customers waiting for the held clerk's own place"
            )
        }
    }

    private func readGrades(_ bank: TOMLTable, place: Place, into shape: inout Shape) throws(ConfigError) {
        let tables = try reader.arrayOfTables(bank, key: "grade", header: "bank.grade", place: place)
        guard tables.count <= BankLimits.grades else {
            throw reader.error(place, key: "grade", "at most \(BankLimits.grades) grades, not \(tables.count)")
        }
        var ids: Set<String> = []
        for (index, table) in tables.enumerated() {
            let gradePlace = Place.element("bank.grade", index)
            try reader.rejectUnknownKeys(in: table, allowed: ["id", "name", "share"], place: gradePlace)
            let id = try reader.string(table, "id", place: gradePlace)
            try reader.checkIdentifier(id, key: "id", place: gradePlace)
            guard ids.insert(id).inserted else {
                throw reader.error(gradePlace, key: "id", "duplicate grade id '\(id)'; each grade needs its own id")
            }
            let (name, translations) = try reader.displayName(table, place: gradePlace, fallback: id.uppercased())
            shape.grades.append(
                KioskConfig.BankGrade(
                    id: id, name: name, share: try readShare(table, place: gradePlace), translations: translations))
        }
        if !shape.grades.isEmpty, !shape.grades.contains(where: { $0.share > 0 }) {
            throw reader.error(place, key: "grade", "every grade has share 0; give at least one grade a share above 0")
        }
    }
}
