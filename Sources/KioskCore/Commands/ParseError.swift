/// Why a command line could not be turned into an ``Invocation``: the bad word, and what
/// would have been accepted (the presenter words it).
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
    /// An option that takes a value (`--from <day>`) came last, without it.
    case missingOptionValue(option: String, name: String, usage: String)
    /// A word that should name a day does not: not `today`, `yesterday` or `YYYY-MM-DD`.
    case notADay(name: String, given: String, usage: String)
    /// Two arguments that cannot go together (`sales yesterday --all`).
    case conflictingArguments(String, String, usage: String)

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
        case .missingOptionValue: "missing_argument"
        case .notADay: "not_a_day"
        case .conflictingArguments: "conflicting_arguments"
        }
    }
}
