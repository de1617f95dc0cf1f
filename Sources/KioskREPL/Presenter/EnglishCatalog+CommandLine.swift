import KioskCore

/// kiosk's command line, in English (its `--help` page is argument-parser's).
extension EnglishCatalog {
    func describe(_ problem: CommandLineProblem) -> String {
        switch problem {
        case .missingNumber(let flag):
            flag == "--seed"
                ? "--seed needs a value: a whole number from 0 to \(UInt64.max)."
                : "--speed needs a value: a number from 0.001 to 1000000."
        case .speedOutOfRange(let given):
            "--speed must be a number from 0.001 to 1000000, not '\(Sanitized.text(given, limit: 64))'."
        case .seedNotWhole(let given):
            "--seed must be a whole number from 0 to \(UInt64.max), not '\(Sanitized.text(given, limit: 64))'."
        case .unknownPreset(let given, let choices):
            "--preset must be one of \(choices.joined(separator: ", ")), not '\(Sanitized.text(given, limit: 64))'."
        case .unknownLanguage(let given): "--lang must be en or ko, not '\(Sanitized.text(given, limit: 64))'."
        case .unknownDurability(let given):
            "--durability must be 'normal' or 'full', not '\(Sanitized.text(given, limit: 64))'."
        case .emptyDataDirectory: "--data-dir needs a directory, not an empty string."
        case .classicWithCommands: "'classic' reads its menu choices from standard input: leave out -c and --file."
        case .fileWithCommands: "Use either -c or --file, not both."
        case .wordsWithCommands:
            "Give the command either as words after the flags, with -c, or with --file, not two of them."
        case .databaseWithLocalStore:
            "Use either --database or --in-memory/--data-dir, not both: --database keeps everything on the server."
        case .inMemoryWithDataDirectory:
            "Use either --in-memory or --data-dir, not both: --in-memory uses no data directory."
        case .unknownOption(let flag): "Unknown option '\(Sanitized.text(flag, limit: 64))'."
        case .missingValue(let flag): "Missing value for '\(Sanitized.text(flag, limit: 64))'."
        case .parser(let message): Sanitized.text(message, limit: 4_096)
        }
    }

    func usageLine(_ problem: String) -> String {
        "Error: \(problem) Usage: kiosk [options] [command words...]; see 'kiosk --help'."
    }
}
