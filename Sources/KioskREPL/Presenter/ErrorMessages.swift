import Bank
import JuiceMaker
import KioskCore
import KioskPostgres
import KioskStorage

/// How each module's errors read, with the bad value and the next step.
protocol ErrorMessages: Sendable {
    func describe(_ error: JuiceError) -> String
    func describe(_ error: BankError) -> String
    func describe(_ error: StorageError) -> String
    func describe(_ error: PostgresError) -> String
    /// `error` where kiosk stops after it (a script's storage failure, a failure at start):
    /// what ``describe(_:)-(PostgresError)`` says of the next command does not hold there.
    func describeEndingRun(_ error: PostgresError) -> String
    func describe(_ error: ParseError) -> String
    func describe(_ error: InvocationError) -> String
    func cannotSaveHistory(path: String, reason: String) -> String
    func cannotReadScript(path: String, failure: ReadableFile.Failure) -> String
    func unexpected(_ error: String) -> String
    func cannotWriteOutput(reason: String) -> String
    func shelfLimitChanged(fruit: String, stored: Int, configured: Int, loweredFrom: Int?) -> String
    func unreadableTimeZone(_ value: String) -> String
}

extension OrderRefusal {
    /// The fixes a refusal names, as one command each: `stock add` of what the order lacks
    /// (every short fruit in one all-or-nothing edit, `stock add strawberry 6 banana 1`),
    /// which leaves those shelves empty once the order is made, and `stock fill` of the same
    /// fruits.
    var addition: (add: String, fill: String) {
        // A name of several words (a fruit named in the session's language) typed as one.
        let fruits = shortages.map { $0.fruit.contains(" ") ? "\"\($0.fruit)\"" : $0.fruit }
        return (
            "stock add " + zip(fruits, shortages).map { "\($0) \($1.missing)" }.joined(separator: " "),
            "stock fill " + fruits.joined(separator: " ")
        )
    }
}
