import KioskCore

/// Why the bank refused a request. The description is the sentence the user reads.
public enum BankError: KioskError, Equatable {
    /// `bank open` while customers are still waiting or in service.
    case alreadyOpen(waiting: Int, inService: Int)
    /// A customer count outside ``Bank/admissionRange``.
    case customerCountOutOfRange(Int)
    /// A task no desk serves.
    case unknownTask(String, suggestion: String?, tasks: [String])
    /// The bank has no desks, so it cannot admit anyone.
    case noDesks

    public var code: String {
        switch self {
        case .alreadyOpen: "bank_already_open"
        case .customerCountOutOfRange: "out_of_range"
        case .unknownTask: "unknown_task"
        case .noDesks: "no_desks"
        }
    }

    public var details: [JSONField] {
        switch self {
        case .alreadyOpen(let waiting, let inService):
            return [JSONField("waiting", .int(waiting)), JSONField("in_service", .int(inService))]
        case .customerCountOutOfRange(let count):
            return [
                JSONField("argument", "customers"), JSONField("given", .string(String(count))),
                JSONField("min", .int(Bank.admissionRange.lowerBound)),
                JSONField("max", .int(Bank.admissionRange.upperBound)),
            ]
        case .unknownTask(let given, let suggestion, _):
            var fields = [JSONField("task", .string(given))]
            if let suggestion { fields.append(JSONField("suggestion", .string(suggestion))) }
            return fields
        case .noDesks:
            return []
        }
    }

    public var description: String {
        switch self {
        case .alreadyOpen(let waiting, let inService):
            return "The bank is already open (\(waiting) waiting, \(inService) in service). "
                + "Use 'bank add [n]' to add customers, or 'bank reset' to start over."
        case .customerCountOutOfRange(let count):
            let range = Bank.admissionRange
            return "<customers> must be between \(range.lowerBound) and \(range.upperBound), not \(count)."
        case .unknownTask(let given, let suggestion, let tasks):
            let hint = suggestion.map { "Did you mean '\($0)'?" } ?? "Choose one of: \(tasks.joined(separator: ", "))."
            return "Unknown task '\(Sanitized.text(given))'. \(hint)"
        case .noDesks:
            return "The bank has no desks. Add a [[bank.desk]] table to the config."
        }
    }
}
