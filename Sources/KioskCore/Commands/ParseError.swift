/// Why a command line could not be turned into an ``Invocation``.
/// The description is the sentence the user reads.
public enum ParseError: KioskError, Equatable {
    case unterminatedQuote(Character, column: Int)
    case danglingEscape(column: Int)
    case unknownCommand(String, suggestion: String?)
    case missingSubcommand(command: String, subcommands: [String])
    case unknownSubcommand(command: String, given: String, suggestion: String?, subcommands: [String])
    case missingArgument(name: String, usage: String)
    case extraArgument(String, usage: String)
    case notANumber(name: String, given: String, usage: String)
    case outOfRange(name: String, given: String, range: ClosedRange<Int>)
    case unknownValue(noun: String, given: String, suggestion: String?, choices: [String])
    case unknownFlag(String, usage: String)

    public var code: String {
        switch self {
        case .unterminatedQuote: "unterminated_quote"
        case .danglingEscape: "dangling_escape"
        case .unknownCommand: "unknown_command"
        case .missingSubcommand: "missing_subcommand"
        case .unknownSubcommand: "unknown_subcommand"
        case .missingArgument: "missing_argument"
        case .extraArgument: "extra_argument"
        case .notANumber: "not_a_number"
        case .outOfRange: "out_of_range"
        case .unknownValue(let noun, _, _, _): "unknown_\(noun)"
        case .unknownFlag: "unknown_flag"
        }
    }

    public var details: [JSONField] {
        switch self {
        case .unknownValue(let noun, let given, let suggestion, _):
            var fields = [JSONField(noun, .string(given))]
            if let suggestion { fields.append(JSONField("suggestion", .string(suggestion))) }
            return fields
        case .unknownCommand(let given, let suggestion):
            var fields = [JSONField("command", .string(given))]
            if let suggestion { fields.append(JSONField("suggestion", .string(suggestion))) }
            return fields
        case .outOfRange(let name, let given, let range):
            return [
                JSONField("argument", .string(name)), JSONField("given", .string(given)),
                JSONField("min", .int(range.lowerBound)), JSONField("max", .int(range.upperBound)),
            ]
        default:
            return []
        }
    }

    public var description: String {
        switch self {
        case .unterminatedQuote(let quote, let column):
            return "Unterminated \(quote) quote starting at column \(column). Close it with \(quote)."
        case .danglingEscape(let column):
            return "A backslash at column \(column) escapes nothing. Remove it or write \\\\ for a backslash."
        case .unknownCommand(let given, let suggestion):
            let hint = suggestion.map { "Did you mean '\($0)'?" } ?? "Type 'help' to list commands."
            return "Unknown command '\(Sanitized.text(given))'. \(hint)"
        case .missingSubcommand(let command, let subcommands):
            return "'\(command)' needs one of: \(subcommands.joined(separator: ", ")). Try 'help \(command)'."
        case .unknownSubcommand(let command, let given, let suggestion, let subcommands):
            let hint =
                suggestion.map { "Did you mean '\(command) \($0)'?" }
                ?? "Use one of: \(subcommands.joined(separator: ", "))."
            return "Unknown subcommand '\(Sanitized.text(given))' for '\(command)'. \(hint)"
        case .missingArgument(let name, let usage):
            return "Missing <\(name)>. Usage: \(usage)"
        case .extraArgument(let given, let usage):
            return "Unexpected argument '\(Sanitized.text(given))'. Usage: \(usage)"
        case .notANumber(let name, let given, let usage):
            return "<\(name)> must be a whole number, not '\(Sanitized.text(given))'. Usage: \(usage)"
        case .outOfRange(let name, let given, let range):
            return
                "<\(name)> must be between \(range.lowerBound) and \(range.upperBound), not \(Sanitized.text(given))."
        case .unknownValue(let noun, let given, let suggestion, let choices):
            let hint =
                suggestion.map { "Did you mean '\($0)'?" }
                ?? "Choose one of: \(choices.joined(separator: ", "))."
            return "Unknown \(noun) '\(Sanitized.text(given))'. \(hint)"
        case .unknownFlag(let given, let usage):
            return "Unknown option '\(Sanitized.text(given))'. Usage: \(usage)"
        }
    }
}
