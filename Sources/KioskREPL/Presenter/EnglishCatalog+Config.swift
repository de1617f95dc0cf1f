import KioskCore

/// The configuration's errors and origin, in English.
extension EnglishCatalog {
    func configOrigin(_ origin: ConfigLoader.Origin) -> String {
        let source =
            switch origin.source {
            case .builtIn: "built-in default"
            case .file(let path): Sanitized.text(path, limit: 256)
            }
        return origin.preset.map { "\(source), bank preset \($0)" } ?? source
    }

    func describe(_ kind: ReadableFile.Kind) -> String {
        switch kind {
        case .terminal: "terminal"
        case .characterDevice: "character device"
        case .blockDevice: "block device"
        case .socket: "socket"
        case .other: "special file"
        }
    }

    func describe(_ problem: ConfigProblem) -> String {
        switch problem {
        case .noSuchFile(let namedBy): "no such file" + (namedBy.map { " (from \($0))" } ?? "")
        case .isDirectory: "is a directory, not a TOML file"
        case .notAFileOrPipe(let kind): "is a \(describe(kind)), not a TOML file or a pipe"
        case .unreadable(let reason): "cannot be read: \(reason)"
        case .notUTF8: "is not UTF-8 text"
        case .tooLarge(let limit, let actual):
            "holds \(actual.grouped) bytes; a config may hold at most \(limit.grouped) (1,000 fruits and 1,000 juices fit in a quarter of it)"
        case .noSuchPreset(let name, let choices):
            "no preset '\(Sanitized.text(name))'; choose one of: \(choices.joined(separator: ", "))"
        case .syntax(let column, let detail): "TOML syntax error at column \(column): \(detail)"
        case .notTOML(let detail): "not a TOML document: \(detail)"
        case .nulCharacter(let column):
            "a NUL character at column \(column), which TOML allows nowhere: remove it"
        case .unknownKey(let key, let suggestion, let allowed):
            "unknown key '\(Sanitized.text(key))'.\(didYouMean(suggestion)) Allowed: \(allowed.joined(separator: ", "))."
        case .missingKey(let key, let example):
            "missing key '\(key)'" + (example.map { " (such as \(key) = \($0))" } ?? "")
        case .missingTable(let name): "missing table [\(name)]"
        case .wrongType(let expected, let found): wrongType(expected: expected, found: found)
        case .notOneOf(let allowed): "must be " + allowed.map { "\"\($0)\"" }.joined(separator: " or ")
        case .noneConfigured(let section): noneConfigured(section)
        case .outOfRange(let bound, let actual): "must be \(describe(bound)), not \(actual)"
        case .tooMany(let section, let limit, let actual): "at most \(limit) \(plural(section)), not \(actual)"
        case .duplicateID(let section, let id): duplicate(section, id: Sanitized.text(id))
        case .invalidIdentifier(let id):
            "'\(Sanitized.text(id))' is not a valid id: use lowercase letters, digits, - and _, starting with a letter"
        case .blank(let isAlias): "\(isAlias ? "an alias" : "a name") must not be empty or blank"
        case .unorderableAlias(let alias):
            "the alias '\(Sanitized.text(alias))' could never be ordered: 'order' reads a word of digits as a count and a comma as the end of a juice"
        case .unknownLanguage(let language, let known):
            "unknown language '\(Sanitized.text(language))'; names can be given in \(known.joined(separator: " and "))"
        case .blankTranslation(let language): "the \(language) name must be a string that is not blank"
        case .noName(let example): "give at least one name, such as { en = \"\(Sanitized.text(example))\" }"
        case .nameTaken(let spelling, let juice):
            "'\(Sanitized.text(spelling))' already names juice '\(juice)' (names and aliases match in any case); choose another"
        case .initialAboveMaximum(let initial, let maximum): "initial stock \(initial) is above max \(maximum)"
        case .unknownFruit(let fruit, let suggestion):
            "unknown fruit '\(Sanitized.text(fruit))'.\(didYouMean(suggestion))"
        case .amountNotWhole(let fruit): "the amount of \(Sanitized.text(fruit)) must be a whole number"
        case .amountOutOfRange(let fruit, let bound, let actual):
            "the amount of \(Sanitized.text(fruit)) must be \(describe(bound)), not \(actual)"
        case .emptyRecipe: "a recipe needs at least one fruit"
        case .customersBelowMinimum(let minimum, let actual):
            "must be at least customers_min (\(minimum)), not \(actual)"
        case .customersAboveAdmission(let limit, let actual):
            "must be at most \(limit), the most one 'bank open' admits, not \(actual)"
        case .noClerk(let isOffice, let actual):
            "\(isOffice ? "an office" : "a desk") needs at least 1 clerk, not \(actual)"
        case .tooManyClerks(let isOffice, let limit, let actual):
            "at most \(limit) clerks per \(isOffice ? "office" : "desk"), not \(actual)"
        case .idNamesPlace(let id): "'\(Sanitized.text(id))' already names a desk or office; use another id"
        case .noShare(let section):
            "every \(section == .grade ? "grade" : "task") has share 0; "
                + "give at least one \(section == .grade ? "grade" : "task") a share above 0"
        case .unknownPlace(let place, let suggestion, let known):
            "unknown desk or office '\(Sanitized.text(place))'.\(didYouMean(suggestion)) Known: \(known.joined(separator: ", "))."
        case .clerkStaysOnFirstStage: "the first stage has no clerk yet to stay; remove clerk_stays"
        case .heldClerkCycle(let places):
            "clerks could wait for each other forever (a cycle of held clerks: \(places.joined(separator: " → "))); "
                + "a stage with clerk_stays must not wait at a place whose clerks are held, directly or in turn, "
                + "by customers waiting for the held clerk's own place"
        case .inStage(let number, let key, let problem):
            "stage \(number): " + (key.map { "\($0) " } ?? "") + describe(problem)
        }
    }

    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean '\($0)'?" } ?? ""
    }

    private func describe(_ bound: ConfigBound) -> String {
        switch bound {
        case .atLeast(let low): "at least \(low)"
        case .atMost(let high): "at most \(high)"
        case .between(let low, let high): "between \(low) and \(high)"
        }
    }

    private func wrongType(expected: ConfigValueShape, found: ConfigValueKind?) -> String {
        let wanted =
            switch expected {
            case .string: "must be a string"
            case .wholeNumber: "must be a whole number"
            case .boolean: "must be true or false"
            case .table(let example): "must be a table" + (example.map { " such as \($0)" } ?? "")
            case .strings: "must be an array of strings"
            case .stringElement: "must hold only strings"
            case .tables(let header, _): "must be written as [[\(header)]] tables"
            case .tableArray: "must be an array of tables"
            case .name: "must be a string or a table of names by language"
            }
        guard let found else { return wanted }
        let holding = if case .tables(_, inArray: true) = expected { "an array holding " } else { "" }
        return "\(wanted), not \(holding)\(describe(found))"
    }

    private func describe(_ kind: ConfigValueKind) -> String {
        switch kind {
        case .string: "a string"
        case .wholeNumber: "a whole number"
        case .decimal: "a decimal number"
        case .boolean: "true/false"
        case .array: "an array"
        case .table: "a table"
        case .dateTime: "a date or time"
        }
    }

    private func noneConfigured(_ section: ConfigSection) -> String {
        switch section {
        case .fruit: "no fruits are configured; add at least one [[fruit]] table"
        case .juice: "the menu is empty; add at least one [[juice]] table"
        case .desk, .deskOrOffice, .deskTask: "the bank has no desks; add at least one [[bank.desk]] table"
        case .task: "the bank serves no task; add at least one [[bank.task]] table"
        case .stage: "a task needs at least one stage"
        case .grade: "add at least one [[bank.grade]] table"
        }
    }

    private func plural(_ section: ConfigSection) -> String {
        switch section {
        case .fruit: "fruits"
        case .juice: "juices"
        case .desk: "desks"
        case .deskOrOffice: "desks and offices"
        case .deskTask, .task: "tasks"
        case .stage: "stages per task"
        case .grade: "grades"
        }
    }

    private func duplicate(_ section: ConfigSection, id: String) -> String {
        switch section {
        case .fruit: "duplicate fruit id '\(id)'; each fruit needs its own id"
        case .juice: "duplicate juice id '\(id)'; each juice needs its own id"
        case .desk, .deskOrOffice: "duplicate desk or office id '\(id)'; each needs its own id"
        case .deskTask: "duplicate desk task '\(id)'; each task has one desk"
        case .task: "duplicate task id '\(id)'; each task needs its own id"
        case .stage: "duplicate stage id '\(id)'; each stage needs its own id"
        case .grade: "duplicate grade id '\(id)'; each grade needs its own id"
        }
    }
}
