import KioskCore

/// Why the bank refused a request: a stable ``code`` and the values that explain it; the
/// presenter words it.
public enum BankError: KioskError, Equatable {
    /// `bank open` while customers are still waiting or in service.
    case alreadyOpen(waiting: Int, inService: Int)
    /// A customer count outside ``Bank/admissionRange``.
    case customerCountOutOfRange(Int)
    /// A task no desk serves: what was given, the closest task id if any, and every task id.
    case unknownTask(String, suggestion: String?, tasks: [String])
    /// The bank has no desks, so it cannot admit anyone.
    case noDesks
    /// A grade the bank does not have: what was given, and every grade id.
    case unknownGrade(String, grades: [String])
    /// Admitting `adding` more would put more than ``Bank/capacity`` customers in the bank
    /// at once; `present` are there (waiting, in service or announced).
    case bankFull(present: Int, adding: Int, capacity: Int)
    /// The bank cannot be replaced (`bank preset NAME`) while customers are waiting, in service
    /// or still to arrive.
    case notIdle(waiting: Int, inService: Int, toArrive: Int)

    /// The stable machine-readable name: `bank_already_open`, `out_of_range`, `unknown_task`,
    /// `no_desks`, `unknown_grade`, `bank_full`, `bank_not_idle`.
    public var code: String {
        switch self {
        case .alreadyOpen: "bank_already_open"
        case .customerCountOutOfRange: "out_of_range"
        case .unknownTask: "unknown_task"
        case .noDesks: "no_desks"
        case .unknownGrade: "unknown_grade"
        case .bankFull: "bank_full"
        case .notIdle: "bank_not_idle"
        }
    }
}

extension BankError: DetailedError {
    /// The counts, bounds and names that explain the refusal.
    public var details: ErrorDetails {
        switch self {
        case .alreadyOpen(let waiting, let inService):
            ["waiting": .integer(waiting), "in_service": .integer(inService)]
        case .customerCountOutOfRange(let count):
            [
                "argument": .text("customers"), "given": .text(String(count)),
                "min": .integer(Bank.admissionRange.lowerBound), "max": .integer(Bank.admissionRange.upperBound),
            ]
        case .unknownTask(let given, let suggestion, _):
            ["task": .text(given), "suggestion": suggestion.map(ErrorDetail.text)]
        case .noDesks: .none
        case .unknownGrade(let given, _): ["grade": .text(given)]
        case .bankFull(let present, let adding, let capacity):
            ["present": .integer(present), "adding": .integer(adding), "capacity": .integer(capacity)]
        case .notIdle(let waiting, let inService, let toArrive):
            ["waiting": .integer(waiting), "in_service": .integer(inService), "to_arrive": .integer(toArrive)]
        }
    }
}
