import KioskCore

/// One service as the events tell it.
struct ServiceRecord: Equatable, CustomStringConvertible {
    let ticket: Int
    let task: String
    let clerk: Int
    let start: Duration
    var end: Duration?

    var description: String { "#\(ticket) \(task) clerk \(clerk) \(start)...\(end.map { "\($0)" } ?? "")" }
}

extension Sequence<KioskEvent> {
    /// Tickets and tasks in the order the customers arrived.
    var arrivals: [(ticket: Int, task: String)] {
        compactMap {
            if case .customerArrived(let ticket, let task) = $0 { (ticket, task) } else { nil }
        }
    }

    /// Services in the order they started, with their ends filled in.
    var services: [ServiceRecord] {
        var records: [ServiceRecord] = []
        var index: [Int: Int] = [:]
        for event in self {
            switch event {
            case .serviceStarted(let ticket, let task, let clerk, let at, _, _, _):
                index[ticket] = records.count
                records.append(ServiceRecord(ticket: ticket, task: task, clerk: clerk, start: at))
            case .serviceFinished(let ticket, _, _, let at, _, _, _):
                if let position = index[ticket] { records[position].end = at }
            default:
                break
            }
        }
        return records
    }

    func count(where predicate: (KioskEvent) -> Bool) -> Int {
        reduce(0) { predicate($1) ? $0 + 1 : $0 }
    }

    /// The most customers each desk had in service at once, replaying starts and ends in
    /// publication order; nil if a clerk started someone while still serving someone else.
    var mostInService: [String: Int]? {
        var inService: [String: Int] = [:]
        var most: [String: Int] = [:]
        var busyClerks: Set<String> = []
        for event in self {
            switch event {
            case .serviceStarted(_, let task, let clerk, _, _, _, _):
                guard busyClerks.insert("\(task) \(clerk)").inserted else { return nil }
                inService[task, default: 0] += 1
                most[task] = Swift.max(most[task] ?? 0, inService[task, default: 0])
            case .serviceFinished(_, let task, let clerk, _, _, _, _):
                busyClerks.remove("\(task) \(clerk)")
                inService[task, default: 0] -= 1
            default:
                break
            }
        }
        return most
    }
}

extension KioskEvent {
    /// A service start at a classic desk: the one stage is named after the task, the
    /// desk after the task, and the customer has the one grade of a bank without grades.
    static func serviceStarted(ticket: Int, task: String, clerk: Int, at: Duration) -> KioskEvent {
        .serviceStarted(ticket: ticket, task: task, clerk: clerk, at: at, stage: task, grade: "regular", desk: task)
    }

    /// A service end at a classic desk (see ``serviceStarted(ticket:task:clerk:at:)``).
    static func serviceFinished(ticket: Int, task: String, clerk: Int, at: Duration) -> KioskEvent {
        .serviceFinished(ticket: ticket, task: task, clerk: clerk, at: at, stage: task, grade: "regular", desk: task)
    }
}
