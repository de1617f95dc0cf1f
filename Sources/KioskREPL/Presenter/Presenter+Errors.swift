import Bank
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage

extension Presenter {
    /// The sentence a person reads for `error`.
    /// - Parameter endsRun: whether kiosk stops after it (a script's storage failure, a
    ///   failure at start): no next command then connects again to a lost server.
    func describe(_ error: any Error, endsRun: Bool = false) -> String {
        switch error {
        case let error as JuiceError: catalog.describe(named(error))
        case let error as BankError: catalog.describe(error)
        case let error as PlanError: catalog.describe(error)
        case let error as StorageError: catalog.describe(error)
        case let error as PostgresError: endsRun ? catalog.describeEndingRun(error) : catalog.describe(error)
        case let error as ParseError: catalog.describe(withSpellings(error))
        case let error as InvocationError: catalog.describe(error)
        case let error as ConfigError: catalog.describe(error)
        case let error as HistoryError:
            catalog.cannotSaveHistory(path: Sanitized.text(error.path, limit: 256), reason: error.reason)
        case let error as ScriptFileError:
            catalog.cannotReadScript(path: Sanitized.text(error.path, limit: 256), failure: error.failure)
        case let error as InterruptedError:
            catalog.interrupted(
                cancelled: error.cancelled.map(cancellationText))
        case let error as UsageError: catalog.describe(error.problem)
        case let error as LeavingWithCustomers:
            catalog.quitWarning(waiting: error.waiting, inService: error.inService, toArrive: error.toArrive)
        case let error as OutputError: catalog.cannotWriteOutput(reason: error.reason)
        case let error as WatchError: catalog.describe(error)
        case let error as BankExportError: catalog.describe(error, path: Sanitized.text(error.path, limit: 256))
        case let error as SalesExportError: catalog.describe(error, path: Sanitized.text(error.path, limit: 256))
        case let error as RefusedFile: catalog.describe(error, path: Sanitized.text(error.path, limit: 256))
        case let error as SettingsError:
            catalog.cannotSaveSettings(path: Sanitized.text(error.path, limit: 256), reason: error.reason)
        default: catalog.unexpected(String(describing: error))
        }
    }

    /// An unknown juice's error listing each juice with its names and aliases too, so the
    /// person reading it sees every word `order` takes.
    /// A task's, with its name where the session's language gives one (`deposit (예금)`); a
    /// fruit's and a grade's by their names in a language other than English (`바나나`, `일반`);
    /// a preset's by its Korean name in Korean (`클래식`).
    private func withSpellings(_ error: ParseError) -> ParseError {
        guard case .unknownValue(let noun, let given, nil, let ids) = error else { return error }
        switch noun {
        case "juice":
            let described = ids.map { catalog.choiceWithSpellings($0, names.juiceSpellings($0)) }
            return .unknownValue(noun: "juice", given: given, suggestion: nil, choices: described)
        case "task":
            // In English a task reads as its id, so the list stays as it was.
            let described = ids.map { id in
                catalog.choiceWithSpellings(id, names.task(id) == id ? [] : [names.task(id)])
            }
            return .unknownValue(noun: "task", given: given, suggestion: nil, choices: described)
        case "fruit" where language != .english:
            // A fruit by the name this language gives it, which every command takes (`바나나`).
            return .unknownValue(noun: noun, given: given, suggestion: nil, choices: ids.map(names.fruitWord))
        case "grade" where language != .english:
            return .unknownValue(noun: noun, given: given, suggestion: nil, choices: ids.map(names.grade))
        case "preset" where language == .korean:
            // A preset by its Korean name where it has one (`클래식`), as `bank preset` lists it.
            return .unknownValue(
                noun: noun, given: given, suggestion: nil, choices: ids.map { BankPresets.koreanNames[$0] ?? $0 })
        default:
            return error
        }
    }

    /// `error` with the juice and fruits named in the session's language (a fruit keeps its
    /// id in English, as typed).
    private func named(_ error: JuiceError) -> JuiceError {
        switch error {
        case .outOfStock(let refusal):
            let shortages = refusal.shortages.map {
                Shortage(fruit: names.fruitWord($0.fruit), need: $0.need, have: $0.have)
            }
            if refusal.hasSeveralLines {
                return .outOfStock(
                    OrderRefusal(
                        lines: refusal.lines.map {
                            .init(juice: $0.juice, juiceName: names.juice($0.juice), count: $0.count)
                        },
                        shortages: shortages, fitsShelves: refusal.fitsShelves))
            }
            return .outOfStock(
                OrderRefusal(
                    juice: refusal.juice, juiceName: names.juice(refusal.juice), count: refusal.count,
                    shortages: shortages, mostEverAvailable: refusal.mostEverAvailable))
        case .aboveMaximum(let fruit, let kind, let amount, let have, let maximum):
            return .aboveMaximum(
                fruit: names.fruitWord(fruit), kind: kind, amount: amount, have: have, maximum: maximum)
        case .belowZero(let fruit, let amount, let have):
            return .belowZero(fruit: names.fruitWord(fruit), amount: amount, have: have)
        default:
            return error
        }
    }

    /// The stable code of `error`.
    static func code(of error: any Error) -> String {
        (error as? any KioskError)?.code ?? "internal_error"
    }

    /// The JSON Lines error object: `{"type":"error","code":...,<details>,"message":...}`,
    /// the details those the error carries (``DetailedError``).
    /// - Parameter endsRun: whether kiosk stops after it (see ``describe(_:endsRun:)``).
    func json(error: any Error, location: String?, endsRun: Bool = false) -> JSONLine {
        let code = Self.code(of: error)
        let details = (error as? any DetailedError)?.details ?? .none
        return JSONLine(
            JSONContract.Error(
                code: code, details: JSONContract.DetailFields(details), message: describe(error, endsRun: endsRun),
                location: location),
            orElse: .object([JSONField("type", "error"), JSONField("code", .string(code))]))
    }
}
