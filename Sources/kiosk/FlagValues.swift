import ArgumentParser
import KioskCore
import KioskREPL

/// Checks the values of the flags that take numbers before argument-parser reads them, so
/// that a bad value gets one line naming it (`--speed -1` would otherwise read as a
/// missing value followed by an unknown flag).
enum FlagValues {
    /// The first flag whose value is bad, or nil when every value is good.
    static func problem(in arguments: [String]) -> CommandLineProblem? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            let name: Substring
            let value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = argument[..<equals]
                value = String(argument[argument.index(after: equals)...])
                index += 1
            } else {
                name = Substring(argument)
                // The next argument is the value, unless it is another flag (`-c`, `--json`);
                // `-1` is a value, a bad one.
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                let isFlag = next.map {
                    $0.hasPrefix("-") && $0.dropFirst().first.map { $0 == "-" || $0.isLetter } == true
                }
                value = isFlag == true ? nil : next
                index += ["--speed", "--seed", "--reconnect-window"].contains(argument) ? 2 : 1
            }
            switch name {
            case "--speed":
                guard let value else { return .missingNumber(flag: "--speed") }
                if let problem = speedProblem(value) { return problem }
            case "--seed":
                guard let value else { return .missingNumber(flag: "--seed") }
                if UInt64(value) == nil { return .seedNotWhole(value) }
            case "--reconnect-window":
                // A missing value is argument-parser's to report; `-1` is a value, a bad one.
                if let value, SessionOptions.parsedReconnectWindow(value) == nil {
                    return .reconnectWindowOutOfRange(source: "--reconnect-window", given: value)
                }
            default:
                break
            }
        }
        return nil
    }

    /// The first flag among `flags` (the flags before the command words) whose value is not
    /// one of the closed set it names: `--durability`, `--lang` and `--events`, which both
    /// readings take as enums, worded here as kiosk words them rather than as argument-parser
    /// would (in English only); and a flag that takes no value given one (`--json=1`).
    static func choiceProblem(in flags: [String]) -> CommandLineProblem? {
        var index = 0
        while index < flags.count {
            let argument = flags[index]
            index += 1
            if argument == "--" { return nil }
            let flag: CommandLineFlag?
            let value: String
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = CommandLineFlag(spelling: String(argument[..<equals]))
                value = String(argument[argument.index(after: equals)...])
                // `--json=1`: argument-parser would say so in English only.
                if let flag, !flag.takesValue {
                    return .flagTakesNoValue(flag: String(argument[..<equals]), given: value)
                }
            } else {
                flag = CommandLineFlag(spelling: argument)
                // A missing value (or a flag in its place) is argument-parser's to report.
                guard flag?.takesValue == true, index < flags.count, !flags[index].hasPrefix("-") else { continue }
                value = flags[index]
                index += 1
            }
            switch flag {
            case .durability?:
                if Durability(argument: value) == nil { return .unknownDurability(value) }
            case .lang?:
                if Language(code: value) == nil { return .unknownLanguage(value) }
            case .events?:
                if EventsMode(rawValue: value) == nil { return .unknownEventsMode(value) }
            default:
                break
            }
        }
        return nil
    }

    /// argument-parser's first line of a usage error, as a problem kiosk can word in each
    /// language where it knows the sentence.
    static func parserProblem(_ given: String) -> CommandLineProblem {
        // Its "Did you mean '--in-memory'?" is English only: kiosk's own words suggest the flag.
        let line = given.firstRange(of: ". Did you mean '").map { String(given[..<$0.lowerBound]) + "." } ?? given
        func quoted(after prefix: String) -> String? {
            guard line.hasPrefix(prefix + "'"), line.hasSuffix("'") || line.hasSuffix("'.") else { return nil }
            let body = line.dropFirst(prefix.count + 1).dropLast(line.hasSuffix(".") ? 2 : 1)
            return String(body)
        }
        if let flag = quoted(after: "Unknown option ") { return .unknownOption(flag) }
        if let flag = quoted(after: "Missing value for ") { return .missingValue(flag: flag) }
        return .parser(line.hasSuffix(".") ? line : line + ".")
    }

    /// Why `text` is no speed, or nil when it is one.
    private static func speedProblem(_ text: String) -> CommandLineProblem? {
        if text == "max" { return nil }
        // Any other word (`fast`) is worded here too, in the session's language, naming max.
        if text.first?.isLetter == true, text != "nan", text != "inf", text != "infinity" {
            return .speedNotANumber(text)
        }
        guard let speed = Double(text), speed.isFinite, ScaledClock.speeds.contains(speed) else {
            return .speedOutOfRange(text)
        }
        return nil
    }
}
