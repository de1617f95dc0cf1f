import Bank
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage

extension Presenter {
    /// The sentence a person reads for `error`.
    func describe(_ error: any Error) -> String {
        switch error {
        case let error as JuiceError: catalog.describe(named(error))
        case let error as BankError: catalog.describe(error)
        case let error as PlanError: catalog.describe(error)
        case let error as StorageError: catalog.describe(error)
        case let error as PostgresError: catalog.describe(error)
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
        case let error as SettingsError:
            catalog.cannotSaveSettings(path: Sanitized.text(error.path, limit: 256), reason: error.reason)
        default: catalog.unexpected(String(describing: error))
        }
    }

    /// An unknown juice's error listing each juice with its names and aliases too, so the
    /// person reading it sees every word `order` takes.
    private func withSpellings(_ error: ParseError) -> ParseError {
        guard case .unknownValue("juice", let given, nil, let ids) = error else { return error }
        let described = ids.map { catalog.choiceWithSpellings($0, names.juiceSpellings($0)) }
        return .unknownValue(noun: "juice", given: given, suggestion: nil, choices: described)
    }

    /// `error` with the juice named in the session's language.
    private func named(_ error: JuiceError) -> JuiceError {
        guard case .outOfStock(let refusal) = error else { return error }
        return .outOfStock(
            OrderRefusal(
                juice: refusal.juice, juiceName: names.juice(refusal.juice), count: refusal.count,
                shortages: refusal.shortages, mostEverAvailable: refusal.mostEverAvailable))
    }

    /// The stable code of `error`.
    static func code(of error: any Error) -> String {
        (error as? any KioskError)?.code ?? "internal_error"
    }

    /// The JSON Lines error object: `{"type":"error","code":...,<details>,"message":...}`.
    func json(error: any Error, location: String?) -> JSONValue {
        let message = describe(error)
        let code = Self.code(of: error)
        func line(_ details: some Encodable) -> JSONValue {
            (try? JSONValueEncoder.encode(
                JSONContract.Error(code: code, details: details, message: message, location: location)))
                ?? .object([JSONField("type", "error"), JSONField("code", .string(code))])
        }
        switch error {
        case let error as JuiceError:
            switch error {
            case .outOfStock(let refusal):
                return line(
                    JSONContract.OutOfStockDetails(
                        juice: refusal.juice, shortages: refusal.shortages.map(JSONContract.ShortageBody.init)))
            case .aboveMaximum(let fruit, _, let amount, let have, let maximum):
                return line(JSONContract.AboveMaximumDetails(fruit: fruit, amount: amount, have: have, max: maximum))
            case .belowZero(let fruit, let amount, let have):
                return line(JSONContract.BelowZeroDetails(fruit: fruit, amount: amount, have: have))
            case .invalidCount(let count):
                return line(
                    JSONContract.CountRangeDetails(
                        count: count, min: Inventory.orderCounts.lowerBound, max: Inventory.orderCounts.upperBound))
            case .invalidAmount(let amount):
                return line(JSONContract.AmountDetails(amount: amount))
            case .unknownFruit(let fruit):
                return line(JSONContract.FruitDetails(fruit: fruit))
            case .unknownJuice(let juice):
                return line(JSONContract.JuiceDetails(juice: juice))
            case .menuMismatch, .invalidMenu, .invalidEdit:
                return line(JSONContract.Empty())
            case .invalidPeriod(let first, let last):
                return line(JSONContract.PeriodDetails(from: first.description, to: last.description))
            }
        case let error as BankError:
            switch error {
            case .alreadyOpen(let waiting, let inService):
                return line(JSONContract.WaitingDetails(waiting: waiting, in_service: inService))
            case .customerCountOutOfRange(let count):
                return line(
                    JSONContract.ArgumentRangeDetails(
                        argument: "customers", given: String(count), min: Bank.admissionRange.lowerBound,
                        max: Bank.admissionRange.upperBound))
            case .unknownTask(let given, let suggestion, _):
                return line(JSONContract.UnknownDetails(key: "task", given: given, suggestion: suggestion))
            case .noDesks:
                return line(JSONContract.Empty())
            case .unknownGrade(let given, _):
                return line(JSONContract.UnknownDetails(key: "grade", given: given, suggestion: nil))
            case .bankFull(let present, let adding, let capacity):
                return line(JSONContract.CapacityDetails(present: present, adding: adding, capacity: capacity))
            }
        case let error as StorageError:
            if case .tamperedStock(let path, let fruit, let column, let value, _) = error {
                return line(JSONContract.TamperedStockDetails(path: path, fruit: fruit, column: column, value: value))
            }
            return line(JSONContract.PathDetails(path: error.path))
        case let error as PostgresError:
            if case .clientLibraryUnavailable(let library, _) = error {
                return line(JSONContract.ClientLibraryDetails(database: error.server, library: library))
            }
            return line(JSONContract.DatabaseDetails(database: error.server))
        case let error as ParseError:
            switch error {
            case .unknownValue(let noun, let given, let suggestion, _):
                return line(JSONContract.UnknownDetails(key: noun, given: given, suggestion: suggestion))
            case .unknownCommand(let given, let suggestion):
                return line(JSONContract.UnknownDetails(key: "command", given: given, suggestion: suggestion))
            case .outOfRange(let name, let given, let range):
                return line(
                    JSONContract.ArgumentRangeDetails(
                        argument: name, given: given, min: range.lowerBound, max: range.upperBound))
            case .durationOutOfRange(let name, let given, let range):
                return line(
                    JSONContract.SpelledValueDetails(
                        argument: name, given: given, min: range.lowerBound.typedSpelling,
                        max: range.upperBound.typedSpelling))
            case .rateOutOfRange(let name, let given, let range):
                return line(
                    JSONContract.SpelledValueDetails(
                        argument: name, given: given, min: range.lowerBound.spelling, max: range.upperBound.spelling))
            case .notADuration(let name, let given, _), .notARate(let name, let given, _):
                return line(JSONContract.SpelledValueDetails(argument: name, given: given))
            default:
                return line(JSONContract.Empty())
            }
        case let error as BankExportError:
            return line(JSONContract.PathDetails(path: error.path))
        case let error as ConfigError:
            return line(JSONContract.ConfigDetails(file: error.file, line: error.line, key: error.key))
        default:
            return line(JSONContract.Empty())
        }
    }
}
