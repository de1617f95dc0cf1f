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

    /// The stable machine-readable name: `bank_already_open`, `out_of_range`, `unknown_task`, `no_desks`, `unknown_grade`, `bank_full`.
    public var code: String {
        switch self {
        case .alreadyOpen: "bank_already_open"
        case .customerCountOutOfRange: "out_of_range"
        case .unknownTask: "unknown_task"
        case .noDesks: "no_desks"
        case .unknownGrade: "unknown_grade"
        case .bankFull: "bank_full"
        }
    }
}
