/// Why a command line could not be turned into an ``Invocation``: the bad word, and what
/// would have been accepted (the presenter words it).
public enum ParseError: KioskError, Equatable {
    case unterminatedQuote(Character, column: Int)
    case danglingEscape(column: Int)
    case unknownCommand(String, suggestion: String?)
    /// A word that is no command, but the last word of some (`export`: `sales export`,
    /// `bank export`), which are named.
    case commandOfGroups(String, commands: [String])
    case missingSubcommand(command: String, subcommands: [String])
    case unknownSubcommand(command: String, given: String, suggestion: String?, subcommands: [String])
    case missingArgument(name: String, usage: String)
    case extraArgument(String, usage: String)
    /// A count after the last value of a stretch whose counts come first (`2 banana kiwi 3`):
    /// `fix` is the stretch with a comma before that value (`2 banana, kiwi 3`).
    case countAfterCountsFirst(String, fix: String, usage: String)
    case notANumber(name: String, given: String, usage: String)
    case outOfRange(name: String, given: String, range: ClosedRange<Int>)
    case unknownValue(noun: String, given: String, suggestion: String?, choices: [String])
    case unknownFlag(String, usage: String)
    /// An option that takes a value (`--from <day>`) came last, without it.
    case missingOptionValue(option: String, name: String, usage: String)
    /// A word that should name a day does not: not `today`, `yesterday` or `YYYY-MM-DD`.
    case notADay(name: String, given: String, usage: String)
    /// A word that should spell a length of time (`45s`, `10m`) does not.
    case notADuration(name: String, given: String, usage: String)
    /// A length of time outside what the argument admits.
    case durationOutOfRange(name: String, given: String, range: ClosedRange<Duration>)
    /// A word that should spell a rate (`2/min`, `60/h`) does not.
    case notARate(name: String, given: String, usage: String)
    /// A rate outside what the argument admits.
    case rateOutOfRange(name: String, given: String, range: ClosedRange<ArrivalRate>)
    /// Two arguments that cannot go together (`sales yesterday --all`).
    case conflictingArguments(String, String, usage: String)
    /// The words after one of `bank plan`'s options are not a value of its grammar.
    case badPlanArgument(PlanArgumentProblem)
    /// A path starting `~name` where no user is called `name`.
    case unknownUser(String, given: String)

    public var code: String {
        switch self {
        case .unterminatedQuote: "unterminated_quote"
        case .danglingEscape: "dangling_escape"
        case .unknownCommand, .commandOfGroups: "unknown_command"
        case .missingSubcommand: "missing_subcommand"
        case .unknownSubcommand: "unknown_subcommand"
        case .missingArgument: "missing_argument"
        case .extraArgument, .countAfterCountsFirst: "extra_argument"
        case .notANumber: "not_a_number"
        case .outOfRange: "out_of_range"
        case .unknownValue(let noun, _, _, _): "unknown_\(noun)"
        case .unknownFlag: "unknown_flag"
        case .missingOptionValue: "missing_argument"
        case .notADay: "not_a_day"
        case .notADuration: "not_a_duration"
        case .durationOutOfRange, .rateOutOfRange: "out_of_range"
        case .notARate: "not_a_rate"
        case .conflictingArguments: "conflicting_arguments"
        case .badPlanArgument(let problem): problem.code
        case .unknownUser: "unknown_user"
        }
    }
}

extension ParseError: DetailedError {
    /// The word given and what was expected: the argument, the bounds, a suggestion.
    public var details: ErrorDetails {
        switch self {
        case .unterminatedQuote(let quote, let column): ["quote": .text(String(quote)), "column": .integer(column)]
        case .danglingEscape(let column): ["column": .integer(column)]
        case .unknownCommand(let given, let suggestion):
            ["command": .text(given), "suggestion": suggestion.map(ErrorDetail.text)]
        case .commandOfGroups(let given, let commands):
            [
                "command": .text(given), "suggestion": commands.first.map(ErrorDetail.text),
                "suggestions": .texts(commands),
            ]
        case .missingSubcommand(let command, let subcommands):
            ["command": .text(command), "subcommands": .texts(subcommands)]
        case .unknownSubcommand(let command, let given, let suggestion, let subcommands):
            [
                "command": .text(command), "subcommand": .text(given), "suggestion": suggestion.map(ErrorDetail.text),
                "subcommands": .texts(subcommands),
            ]
        case .missingArgument(let name, _): ["argument": .text(name)]
        case .extraArgument(let given, _): ["given": .text(given)]
        case .countAfterCountsFirst(let given, let fix, _): ["given": .text(given), "fix": .text(fix)]
        case .notANumber(let name, let given, _), .notADay(let name, let given, _),
            .notADuration(let name, let given, _), .notARate(let name, let given, _):
            ["argument": .text(name), "given": .text(given)]
        case .outOfRange(let name, let given, let range):
            [
                "argument": .text(name), "given": .text(given), "min": .integer(range.lowerBound),
                "max": .integer(range.upperBound),
            ]
        case .unknownValue(let noun, let given, let suggestion, _):
            [noun: .text(given), "suggestion": suggestion.map(ErrorDetail.text)]
        case .unknownFlag(let given, _): ["flag": .text(given)]
        case .missingOptionValue(let option, let name, _): ["flag": .text(option), "argument": .text(name)]
        case .durationOutOfRange(let name, let given, let range):
            [
                "argument": .text(name), "given": .text(given), "min": .text(range.lowerBound.typedSpelling),
                "max": .text(range.upperBound.typedSpelling),
            ]
        case .rateOutOfRange(let name, let given, let range):
            [
                "argument": .text(name), "given": .text(given), "min": .text(range.lowerBound.spelling),
                "max": .text(range.upperBound.spelling),
            ]
        case .conflictingArguments(let first, let second, _): ["arguments": .texts([first, second])]
        case .badPlanArgument(let problem): problem.details
        case .unknownUser(let user, let given): ["user": .text(user), "given": .text(given)]
        }
    }
}
