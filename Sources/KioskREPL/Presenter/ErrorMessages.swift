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
    func describe(_ error: ParseError) -> String
    func describe(_ error: InvocationError) -> String
    func cannotSaveHistory(path: String, reason: String) -> String
    func cannotReadScript(path: String, failure: ReadableFile.Failure) -> String
    func unexpected(_ error: String) -> String
    func cannotWriteOutput(reason: String) -> String
    func shelfLimitChanged(fruit: String, stored: Int, configured: Int) -> String
}
